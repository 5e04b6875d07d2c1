/**
 * `/core/v2/menu-locations` and `/core/v2/menu-locations/{location}`
 * (WP_REST_Menu_Locations_Controller): the theme's locations and the menu each shows. The rules
 * live in src/domain/menus/locations.ts.
 */
import { canViewMenuLocations, getMenuLocation, listMenuLocations, type MenuLocation } from '../../../domain/menus/locations';
import { compactLinks, link, type Links } from '../../server/links';
import type { ArgSchema } from '../../../schema/types';
import type { HandlerRequest, ItemSchema, RouteDef } from '../../server/types';
import { contextParam } from '../../../schema/item-schema';
import { filterByContext } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/menu-locations`;
const ALL_CONTEXTS = ['embed', 'view', 'edit'];

const SCHEMA: ItemSchema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'menu-location',
  type: 'object',
  properties: {
    name: { description: 'The name of the menu location.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    description: { description: 'The description of the menu location.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    menu: { description: 'The ID of the assigned menu.', type: 'integer', context: ALL_CONTEXTS, readonly: true },
  },
};

const LOCATION_ARG: ArgSchema = { description: 'An alphanumeric identifier for the menu location.', type: 'string', validateOnSanitize: true };

function locationLinks(request: HandlerRequest, location: MenuLocation): Links {
  const links: Links = {
    self: [link(request.urls.url(`${BASE}/${location.name}`))],
    collection: [link(request.urls.url(BASE))],
  };
  if (location.menu) links['https://api.w.org/menu'] = [link(request.urls.url(`/${NAMESPACE}/menus/${location.menu}`), { embeddable: true })];
  return links;
}

function locationData(request: HandlerRequest, location: MenuLocation, context: string): Record<string, unknown> {
  const data = filterByContext({ name: location.name, description: location.description, menu: location.menu }, SCHEMA, context);
  data._links = locationLinks(request, location);
  return data;
}

function contextOf(request: HandlerRequest): string {
  const context = request.params.context;
  return typeof context === 'string' && context ? context : 'view';
}

export function menuLocationRoutes(): RouteDef[] {
  const schema = (): ItemSchema => SCHEMA;
  const permission = (request: HandlerRequest) => canViewMenuLocations(request.domain);
  return [
    {
      namespace: NAMESPACE,
      path: BASE,
      endpoints: [
        {
          methods: ['GET'],
          args: { context: contextParam(SCHEMA) },
          permission,
          handler: async (request) => {
            const context = contextOf(request);
            const out: Record<string, unknown> = {};
            for (const location of await listMenuLocations(request.domain)) {
              // An object keyed by location: prepare_response_for_collection() puts each item's links
              // in compact form, its self link with the methods this viewer may use (GET, as seeing
              // the collection already needs that right).
              const data = locationData(request, location, context);
              const links = data._links as Links;
              links.self = [{ href: links.self[0].href, targetHints: { allow: ['GET'] } }];
              data._links = compactLinks(links);
              out[location.name] = data;
            }
            return out;
          },
        },
      ],
      schema,
    },
    {
      namespace: NAMESPACE,
      path: `${BASE}/(?P<location>[\\w-]+)`,
      endpoints: [
        {
          methods: ['GET'],
          args: { location: LOCATION_ARG, context: contextParam(SCHEMA) },
          permission,
          handler: async (request) => locationData(request, await getMenuLocation(request.domain, String(request.params.location)), contextOf(request)),
        },
      ],
      schema,
    },
  ];
}
