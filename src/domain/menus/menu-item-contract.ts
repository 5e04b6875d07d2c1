/**
 * The contract of menu items (WP_REST_Menu_Items_Controller), both faces' one source: the item
 * schema, the collection and write arguments (classes, xfn and URLs sanitised as WordPress does),
 * and the normalisation of checked arguments into the domain's query and input.
 */
import { POST_STATUSES } from '../content/statuses';
import { sanitizeTextField } from '../text';
import { argsFromSchema, contextParam } from '../../schema/item-schema';
import { sanitizeUrl } from '../../schema/sanitize';
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import { MENU_ITEM_TYPES, sanitizeHtmlClass } from './menu-item-records';
import { sanitizeKey } from './menu-item-writes';
import type { MenuItemInput, MenuItemListQuery, MenuTermFilter } from './menu-items';

export const ALL_CONTEXTS = ['view', 'edit', 'embed'];

export const TITLE_PROPERTY: ArgSchema = {
  description: 'The title for the object.',
  type: ['string', 'object'],
  context: ALL_CONTEXTS,
  properties: {
    raw: { description: 'Title for the object, as it exists in the database.', type: 'string', context: ['edit'] },
    rendered: { description: 'HTML title for the object, transformed for display.', type: 'string', context: ALL_CONTEXTS, readonly: true },
  },
};

export const META_PROPERTY: ArgSchema = { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: [] };

/** get_item_schema() of the menu items controller, properties in WordPress's order. */
function menuItemSchema(): ItemSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'nav_menu_item',
    type: 'object',
    properties: {
      title: TITLE_PROPERTY,
      id: { description: 'Unique identifier for the object.', type: 'integer', default: 0, minimum: 0, context: ALL_CONTEXTS, readonly: true },
      type_label: { description: 'The singular label used to describe this type of menu item.', context: ALL_CONTEXTS, type: 'string', readonly: true },
      type: {
        description: 'The family of objects originally represented, such as "post_type" or "taxonomy".',
        type: 'string',
        enum: MENU_ITEM_TYPES,
        context: ALL_CONTEXTS,
        default: 'custom',
      },
      status: {
        description: 'A named status for the object.',
        type: 'string',
        enum: POST_STATUSES.filter((s) => !s.internal).map((s) => s.slug),
        default: 'publish',
        context: ALL_CONTEXTS,
      },
      parent: { description: 'The ID for the parent of the object.', type: 'integer', minimum: 0, default: 0, context: ALL_CONTEXTS },
      attr_title: { description: 'Text for the title attribute of the link element for this menu item.', type: 'string', context: ALL_CONTEXTS },
      classes: { description: 'Class names for the link element of this menu item.', type: 'array', items: { type: 'string' }, context: ALL_CONTEXTS },
      description: { description: 'The description of this menu item.', type: 'string', context: ALL_CONTEXTS },
      menu_order: {
        description: "The DB ID of the nav_menu_item that is this item's menu parent, if any, otherwise 0.",
        context: ALL_CONTEXTS,
        type: 'integer',
        minimum: 1,
        default: 1,
      },
      object: { description: 'The type of object originally represented, such as "category", "post", or "attachment".', context: ALL_CONTEXTS, type: 'string' },
      object_id: {
        description: 'The database ID of the original object this menu item represents, for example the ID for posts or the term_id for categories.',
        context: ALL_CONTEXTS,
        type: 'integer',
        minimum: 0,
        default: 0,
      },
      target: { description: 'The target attribute of the link element for this menu item.', type: 'string', context: ALL_CONTEXTS, enum: ['_blank', ''] },
      url: { description: 'The URL to which this menu item points.', type: 'string', format: 'uri', context: ALL_CONTEXTS },
      xfn: { description: 'The XFN relationship expressed in the link of this menu item.', type: 'array', items: { type: 'string' }, context: ALL_CONTEXTS },
      invalid: { description: 'Whether the menu item represents an object that no longer exists.', context: ALL_CONTEXTS, type: 'boolean', readonly: true },
      menus: { description: 'The terms assigned to the object in the nav_menu taxonomy.', type: 'integer', context: ['view', 'edit'] },
      meta: META_PROPERTY,
    },
    // WordPress also prints `links` (the wp:action-* and wp:menu-item-object descriptions) whose
    // hrefs come from rest_url(); RouteDef.schema() receives no RestUrls, so they are left out.
  };
}

