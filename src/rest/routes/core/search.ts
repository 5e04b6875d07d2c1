/**
 * `/core/v2/search` (WP_REST_Search_Controller): argument and schema declarations and the mapping
 * of search hits to WordPress's JSON, per handler. Every rule lives in src/domain/search/search.ts.
 */
import { POST_TYPES, type PostTypeSlug } from '../../../domain/content/post-types';
import { TAXONOMIES } from '../../../domain/content/taxonomies';
import { ALL_SUBTYPES, ANY_SUBTYPE, SEARCH_TYPES, searchSite, type SearchHit } from '../../../domain/search/search';
import { sanitizeTextField } from '../../../domain/text';
import { link, type Links } from '../../server/links';
import { pageUrl, totalPages } from '../../server/pagination';
import type { ArgSchema } from '../../../schema/types';
import { respond, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import { contextParam } from '../../../schema/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/search`;
const CONTEXTS = ['view', 'embed'];

const SCHEMA: ItemSchema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'search-result',
  type: 'object',
  properties: {
    id: { description: 'Unique identifier for the object.', type: ['integer', 'string'], context: CONTEXTS, readonly: true },
    title: { description: 'The title for the object.', type: 'string', context: CONTEXTS, readonly: true },
    url: { description: 'URL to the object.', type: 'string', format: 'uri', context: CONTEXTS, readonly: true },
    type: { description: 'Object type.', type: 'string', enum: [...SEARCH_TYPES], context: CONTEXTS, readonly: true },
    subtype: { description: 'Object subtype.', type: 'string', enum: [...ALL_SUBTYPES], context: CONTEXTS, readonly: true },
  },
};

const ARGS: Record<string, ArgSchema> = {
  context: contextParam(SCHEMA, 'view'),
  page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
  per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
  search: { description: 'Limit results to those matching a string.', type: 'string', sanitize: (v) => sanitizeTextField(v) },
  type: { default: SEARCH_TYPES[0], description: 'Limit results to items of an object type.', type: 'string', enum: [...SEARCH_TYPES], validateOnSanitize: true },
  subtype: {
    default: ANY_SUBTYPE,
    description: 'Limit results to items of one or more object subtypes.',
    type: 'array',
    items: { enum: [...ALL_SUBTYPES, ANY_SUBTYPE], type: 'string' },
    validateOnSanitize: true,
  },
  exclude: { description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
  include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
};

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
      schema: () => SCHEMA,
      endpoints: [
        {
          methods: ['GET'],
          args: ARGS,
          handler: async (request) => {
            const p = request.params;
            const result = await searchSite(request.domain, {
              type: String(p.type),
              subtypes: (p.subtype as string[] | undefined) ?? [ANY_SUBTYPE],
              search: typeof p.search === 'string' ? p.search : undefined,
              page: p.page as number,
              perPage: p.per_page as number,
              include: p.include as number[] | undefined,
              exclude: p.exclude as number[] | undefined,
            });
            const data = result.hits.map((hit) => hitData(request, hit));
            return respond(data, 200, headers(request, result.total, result.page, result.perPage));
          },
        },
      ],
    },
  ];
}
