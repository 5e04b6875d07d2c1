/**
 * `/core/v2/menu-items`, `/core/v2/menu-items/{id}` and the menu items' autosaves routes
 * (WP_REST_Menu_Items_Controller, WP_REST_Autosaves_Controller for nav_menu_item): argument and
 * schema declarations and the mapping of menu item records to WordPress's JSON. Every rule lives
 * in src/domain/menus/.
 */
import { formatGmt, formatSiteTime } from '../../../domain/content/dates';
import { renderTitle } from '../../../domain/content/format';
import { postType } from '../../../domain/content/post-types';
import { POST_STATUSES } from '../../../domain/content/statuses';
import { taxonomy as taxonomyDef } from '../../../domain/content/taxonomies';
import {
  canCreateMenuItemAutosave,
  canListMenuItemAutosaves,
  canReadMenuItemAutosave,
  createMenuItemAutosave,
  getMenuItemAutosave,
  listMenuItemAutosaves,
  type AutosaveRecord,
} from '../../../domain/menus/menu-item-autosaves';
import { MENU_ITEM_TYPES, sanitizeHtmlClass, type LinkedObjectRef } from '../../../domain/menus/menu-item-records';
import { sanitizeKey } from '../../../domain/menus/menu-item-writes';
import {
  canCreateMenuItems,
  canDeleteMenuItem,
  canEditMenuItem,
  canListMenuItems,
  canViewMenuItem,
  createMenuItem,
  deleteMenuItem,
  getMenuItem,
  listMenuItems,
  updateMenuItem,
  type MenuItemInput,
  type MenuItemRecord,
  type MenuTermFilter,
} from '../../../domain/menus/menu-items';
import { readOptions, type SiteOptions } from '../../../domain/settings/options';
import { sanitizeTextField } from '../../../domain/text';
import { link, type Links } from '../../server/links';
import { paginationHeaders } from '../../server/pagination';
import { sanitizeUrl } from '../../../schema/sanitize';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, respond, type ArgsView, type EndpointDef, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import { argsFromSchema, contextParam } from '../../../schema/item-schema';
import { asId } from '../../../schema/params';
import { filterByContext } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/menu-items`;

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

const ALL_CONTEXTS = ['view', 'edit', 'embed'];

const TITLE_PROPERTY: ArgSchema = {
  description: 'The title for the object.',
  type: ['string', 'object'],
  context: ALL_CONTEXTS,
  properties: {
    raw: { description: 'Title for the object, as it exists in the database.', type: 'string', context: ['edit'] },
    rendered: { description: 'HTML title for the object, transformed for display.', type: 'string', context: ALL_CONTEXTS, readonly: true },
  },
};

const META_PROPERTY: ArgSchema = { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: [] };

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

const SCHEMA = menuItemSchema();

/** The REST route of what an item links to (rest_get_route_for_post / rest_get_route_for_term). */
function linkedObjectRoute(linked: LinkedObjectRef): { route: string; type: string } | null {
  if (linked.kind === 'post') {
    const def = postType(linked.type);
    return def?.showInRest ? { route: `/${def.restNamespace}/${def.restBase}/${linked.id}`, type: linked.type } : null;
  }
  const def = taxonomyDef(linked.taxonomy);
  return def?.showInRest ? { route: `/${def.restNamespace}/${def.restBase}/${linked.id}`, type: linked.taxonomy } : null;
}

// ---------------------------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------------------------

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
function collectionArgs(): Record<string, ArgSchema> {
  return {
    context: contextParam(SCHEMA),
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

const ID_ARG: ArgSchema = { description: 'Unique identifier for the post.', type: 'integer', validateOnSanitize: true };

const DELETE_ARGS: Record<string, ArgSchema> = {
  force: { type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.', validateOnSanitize: true },
};

const UPDATE_ARGS = argsFromSchema(SCHEMA, 'update', WRITE_HOOKS);

/** The create / update parameters of menu items (classes, xfn, urls sanitised as WordPress does). */
export function menuItemWriteArgs(mode: 'create' | 'update'): Record<string, ArgSchema> {
  return mode === 'update' ? UPDATE_ARGS : argsFromSchema(SCHEMA, 'create', WRITE_HOOKS);
}

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

const ACTION = 'https://api.w.org/action-';

/** prepare_links() plus the edit-context action links of get_available_actions(). */
function itemLinks(request: HandlerRequest, item: MenuItemRecord, context: string): Links {
  const urls = request.urls;
  const self = urls.url(`${BASE}/${item.id}`);
  const links: Links = {
    self: [link(self)],
    collection: [link(urls.url(BASE))],
    about: [link(urls.url(`/${NAMESPACE}/types/nav_menu_item`))],
    'https://api.w.org/term': [link(urls.url(`/${NAMESPACE}/menus`, `post=${item.id}`), { taxonomy: 'nav_menu', embeddable: true })],
  };
  const linked = item.linked && item.objectId ? linkedObjectRoute(item.linked) : null;
  if (linked) links['https://api.w.org/menu-item-object'] = [link(urls.url(linked.route), { [item.type]: linked.type, embeddable: true })];
  if (context === 'edit') {
    const viewer = request.viewer;
    // publish_posts and the nav_menu term caps are all edit_theme_options.
    const rels: string[] = [];
    if (viewer.can('edit_theme_options')) rels.push(`${ACTION}publish`);
    if (viewer.can('unfiltered_html')) rels.push(`${ACTION}unfiltered-html`);
    if (viewer.can('edit_theme_options')) rels.push(`${ACTION}create-menus`, `${ACTION}assign-menus`);
    for (const rel of rels) links[rel] = [link(self)];
  }
  return links;
}

/** prepare_item_for_response(): the fields in WordPress's order, filtered by context, then links. */
function menuItemData(request: HandlerRequest, item: MenuItemRecord, context: string, withLinks = true): Record<string, unknown> {
  const all: Record<string, unknown> = {
    id: item.id,
    title: context === 'edit' ? { raw: item.title, rendered: item.titleRendered } : { rendered: item.titleRendered },
    status: item.status,
    url: item.url,
    attr_title: item.attrTitle,
    description: item.description,
    type: item.type,
    type_label: item.typeLabel,
    object: item.object,
    object_id: item.objectId,
    parent: item.parent,
    menu_order: item.menuOrder,
    target: item.target,
    classes: item.classes,
    xfn: item.xfn,
    invalid: item.invalid,
    meta: [],
    menus: item.menuId,
  };
  const data = filterByContext(all, SCHEMA, context);
  if (withLinks) data._links = itemLinks(request, item, context);
  return data;
}

function contextOf(request: HandlerRequest): string {
  const context = request.params.context;
  return typeof context === 'string' && context ? context : 'view';
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

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

function listEndpoint(): EndpointDef {
  return {
    methods: ['GET'],
    args: collectionArgs(),
    allowBatch: true,
    permission: (request) => canListMenuItems(request.viewer, typeof request.get('context') === 'string' ? (request.get('context') as string) : undefined),
    handler: async (request) => {
      const p = request.params;
      const str = (name: string) => (typeof p[name] === 'string' ? (p[name] as string) : undefined);
      const result = await listMenuItems(request.domain, {
        context: contextOf(request),
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
      });
      const context = contextOf(request);
      const data = result.items.map((item) => menuItemData(request, item, context));
      return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
    },
  };
}

function createEndpoint(): EndpointDef {
  return {
    methods: ['POST'],
    args: argsFromSchema(SCHEMA, 'create', WRITE_HOOKS),
    allowBatch: true,
    permission: (request) => canCreateMenuItems(request.viewer, request.get('id')),
    handler: async (request) => {
      const item = await createMenuItem(request.domain, menuItemInputFrom(request), request.get('id'));
      return respond(menuItemData(request, item, 'edit'), 201, { Location: request.urls.url(`${BASE}/${item.id}`) });
    },
  };
}

const idOf = (request: HandlerRequest) => asId(request.get('id'));

function readEndpoint(): EndpointDef {
  return {
    methods: ['GET'],
    args: { id: ID_ARG, context: contextParam(SCHEMA) },
    allowBatch: true,
    permission: (request) => {
      const context = request.get('context');
      return canViewMenuItem(request.domain, idOf(request), typeof context === 'string' ? context : undefined);
    },
    handler: async (request) => menuItemData(request, await getMenuItem(request.domain, idOf(request), contextOf(request)), contextOf(request)),
  };
}

function updateEndpoint(): EndpointDef {
  return {
    methods: EDITABLE,
    args: { id: ID_ARG, ...UPDATE_ARGS },
    allowBatch: true,
    permission: (request) => canEditMenuItem(request.domain, idOf(request)),
    handler: async (request) => menuItemData(request, await updateMenuItem(request.domain, idOf(request), menuItemInputFrom(request)), 'edit'),
  };
}

function deleteEndpoint(): EndpointDef {
  return {
    methods: ['DELETE'],
    args: { id: ID_ARG, ...DELETE_ARGS },
    allowBatch: true,
    permission: (request) => canDeleteMenuItem(request.domain, idOf(request)),
    handler: async (request) => {
      const previous = await deleteMenuItem(request.domain, idOf(request), request.params.force === true);
      // WordPress prepares `previous` with the request's context, which a DELETE rarely carries.
      const context = typeof request.get('context') === 'string' && request.get('context') !== '' ? (request.get('context') as string) : 'view';
      return { deleted: true, previous: menuItemData(request, previous, context, false) };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Autosaves (WP_REST_Autosaves_Controller for nav_menu_item)
// ---------------------------------------------------------------------------------------------

const revisionDate = (description: string, context: string[]): ArgSchema => ({ description, type: 'string', format: 'date-time', context });

/** The revisions controller's schema for nav_menu_item (no content/excerpt/guid in the parent's) plus preview_link. */
function autosaveSchema(): ItemSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'nav_menu_item-revision',
    type: 'object',
    properties: {
      author: { description: 'The ID for the author of the revision.', type: 'integer', context: ALL_CONTEXTS },
      date: revisionDate("The date the revision was published, in the site's timezone.", ALL_CONTEXTS),
      date_gmt: revisionDate('The date the revision was published, as GMT.', ['view', 'edit']),
      guid: { description: 'GUID for the revision, as it exists in the database.', type: 'string', context: ['view', 'edit'] },
      id: { description: 'Unique identifier for the revision.', type: 'integer', context: ALL_CONTEXTS },
      modified: revisionDate("The date the revision was last modified, in the site's timezone.", ['view', 'edit']),
      modified_gmt: revisionDate('The date the revision was last modified, as GMT.', ['view', 'edit']),
      parent: { description: 'The ID for the parent of the revision.', type: 'integer', context: ALL_CONTEXTS },
      slug: { description: 'An alphanumeric identifier for the revision unique to its type.', type: 'string', context: ALL_CONTEXTS },
      title: TITLE_PROPERTY,
      meta: META_PROPERTY,
      preview_link: { description: 'Preview link for the post.', type: 'string', format: 'uri', context: ['edit'], readonly: true },
    },
  };
}

const AUTOSAVE_SCHEMA = autosaveSchema();
const AUTOSAVE_PARENT_ARG: ArgSchema = { description: 'The ID for the parent of the autosave.', type: 'integer', validateOnSanitize: true };
const AUTOSAVE_ID_ARG: ArgSchema = { description: 'The ID for the autosave.', type: 'integer', validateOnSanitize: true };

/** The revisions controller's prepare_item_for_response() plus preview_link (nav_menu_item is not viewable: ""). */
function autosaveData(request: HandlerRequest, record: AutosaveRecord, context: string, zone: SiteOptions): Record<string, unknown> {
  const { row, parentType } = record;
  const all: Record<string, unknown> = {
    author: row.authorId,
    date: row.dateFloating ? null : formatSiteTime(row.date, zone),
    date_gmt: row.dateFloating ? null : formatGmt(row.date),
    id: row.id,
    modified: formatSiteTime(row.modified, zone),
    modified_gmt: formatGmt(row.modified),
    parent: row.parentId,
    slug: row.slug,
    guid: { rendered: row.guid, raw: row.guid },
    title: context === 'edit' ? { raw: row.title, rendered: renderTitle(row.title) } : { rendered: renderTitle(row.title) },
    meta: [],
    preview_link: '',
  };
  const data = filterByContext(all, AUTOSAVE_SCHEMA, context);
  const parentDef = parentType ? postType(parentType) : undefined;
  if (row.parentId && parentDef?.showInRest) {
    data._links = { parent: [link(request.urls.url(`/${parentDef.restNamespace}/${parentDef.restBase}/${row.parentId}`))] };
  }
  return data;
}

function menuItemAutosaveRoutes(): RouteDef[] {
  const schema = (): ItemSchema => AUTOSAVE_SCHEMA;
  const parentOf = (request: HandlerRequest) => asId(request.get('parent'));
  return [
    {
      namespace: NAMESPACE,
      path: `${BASE}/(?P<id>[\\d]+)/autosaves`,
      endpoints: [
        {
          methods: ['GET'],
          args: { parent: AUTOSAVE_PARENT_ARG, context: contextParam(AUTOSAVE_SCHEMA) },
          permission: (request) => canListMenuItemAutosaves(request.domain, idOf(request)),
          handler: async (request) => {
            const context = contextOf(request);
            const records = await listMenuItemAutosaves(request.domain, idOf(request));
            const zone = await readOptions(request.domain.db);
            return records.map((record) => autosaveData(request, record, context, zone));
          },
        },
        {
          methods: ['POST'],
          args: { parent: AUTOSAVE_PARENT_ARG, ...UPDATE_ARGS },
          permission: (request) => canCreateMenuItemAutosave(request.domain, idOf(request)),
          handler: async (request) => {
            const record = await createMenuItemAutosave(request.domain, idOf(request), menuItemInputFrom(request));
            return autosaveData(request, record, 'edit', await readOptions(request.domain.db));
          },
        },
      ],
      schema,
    },
    {
      namespace: NAMESPACE,
      path: `${BASE}/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)`,
      endpoints: [
        {
          methods: ['GET'],
          args: { parent: AUTOSAVE_PARENT_ARG, id: AUTOSAVE_ID_ARG, context: contextParam(AUTOSAVE_SCHEMA) },
          permission: (request) => canReadMenuItemAutosave(request.domain, parentOf(request)),
          handler: async (request) => {
            const record = await getMenuItemAutosave(request.domain, parentOf(request));
            return autosaveData(request, record, contextOf(request), await readOptions(request.domain.db));
          },
        },
      ],
      schema,
    },
  ];
}

export function menuItemRoutes(): RouteDef[] {
  const schema = (): ItemSchema => SCHEMA;
  return [
    { namespace: NAMESPACE, path: BASE, endpoints: [listEndpoint(), createEndpoint()], schema },
    { namespace: NAMESPACE, path: `${BASE}/(?P<id>[\\d]+)`, endpoints: [readEndpoint(), updateEndpoint(), deleteEndpoint()], schema },
    ...menuItemAutosaveRoutes(),
  ];
}

