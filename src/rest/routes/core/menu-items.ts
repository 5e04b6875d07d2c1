/**
 * `/core/v2/menu-items`, `/core/v2/menu-items/{id}` and the menu items' autosaves routes
 * (WP_REST_Menu_Items_Controller, WP_REST_Autosaves_Controller for nav_menu_item) over the menu
 * items contract (src/domain/menus/menu-item-contract.ts) and the mapping of menu item records to
 * WordPress's JSON. Every rule lives
 * in src/domain/menus/.
 */
import { formatGmt, formatSiteTime } from '../../../domain/content/dates';
import { renderTitle } from '../../../domain/content/format';
import { postType } from '../../../domain/content/post-types';
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
import { ALL_CONTEXTS, collectionArgs, MENU_ITEM_SCHEMA, menuItemInputFrom, menuItemListQuery, menuItemWriteArgs, META_PROPERTY, TITLE_PROPERTY } from '../../../domain/menus/menu-item-contract';
import type { LinkedObjectRef } from '../../../domain/menus/menu-item-records';
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
  type MenuItemRecord,
} from '../../../domain/menus/menu-items';
import { availableMenuItemActions } from '../../../domain/menus/access';
import { readOptions, type SiteOptions } from '../../../domain/settings/options';
import { link, type Links } from '../../server/links';
import { paginationHeaders } from '../../server/pagination';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import { contextParam } from '../../../schema/item-schema';
import { asId } from '../../../schema/params';
import { filterByContext } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/menu-items`;

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

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

const ID_ARG: ArgSchema = { description: 'Unique identifier for the post.', type: 'integer', validateOnSanitize: true };

const DELETE_ARGS: Record<string, ArgSchema> = {
  force: { type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.', validateOnSanitize: true },
};

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
    for (const action of availableMenuItemActions(request.viewer)) links[`${ACTION}${action}`] = [link(self)];
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
  const data = filterByContext(all, MENU_ITEM_SCHEMA, context);
  if (withLinks) data._links = itemLinks(request, item, context);
  return data;
}

function contextOf(request: HandlerRequest): string {
  const context = request.params.context;
  return typeof context === 'string' && context ? context : 'view';
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
      const result = await listMenuItems(request.domain, menuItemListQuery(request));
      const context = contextOf(request);
      const data = result.items.map((item) => menuItemData(request, item, context));
      return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
    },
  };
}

function createEndpoint(): EndpointDef {
  return {
    methods: ['POST'],
    args: menuItemWriteArgs('create'),
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
    args: { id: ID_ARG, context: contextParam(MENU_ITEM_SCHEMA) },
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
    args: { id: ID_ARG, ...menuItemWriteArgs('update') },
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
          args: { parent: AUTOSAVE_PARENT_ARG, ...menuItemWriteArgs('update') },
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
  const schema = (): ItemSchema => MENU_ITEM_SCHEMA;
  return [
    { namespace: NAMESPACE, path: BASE, endpoints: [listEndpoint(), createEndpoint()], schema },
    { namespace: NAMESPACE, path: `${BASE}/(?P<id>[\\d]+)`, endpoints: [readEndpoint(), updateEndpoint(), deleteEndpoint()], schema },
    ...menuItemAutosaveRoutes(),
  ];
}

