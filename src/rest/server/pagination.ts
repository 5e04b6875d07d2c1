/**
 * Collection pagination as WordPress's controllers print it (rest-semantics §5.2): `X-WP-Total`,
 * `X-WP-TotalPages` and a `Link` header with `rel="prev"` / `rel="next"` built from the collection
 * URL plus the request's original query string (order kept, `page` replaced in place or appended).
 */
import { DomainError } from '../../domain/errors';
import { buildQuery } from './query';
import type { HandlerRequest } from './types';

/** ceil(total / perPage), 0 for an empty collection. */
export function totalPages(total: number, perPage: number): number {
  return perPage > 0 ? Math.ceil(total / perPage) : 0;
}

/** The collection URL for another page: the original query with `page` replaced in place or appended last. */
export function pageUrl(request: HandlerRequest, page: number): string {
  const params: Record<string, unknown> = {};
  let replaced = false;
  for (const [name, value] of Object.entries(request.query)) {
    if (name === 'page') {
      params.page = page;
      replaced = true;
    } else {
      params[name] = value;
    }
  }
  if (!replaced) params.page = page;
  return request.urls.url(request.path, buildQuery(params) || undefined);
}

/**
 * The headers of one page of a collection. `page` is the page the window starts on (callers that
 * accept `offset` pass the page it falls in); `prev` is capped to the last page, as WordPress does.
 */
export function paginationHeaders(request: HandlerRequest, total: number, page: number, perPage: number): Record<string, string | number> {
  const maxPages = totalPages(total, perPage);
  const headers: Record<string, string | number> = { 'X-WP-Total': total, 'X-WP-TotalPages': maxPages };
  const links: string[] = [];
  if (page > 1) {
    const prev = Math.min(page - 1, maxPages);
    links.push(`<${pageUrl(request, prev)}>; rel="prev"`);
  }
  if (maxPages > page) links.push(`<${pageUrl(request, page + 1)}>; rel="next"`);
  if (links.length) headers.Link = links.join(', ');
  return headers;
}

/**
 * The `rest_*_invalid_page_number` check most collections make (posts, terms, comments…): a page
 * past the last one is an error, but only when the collection is not empty. The code is the
 * caller's (e.g. `rest_post_invalid_page_number`). Note that the users collection does not check.
 */
export function assertPageInRange(code: string, total: number, page: number, perPage: number): void {
  if (total > 0 && page > totalPages(total, perPage)) {
    throw new DomainError(code, 'The page number requested is larger than the number of pages available.', 400);
  }
}