export const MENU_ITEM_SCHEMA = menuItemSchema();

const classList = (value: unknown) => (Array.isArray(value) ? value.map((v) => sanitizeHtmlClass(String(v))) : value);

/** The schema properties' arg_options. */
const WRITE_HOOKS: Record<string, Partial<ArgSchema>> = {
  attr_title: { sanitize: (v) => sanitizeTextField(v) },
  description: { sanitize: (v) => sanitizeTextField(v) },
  classes: { sanitize: classList },
  xfn: { sanitize: classList },
  object: { sanitize: (v) => sanitizeKey(String(v)) },
  url: {
    // Any URL esc_url_raw() keeps (or an empty one) is fine.
    validate: (v) => (v === '' || sanitizeUrl(v) !== '' ? null : { code: 'rest_invalid_url', message: 'Invalid URL.' }),
  },
};

const intList = (description: string): ArgSchema => ({ description, type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true });
const dateArg = (description: string): ArgSchema => ({ description, type: 'string', format: 'date-time', validateOnSanitize: true });

const FILTER_STATUSES = [...POST_STATUSES.map((s) => s.slug), 'any'];

/** The `menus` / `menus_exclude` filters of prepare_taxonomy_limit_schema() (nav_menu is flat). */
function menuLimitArg(include: boolean): ArgSchema {
  const properties: Record<string, ArgSchema> = { terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] } };
  if (include) properties.operator = { description: 'Whether items must be assigned all or any of the specified terms.', type: 'string', enum: ['AND', 'OR'], default: 'OR' };
  return {
    description: include
      ? 'Limit result set to items with specific terms assigned in the menus taxonomy.'
      : 'Limit result set to items except those with specific terms assigned in the menus taxonomy.',
    type: ['object', 'array'],
    oneOf: [
      { title: 'Term ID List', description: 'Match terms with the listed IDs.', type: 'array', items: { type: 'integer' } },
      { title: 'Term ID Taxonomy Query', description: 'Perform an advanced term query.', type: 'object', properties, additionalProperties: false },
    ],
    validateOnSanitize: true,
  };
}

/** get_collection_params() of the menu items controller, in WordPress's declaration order. */
export function collectionArgs(): Record<string, ArgSchema> {
  return {
    context: contextParam(MENU_ITEM_SCHEMA),
    page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
    per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 100, minimum: 1, maximum: 100 },
    search: { description: 'Limit results to those matching a string.', type: 'string', sanitize: (v) => sanitizeTextField(v) },
    after: dateArg('Limit response to posts published after a given ISO8601 compliant date.'),
    modified_after: dateArg('Limit response to posts modified after a given ISO8601 compliant date.'),
    before: dateArg('Limit response to posts published before a given ISO8601 compliant date.'),
    modified_before: dateArg('Limit response to posts modified before a given ISO8601 compliant date.'),
    exclude: intList('Ensure result set excludes specific IDs.'),
    include: intList('Limit result set to specific IDs.'),
    search_semantics: { description: 'How to interpret the search input.', type: 'string', enum: ['exact'], validateOnSanitize: true },
    offset: { description: 'Offset the result set by a specific number of items.', type: 'integer', validateOnSanitize: true },
    order: { description: 'Order sort attribute ascending or descending.', type: 'string', default: 'asc', enum: ['asc', 'desc'], validateOnSanitize: true },
    orderby: {
      description: 'Sort collection by object attribute.',
      type: 'string',
      default: 'menu_order',
      enum: ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title', 'menu_order'],
      validateOnSanitize: true,
    },
    search_columns: {
      default: [],
      description: 'Array of column names to be searched.',
      type: 'array',
      items: { enum: ['post_title', 'post_content', 'post_excerpt'], type: 'string' },
      validateOnSanitize: true,
    },
    slug: { description: 'Limit result set to posts with one or more specific slugs.', type: 'array', items: { type: 'string' }, validateOnSanitize: true },
    status: {
      default: 'publish',
      description: 'Limit result set to posts assigned one or more statuses.',
      type: 'array',
      items: { enum: FILTER_STATUSES, type: 'string' },
      validateOnSanitize: true,
    },
    tax_relation: { description: 'Limit result set based on relationship between multiple taxonomies.', type: 'string', enum: ['AND', 'OR'], validateOnSanitize: true },
    menus: menuLimitArg(true),
    menus_exclude: menuLimitArg(false),
    menu_order: { description: 'Limit result set to posts with a specific menu_order value.', type: 'integer', validateOnSanitize: true },
  };
}

