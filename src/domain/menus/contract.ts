/**
 * The contract of menus (the terms controller of nav_menu with `locations` and `auto_add`), both
 * faces' one source: the item schema, the collection and write arguments (locations checked
 * against the theme's), and the normalisation of checked arguments into the domain's query and input.
 */
import { sanitizeSlug } from '../content/slug';
import { sanitizeTextField } from '../text';
import { argsFromSchema, contextParam } from '../../schema/item-schema';
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import { isRegisteredLocation } from './locations';
import type { MenuInput, MenuListQuery } from './menus';

/** The terms controller's schema without count, link and taxonomy, plus locations and auto_add. */
export const MENU_SCHEMA: ItemSchema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'nav_menu',
  type: 'object',
  properties: {
    id: { description: 'Unique identifier for the term.', type: 'integer', context: ['view', 'embed', 'edit'], readonly: true },
    description: { description: 'HTML description of the term.', type: 'string', context: ['view', 'edit'] },
    name: { description: 'HTML title for the term.', type: 'string', context: ['view', 'embed', 'edit'], required: true },
    slug: { description: 'An alphanumeric identifier for the term unique to its type.', type: 'string', context: ['view', 'embed', 'edit'] },
    meta: { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: [] },
    locations: { description: 'The locations assigned to the menu.', type: 'array', items: { type: 'string' }, context: ['view', 'edit'] },
    auto_add: { description: 'Whether to automatically add top level pages to this menu.', context: ['view', 'edit'], type: 'boolean' },
  },
};

/** Every listed location must be one the theme declares (checked after the schema checks pass). */
function validateLocations(value: unknown): { code: string; message: string; data?: unknown } | null {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : [];
  const unknown = list.map(String).find((location) => !isRegisteredLocation(location));
  return unknown === undefined ? null : { code: 'rest_invalid_menu_location', message: 'Invalid menu location.', data: { location: unknown } };
}

/** The schema properties' arg_options. */
const WRITE_HOOKS: Record<string, Partial<ArgSchema>> = {
  name: { sanitize: (v) => sanitizeTextField(v) },
  slug: { sanitize: (v) => sanitizeSlug(String(v)) },
  locations: { validate: validateLocations },
};

/** get_collection_params() of the terms controller for a flat taxonomy, in its declaration order. */
export function collectionArgs(): Record<string, ArgSchema> {
  return {
    context: contextParam(MENU_SCHEMA),
    page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
    per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
    search: { description: 'Limit results to those matching a string.', type: 'string', sanitize: (v) => sanitizeTextField(v) },
    exclude: { description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
    include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
    offset: { description: 'Offset the result set by a specific number of items.', type: 'integer', validateOnSanitize: true },
    order: { description: 'Order sort attribute ascending or descending.', type: 'string', default: 'asc', enum: ['asc', 'desc'], validateOnSanitize: true },
    orderby: {
      description: 'Sort collection by term attribute.',
      type: 'string',
      default: 'name',
      enum: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
      validateOnSanitize: true,
    },
    hide_empty: { description: 'Whether to hide terms not assigned to any posts.', type: 'boolean', default: false, validateOnSanitize: true },
    post: { description: 'Limit result set to terms assigned to a specific post.', type: 'integer', default: null, validateOnSanitize: true },
    slug: { description: 'Limit result set to terms with one or more specific slugs.', type: 'array', items: { type: 'string' }, validateOnSanitize: true },
  };
}

/** The collection arguments as the domain's MenuListQuery. */
export function menuListQuery(request: ArgsView): MenuListQuery {
  const p = request.params;
  return {
    context: typeof p.context === 'string' && p.context ? p.context : 'view',
    page: p.page as number,
    perPage: p.per_page as number,
    search: typeof p.search === 'string' ? p.search : undefined,
    include: p.include as number[] | undefined,
    exclude: p.exclude as number[] | undefined,
    offset: p.offset as number | undefined,
    order: p.order === 'desc' ? 'desc' : 'asc',
    orderby: typeof p.orderby === 'string' ? p.orderby : undefined,
    hideEmpty: p.hide_empty === true,
    post: typeof p.post === 'number' ? p.post : null,
    slugs: p.slug as string[] | undefined,
  };
}

export function inputFrom(request: ArgsView): MenuInput {
  const p = request.params;
  const has = (name: string) => p[name] !== undefined && p[name] !== null;
  return {
    name: has('name') ? String(p.name) : undefined,
    description: has('description') ? String(p.description) : undefined,
    locations: has('locations') ? (p.locations as string[]) : undefined,
    autoAdd: has('auto_add') ? p.auto_add === true : undefined,
    // `parent` is no argument of a flat taxonomy, but WordPress refuses it when sent.
    parentSent: request.has('parent'),
  };
}

/** The create / update parameters of menus (names sanitised, locations checked). */
export function menuWriteArgs(mode: 'create' | 'update'): Record<string, ArgSchema> {
  return argsFromSchema(MENU_SCHEMA, mode, WRITE_HOOKS);
}
