/**
 * What every calendar record carries beyond its rows: the permalink (/event/<slug>/,
 * /venue/<slug>/, /organizer/<slug>/ as The Events Calendar rewrites them), the global id and its
 * lineage (Tribe__Utils__Global_ID), and the texts as the_title / the_content / the_excerpt print
 * them. Pure functions of a row and the configuration.
 */
import type { Config } from '../../config';
import type { Content } from '../../generated/prisma-sqlite/client';
import { renderContent, renderExcerpt, renderTitle } from '../content/format';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE, type CalendarPost, type EventImage } from './types';

/** The rewrite slug of each calendar type. */
const REWRITE_BASE: Record<string, string> = { [EVENT_TYPE]: 'event', [VENUE_TYPE]: 'venue', [ORGANIZER_TYPE]: 'organizer' };

type LinkRow = Pick<Content, 'id' | 'type' | 'status' | 'slug'>;

/** get_permalink(): pretty for published records, `?post_type=<type>&p=<id>` for the rest. */
export function calendarPermalink(config: Pick<Config, 'siteUrl' | 'permalinks'>, row: LinkRow): string {
  if (row.status !== 'publish' || row.slug === '') return `${config.siteUrl}/?post_type=${row.type}&p=${row.id}`;
  if (config.permalinks !== 'pretty') return `${config.siteUrl}/?${row.type}=${row.slug}`;
  return `${config.siteUrl}/${REWRITE_BASE[row.type] ?? row.type}/${row.slug}/`;
}

/** The global ids' prefix of each site URL (parsed once, not once per record). */
const globalIdPrefixes = new Map<string, string>();

/** Tribe__Utils__Global_ID: the site's host and path, then `?id=<id>`. */
export function globalIdOf(config: Pick<Config, 'siteUrl'>, id: number): string {
  let prefix = globalIdPrefixes.get(config.siteUrl);
  if (prefix === undefined) {
    const url = new URL(config.siteUrl);
    prefix = `${url.hostname}${url.pathname.replace(/\/+$/, '')}?id=`;
    if (globalIdPrefixes.size > 16) globalIdPrefixes.clear();
    globalIdPrefixes.set(config.siteUrl, prefix);
  }
  return prefix + id;
}

export function buildRecord<D>(config: Config, row: Content, detail: D, lineage: readonly string[], image: EventImage | null): CalendarPost & { detail: D } {
  const globalId = globalIdOf(config, row.id);
  return { row, detail, link: calendarPermalink(config, row), globalId, lineage: [globalId, ...lineage], image };
}

/** the_title, trimmed. */
export function titleText(row: Pick<Content, 'title'>): string {
  return renderTitle(row.title).trim();
}

/** the_content, trimmed. */
export function descriptionText(row: Pick<Content, 'content'>): string {
  return renderContent(row.content).trim();
}

/** the_excerpt of the stored excerpt (TEC never generates one from the content), trimmed. */
export function excerptText(row: Pick<Content, 'excerpt'>): string {
  return row.excerpt === '' ? '' : renderExcerpt(row.excerpt, '').trim();
}
