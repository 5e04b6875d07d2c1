/**
 * Revisions and autosaves as WordPress's JSON (WP_REST_Revisions_Controller and
 * WP_REST_Autosaves_Controller::prepare_item_for_response). Unlike posts, a floating date is
 * not shimmed: it prints as null.
 */
import { formatGmt, formatSiteTime } from '../../../domain/content/dates';
import { renderContent } from '../../../domain/content/format';
import type { Content } from '../../../generated/prisma-sqlite/client';
import { FOOTNOTES_KEY, metaByContent } from '../../../domain/posts/loaders';
import { siteOf } from '../../../domain/posts/records';
import { renderedRevisionExcerpt, renderedTitle } from '../../../domain/posts/render';
import { link, type Links } from '../../server/links';
import type { HandlerRequest, ItemSchema } from '../../server/types';
import { filterByContext } from './post-records';

export interface RevisionJsonOptions {
  context: string;
  /** The collection route of the parent's type, e.g. /core/v2/posts. */
  parentBase: string;
  /** Autosaves add preview_link (edit context). */
  previewLink?: string;
  withLinks?: boolean;
}

export async function revisionJson(request: HandlerRequest, row: Content, schema: ItemSchema, options: RevisionJsonOptions): Promise<Record<string, unknown>> {
  const site = await siteOf(request.domain);
  const meta = await metaByContent(request.domain).load(row.id);
  const floating = row.dateFloating;
  const data: Record<string, unknown> = {
    author: row.authorId,
    date: floating ? null : formatSiteTime(row.date, site.options),
    date_gmt: floating ? null : formatGmt(row.date),
    id: row.id,
    modified: formatSiteTime(row.modified, site.options),
    modified_gmt: formatGmt(row.modified),
    parent: row.parentId,
    slug: row.slug,
    guid: { rendered: row.guid, raw: row.guid },
    title: { raw: row.title, rendered: renderedTitle(row) },
    content: { raw: row.content, rendered: renderContent(row.content) },
    excerpt: { raw: row.excerpt, rendered: renderedRevisionExcerpt(row) },
    meta: { footnotes: meta.get(FOOTNOTES_KEY) ?? '' },
  };
  if (options.previewLink !== undefined && schema.properties.preview_link) data.preview_link = options.previewLink;
  const out = filterByContext(data, schema.properties, options.context);
  if (options.withLinks !== false && row.parentId) {
    const links: Links = { parent: [link(request.urls.url(`${options.parentBase}/${row.parentId}`))] };
    out._links = links;
  }
  return out;
}