const UPDATE_ARGS = argsFromSchema(MENU_ITEM_SCHEMA, 'update', WRITE_HOOKS);

/** The create / update parameters of menu items (classes, xfn, urls sanitised as WordPress does). */
export function menuItemWriteArgs(mode: 'create' | 'update'): Record<string, ArgSchema> {
  return mode === 'update' ? UPDATE_ARGS : argsFromSchema(MENU_ITEM_SCHEMA, 'create', WRITE_HOOKS);
}

function has(request: ArgsView, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(request.params, name) && request.params[name] !== undefined && request.params[name] !== null;
}

/** The writable fields the request carries (sanitised), with WordPress's names mapped to the domain's. */
export function menuItemInputFrom(request: ArgsView): MenuItemInput {
  const p = request.params;
  const text = (name: string) => (has(request, name) ? String(p[name]) : undefined);
  const int = (name: string) => (has(request, name) ? (p[name] as number) : undefined);
  const list = (name: string) => (has(request, name) ? (p[name] as string[]) : undefined);
  return {
    title: has(request, 'title') ? (p.title as string | { raw?: unknown }) : undefined,
    type: text('type'),
    status: text('status'),
    parent: int('parent'),
    attrTitle: text('attr_title'),
    classes: list('classes'),
    description: text('description'),
    menuOrder: int('menu_order'),
    object: text('object'),
    objectId: int('object_id'),
    target: text('target'),
    url: text('url'),
    xfn: list('xfn'),
    menus: int('menus'),
  };
}

/** A `menus` filter value (a list of ids, or {terms, operator}) as the domain takes it. */
function termFilter(value: unknown): MenuTermFilter | undefined {
  if (Array.isArray(value)) return { terms: value as number[] };
  if (value && typeof value === 'object') {
    const v = value as { terms?: number[]; operator?: string };
    return { terms: v.terms ?? [], operator: v.operator === 'AND' ? 'AND' : 'OR' };
  }
  return undefined;
}

/** The collection arguments as the domain's MenuItemListQuery. */
export function menuItemListQuery(request: ArgsView): MenuItemListQuery {
  const p = request.params;
  const str = (name: string) => (typeof p[name] === 'string' ? (p[name] as string) : undefined);
  return {
    context: typeof p.context === 'string' && p.context ? p.context : 'view',
    page: p.page as number,
    perPage: p.per_page as number,
    offset: p.offset as number | undefined,
    search: str('search'),
    searchColumns: p.search_columns as string[] | undefined,
    exactSearch: p.search_semantics === 'exact',
    after: str('after'),
    before: str('before'),
    modifiedAfter: str('modified_after'),
    modifiedBefore: str('modified_before'),
    include: p.include as number[] | undefined,
    exclude: p.exclude as number[] | undefined,
    order: p.order === 'desc' ? 'desc' : 'asc',
    orderby: str('orderby'),
    slugs: p.slug as string[] | undefined,
    statuses: p.status as string[] | undefined,
    menus: termFilter(p.menus),
    menusExclude: termFilter(p.menus_exclude),
    taxRelation: p.tax_relation === 'OR' ? 'OR' : p.tax_relation === 'AND' ? 'AND' : undefined,
    menuOrder: p.menu_order as number | undefined,
  };
}
