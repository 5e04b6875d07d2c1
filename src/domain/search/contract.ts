/**
 * The contract of the site search (WP_REST_Search_Controller): its item schema, its arguments
 * with their defaults and enums, and the normalisation of checked arguments into searchSite's query.
 */
import { contextParam } from '../../schema/item-schema';
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import { sanitizeTextField } from '../text';
import { ALL_SUBTYPES, ANY_SUBTYPE, SEARCH_TYPES, type SearchQuery } from './search';

const CONTEXTS = ['view', 'embed'];

export const SEARCH_SCHEMA: ItemSchema = {
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

export const SEARCH_ARGS: Record<string, ArgSchema> = {
  context: contextParam(SEARCH_SCHEMA, 'view'),
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

/** The checked arguments as searchSite's query. */
export function siteSearchQuery(request: ArgsView): SearchQuery {
  const p = request.params;
  return {
    type: String(p.type),
    subtypes: (p.subtype as string[] | undefined) ?? [ANY_SUBTYPE],
    search: typeof p.search === 'string' ? p.search : undefined,
    page: p.page as number,
    perPage: p.per_page as number,
    include: p.include as number[] | undefined,
    exclude: p.exclude as number[] | undefined,
  };
}
