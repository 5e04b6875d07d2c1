/**
 * `/core/v2/menus` and `/core/v2/menus/{id}` (WP_REST_Menus_Controller, the terms controller of
 * nav_menu with `locations` and `auto_add`) over the menus contract (src/domain/menus/contract.ts),
 * followed by the menu locations routes. Every rule lives in src/domain/menus/.
 */
import { collectionArgs, inputFrom, MENU_SCHEMA, menuListQuery, menuWriteArgs } from '../../../domain/menus/contract';
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
  type MenuRecord,
} from '../../../domain/menus/menus';
import { link, type Links } from '../../server/links';
import { paginationHeaders } from '../../server/pagination';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import { menuLocationRoutes } from './menu-locations';
import { contextParam } from '../../../schema/item-schema';
import { asId } from '../../../schema/params';
import { filterByContext } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/menus`;

const ID_ARG: ArgSchema = { description: 'Unique identifier for the term.', type: 'integer', validateOnSanitize: true };

const DELETE_ARGS: Record<string, ArgSchema> = {
  force: { type: 'boolean', default: false, description: 'Required to be true, as terms do not support trashing.', validateOnSanitize: true },
};

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
  const data = filterByContext(all, MENU_SCHEMA, context);
  if (withLinks) data._links = menuLinks(request, menu);
  return data;
}

function contextOf(request: HandlerRequest): string {
  const context = request.params.context;
  return typeof context === 'string' && context ? context : 'view';
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
      const result = await listMenus(request.domain, menuListQuery(request));
      const context = contextOf(request);
      const data = result.menus.map((menu) => menuData(request, menu, context));
      return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
    },
  };
}

function createEndpoint(): EndpointDef {
  return {
    methods: ['POST'],
    args: menuWriteArgs('create'),
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
    args: { id: ID_ARG, context: contextParam(MENU_SCHEMA) },
    allowBatch: true,
    permission: (request) => canViewMenu(request.domain, idOf(request), contextParamOf(request)),
    handler: async (request) => menuData(request, await getMenu(request.domain, idOf(request), contextOf(request)), contextOf(request)),
  };
}

function updateEndpoint(): EndpointDef {
  return {
    methods: EDITABLE,
    args: { id: ID_ARG, ...menuWriteArgs('update') },
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
  const schema = (): ItemSchema => MENU_SCHEMA;
  return [
    { namespace: NAMESPACE, path: BASE, endpoints: [listEndpoint(), createEndpoint()], schema },
    { namespace: NAMESPACE, path: `${BASE}/(?P<id>[\\d]+)`, endpoints: [readEndpoint(), updateEndpoint(), deleteEndpoint()], schema },
    ...menuLocationRoutes(),
  ];
}
