/**
 * The address path a record's permalink has, computed with the domain's link functions over the
 * rows as they stand inside a write transaction — the path the site resolved before the write and
 * the one it resolves after.
 */
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { calendarPermalink } from '../events/records';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE } from '../events/types';
import { ancestorSlugsIn } from '../posts/ancestors';
import { permalink } from '../posts/render';
import { siteOptionsOf } from '../settings/options';

const CALENDAR_TYPES = new Set([EVENT_TYPE, VENUE_TYPE, ORGANIZER_TYPE]);
const POST_TYPES = new Set(['post', 'page']);

type LinkRow = Pick<Content, 'id' | 'type' | 'status' | 'slug' | 'authorId' | 'parentId'>;

/** Whether the site has pretty addresses at all (the plugin monitors only with a permalink structure). */
export function hasPrettyLinks(ctx: DomainContext): boolean {
  return ctx.config.permalinks === 'pretty';
}

/** The path of `row`'s permalink (`/parent/child/`, `/event/x/`), or null for a type without one of its own. */
export async function permalinkPathIn(tx: Prisma.TransactionClient, ctx: DomainContext, row: LinkRow): Promise<string | null> {
  let link: string;
  if (CALENDAR_TYPES.has(row.type)) link = calendarPermalink(ctx.config, row);
  else if (POST_TYPES.has(row.type)) {
    const ancestors = row.type === 'page' ? await ancestorSlugsIn(tx, row) : [];
    // The front page option decides a page's link; the request has read the options already.
    const options = await siteOptionsOf(ctx);
    link = permalink({ url: ctx.config.siteUrl, pretty: hasPrettyLinks(ctx), options }, row, ancestors, ctx.viewer);
  } else return null;
  return new URL(link).pathname;
}

/** The path of the site's home (`/`, or `/blog/` for a site in a folder): never a redirect's source. */
export function sitePath(ctx: DomainContext): string {
  return new URL(ctx.config.siteUrl).pathname.replace(/\/*$/, '/');
}
