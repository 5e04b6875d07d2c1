/**
 * The archive envelope every `events/v1` collection shares (Archive_Base): `rest_url` echoing the
 * variables in effect (values as written, arrays as CSV), `next_rest_url` / `previous_rest_url`
 * only when such a page exists, `total`, `total_pages`, and the X-TEC-Total headers.
 */
import { respond, type RestResponse } from '../../server/types';
import type { RestUrls } from '../../server/urls';

/** add_query_arg(): appended as written (WordPress does not encode these values). */
function withQuery(urls: RestUrls, route: string, pairs: ReadonlyArray<[string, string]>): string {
  return urls.url(route, pairs.map(([k, v]) => `${k}=${v}`).join('&') || undefined);
}

export interface ArchivePage {
  total: number;
  page: number;
  perPage: number;
  /** Whether the pages before and after this one hold records. */
  hasNext: boolean;
  hasPrevious: boolean;
}

/** ceil(total / per_page), 0 for nothing. */
export function totalPages(total: number, perPage: number): number {
  return total > 0 && perPage > 0 ? Math.ceil(total / perPage) : 0;
}

/** The envelope's URLs: rest_url, and next/previous with `page` moved to the end (dropped for page 1). */
export function archiveUrls(urls: RestUrls, route: string, effective: ReadonlyArray<[string, string]>, page: ArchivePage): Record<string, string> {
  const out: Record<string, string> = { rest_url: withQuery(urls, route, effective) };
  const others = effective.filter(([k]) => k !== 'page');
  if (page.hasNext) out.next_rest_url = withQuery(urls, route, [...others, ['page', String(page.page + 1)]]);
  if (page.hasPrevious) out.previous_rest_url = withQuery(urls, route, page.page === 2 ? others : [...others, ['page', String(page.page - 1)]]);
  return out;
}

/** `{ <key>: records, rest_url, next_rest_url?, previous_rest_url?, total, total_pages }` with its headers. */
export function archiveResponse(key: string, records: unknown[], links: Record<string, string>, page: ArchivePage): RestResponse {
  const pages = totalPages(page.total, page.perPage);
  const data = { [key]: records, ...links, total: page.total, total_pages: pages };
  return respond(data, 200, { 'X-TEC-Total': page.total, 'X-TEC-TotalPages': pages });
}

/** Whether pages around `page` hold records, for a total (what re-running the query would tell). */
export function neighbours(total: number, page: number, perPage: number): { hasNext: boolean; hasPrevious: boolean } {
  return { hasNext: total > page * perPage, hasPrevious: page > 1 && total > (page - 2) * perPage };
}
