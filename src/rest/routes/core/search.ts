/**
 * `/core/v2/search` (WP_REST_Search_Controller): the route over the search contract
 * (src/domain/search/contract.ts) and the mapping of search hits to WordPress's JSON, per handler.
 * Every rule lives in src/domain/search/.
 */
import { POST_TYPES, type PostTypeSlug } from '../../../domain/content/post-types';
import { TAXONOMIES } from '../../../domain/content/taxonomies';
import { SEARCH_ARGS, SEARCH_SCHEMA, siteSearchQuery } from '../../../domain/search/contract';
import { searchSite, type SearchHit } from '../../../domain/search/search';
import { link, type Links } from '../../server/links';
import { pageUrl, totalPages } from '../../server/pagination';
import { respond, type HandlerRequest, type RouteDef } from '../../server/types';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/search`;
/** prepare_item() and prepare_item_links() of the handler that found the hit. */
function hitData(request: HandlerRequest, hit: SearchHit): Record<string, unknown> {
  const url = (route: string) => request.urls.url(route);
  const collection = [link(url(BASE))];
  switch (hit.kind) {
    case 'post': {
      const restBase = POST_TYPES[hit.subtype as PostTypeSlug]?.restBase ?? hit.subtype;
      const links: Links = {
        self: [link(url(`/${NAMESPACE}/${restBase}/${hit.id}`), { embeddable: true })],
        about: [link(url(`/${NAMESPACE}/types/${hit.subtype}`))],
        collection,
      };
      return { id: hit.id, title: hit.title, url: hit.url, type: 'post', subtype: hit.subtype, _links: links };
    }
    case 'term': {
      const restBase = TAXONOMIES[hit.taxonomy]?.restBase ?? hit.taxonomy;
      const links: Links = {
        self: [link(url(`/${NAMESPACE}/${restBase}/${hit.id}`), { embeddable: true })],
        about: [link(url(`/${NAMESPACE}/taxonomies/${hit.taxonomy}`))],
        collection,
      };
      // The term handler reports the taxonomy as the type, and no subtype.
      return { id: hit.id, title: hit.title, url: hit.url, type: hit.taxonomy, _links: links };
    }
    case 'post-format':
      return { id: hit.id, title: hit.title, url: hit.url, type: 'post-format', _links: { collection } };
  }
}

/** X-WP-Total, X-WP-TotalPages and prev/next links (the search controller does not cap prev). */
function headers(request: HandlerRequest, total: number, page: number, perPage: number): Record<string, string | number> {
  const maxPages = totalPages(total, perPage);
  const out: Record<string, string | number> = { 'X-WP-Total': total, 'X-WP-TotalPages': maxPages };
  const links: string[] = [];
  if (page > 1) links.push(`<${pageUrl(request, page - 1)}>; rel="prev"`);
  if (page < maxPages) links.push(`<${pageUrl(request, page + 1)}>; rel="next"`);
  if (links.length) out.Link = links.join(', ');
  return out;
}

export function searchRoutes(): RouteDef[] {
  return [
    {
      namespace: NAMESPACE,
      path: BASE,
      schema: () => SEARCH_SCHEMA,
      endpoints: [
        {
          methods: ['GET'],
          args: SEARCH_ARGS,
          handler: async (request) => {
            const result = await searchSite(request.domain, siteSearchQuery(request));
            const data = result.hits.map((hit) => hitData(request, hit));
            return respond(data, 200, headers(request, result.total, result.page, result.perPage));
          },
        },
      ],
    },
  ];
}
