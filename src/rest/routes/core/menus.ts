/**
 * `/core/v2/menus` and `/core/v2/menus/{id}` (WP_REST_Menus_Controller, the terms controller of
 * nav_menu with `locations` and `auto_add`), followed by the menu locations routes. Every rule
 * lives in src/domain/menus/.
 */
import { isRegisteredLocation } from '../../../domain/menus/locations';
import {
  canCreateMenus,
  canDeleteMenu,
  canEditMenu,
  canListMenus,
  canViewMenu,
  createMenu,
  deleteMenu,
  getMenu,
  listMenus,
  updateMenu,
  type MenuInput,
  type MenuRecord,
} from '../../../domain/menus/menus';
import { sanitizeSlug } from '../../../domain/content/slug';
import { sanitizeTextField } from '../../../domain/text';
import { link, type Links } from '../../server/links';
import { paginationHeaders } from '../../server/pagination';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, respond, type ArgsView, type EndpointDef, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import { menuLocationRoutes } from './menu-locations';
import { argsFromSchema, contextParam } from '../../../schema/item-schema';
import { asId } from '../../../schema/params';
import { filterByContext } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/menus`;

/** The terms controller's schema without count, link and taxonomy, plus locations and auto_add. */
const SCHEMA: ItemSchema = {
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

const ID_ARG: ArgSchema = { description: 'Unique identifier for the term.', type: 'integer', validateOnSanitize: true };

const DELETE_ARGS: Record<string, ArgSchema> = {
  force: { type: 'boolean', default: false, description: 'Required to be true, as terms do not support trashing.', validateOnSanitize: true },
};

/** get_collection_params() of the terms controller for a flat taxonomy, in its declaration order. */
function collectionArgs(): Record<string, ArgSchema> {
  return {
    context: contextParam(SCHEMA),
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

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

function menuLinks(request: HandlerRequest, menu: MenuRecord): Links {
  const urls = request.urls;
  const id = menu.term.id;
  const links: Links = {
    self: [link(urls.url(`${BASE}/${id}`))],
    collection: [link(urls.url(BASE))],
    about: [link(urls.url(`/${NAMESPACE}/taxonomies/nav_menu`))],
    'https://api.w.org/post_type': [link(urls.url(`/${NAMESPACE}/menu-items`, `menus=${id}`))],
  };
  if (menu.locations.length) {
    links['https://api.w.org/menu-location'] = menu.locations.map((location) => link(urls.url(`/${NAMESPACE}/menu-locations/${location}`), { embeddable: true }));
  }
  return links;
}

export function menuData(request: HandlerRequest, menu: MenuRecord, context: string, withLinks = true): Record<string, unknown> {
  const all: Record<string, unknown> = {
    id: menu.term.id,
    description: menu.term.description,
    name: menu.term.name,
    slug: menu.term.slug,
    meta: [],
    locations: menu.locations,
    auto_add: menu.autoAdd,
  };
  const data = filterByContext(all, SCHEMA, context);
  if (withLinks) data._links = menuLinks(request, menu);
  return data;
}

function contextOf(request: HandlerRequest): string {
  const context = request.params.context;
  return typeof context === 'string' && context ? context : 'view';
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
  return argsFromSchema(SCHEMA, mode, WRITE_HOOKS);
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

const idOf = (request: HandlerRequest) => asId(request.get('id'));
const contextParamOf = (request: HandlerRequest) => {
  const context = request.get('context');
  return typeof context === 'string' ? context : undefined;
};

function listEndpoint(): EndpointDef {
  return {
    methods: ['GET'],
    args: collectionArgs(),
    allowBatch: true,
    permission: (request) => canListMenus(request.viewer, contextParamOf(request)),
    handler: async (request) => {
      const p = request.params;
      const result = await listMenus(request.domain, {
        context: contextOf(request),
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
      });
      const context = contextOf(request);
      const data = result.menus.map((menu) => menuData(request, menu, context));
      return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
    },
  };
}

function createEndpoint(): EndpointDef {
  return {
    methods: ['POST'],
    args: argsFromSchema(SCHEMA, 'create', WRITE_HOOKS),
    allowBatch: true,
    permission: (request) => canCreateMenus(request.viewer),
    handler: async (request) => {
      const input = inputFrom(request);
      const menu = await createMenu(request.domain, { ...input, name: input.name ?? '' });
      // The menus controller answers writes in view context.
      return respond(menuData(request, menu, 'view'), 201, { Location: request.urls.url(`${BASE}/${menu.term.id}`) });
    },
  };
}

function readEndpoint(): EndpointDef {
  return {
    methods: ['GET'],
    args: { id: ID_ARG, context: contextParam(SCHEMA) },
    allowBatch: true,
    permission: (request) => canViewMenu(request.domain, idOf(request), contextParamOf(request)),
    handler: async (request) => menuData(request, await getMenu(request.domain, idOf(request), contextOf(request)), contextOf(request)),
  };
}

function updateEndpoint(): EndpointDef {
  return {
    methods: EDITABLE,
    args: { id: ID_ARG, ...argsFromSchema(SCHEMA, 'update', WRITE_HOOKS) },
    allowBatch: true,
    permission: (request) => canEditMenu(request.domain, idOf(request)),
    handler: async (request) => menuData(request, await updateMenu(request.domain, idOf(request), inputFrom(request)), 'view'),
  };
}

function deleteEndpoint(): EndpointDef {
  return {
    methods: ['DELETE'],
    args: { id: ID_ARG, ...DELETE_ARGS },
    allowBatch: true,
    permission: (request) => canDeleteMenu(request.domain, idOf(request)),
    handler: async (request) => {
      const previous = await deleteMenu(request.domain, idOf(request), request.params.force === true);
      return { deleted: true, previous: menuData(request, previous, 'view', false) };
    },
  };
}

/** The menus routes, then the menu locations routes (kept here so the core index need not change). */
export function menuRoutes(): RouteDef[] {
  const schema = (): ItemSchema => SCHEMA;
  return [
    { namespace: NAMESPACE, path: BASE, endpoints: [listEndpoint(), createEndpoint()], schema },
    { namespace: NAMESPACE, path: `${BASE}/(?P<id>[\\d]+)`, endpoints: [readEndpoint(), updateEndpoint(), deleteEndpoint()], schema },
    ...menuLocationRoutes(),
  ];
}
