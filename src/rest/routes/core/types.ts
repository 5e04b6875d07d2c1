/**
 * `/core/v2/types` and `/core/v2/types/{type}` (WP_REST_Post_Types_Controller): schema, arguments
 * and the mapping of post type objects to WordPress's JSON. The collection is an object keyed by
 * type slug. Rules live in src/domain/content/post-type-objects.ts.
 */
import { canListPostTypes, getPostType, listPostTypes, type PostTypeObject } from '../../../domain/content/post-type-objects';
import { link, type Links } from '../../server/links';
import type { ArgSchema } from '../../../schema/types';
import type { HandlerRequest, ItemSchema, RouteDef } from '../../server/types';
import { contextParam } from '../../../schema/item-schema';
import { filterByContext, keyedCollection } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/types`;
const ALL_CONTEXTS = ['view', 'edit', 'embed'];

const SCHEMA: ItemSchema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'type',
  type: 'object',
  properties: {
    capabilities: { description: 'All capabilities used by the post type.', type: 'object', context: ['edit'], readonly: true },
    description: { description: 'A human-readable description of the post type.', type: 'string', context: ['view', 'edit'], readonly: true },
    hierarchical: { description: 'Whether or not the post type should have children.', type: 'boolean', context: ['view', 'edit'], readonly: true },
    viewable: { description: 'Whether or not the post type can be viewed.', type: 'boolean', context: ['edit'], readonly: true },
    labels: { description: 'Human-readable labels for the post type for various contexts.', type: 'object', context: ['edit'], readonly: true },
    name: { description: 'The title for the post type.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    slug: { description: 'An alphanumeric identifier for the post type.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    supports: { description: 'All features, supported by the post type.', type: 'object', context: ['edit'], readonly: true },
    has_archive: {
      description: 'If the value is a string, the value will be used as the archive slug. If the value is false the post type has no archive.',
      type: ['string', 'boolean'],
      context: ['view', 'edit'],
      readonly: true,
    },
    taxonomies: { description: 'Taxonomies associated with post type.', type: 'array', items: { type: 'string' }, context: ['view', 'edit'], readonly: true },
    rest_base: { description: 'REST base route for the post type.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    rest_namespace: { description: "REST route's namespace for the post type.", type: 'string', context: ALL_CONTEXTS, readonly: true },
    visibility: {
      description: 'The visibility settings for the post type.',
      type: 'object',
      context: ['edit'],
      readonly: true,
      properties: {
        show_ui: { description: 'Whether to generate a default UI for managing this post type.', type: 'boolean' },
        show_in_nav_menus: { description: 'Whether to make the post type available for selection in navigation menus.', type: 'boolean' },
      },
    },
    icon: { description: 'The icon for the post type.', type: ['string', 'null'], context: ALL_CONTEXTS, readonly: true },
    template: { type: ['array'], description: 'The block template associated with the post type.', readonly: true, context: ALL_CONTEXTS },
    template_lock: {
      type: ['string', 'boolean'],
      enum: ['all', 'insert', 'contentOnly', false],
      description: 'The template_lock associated with the post type, or false if none.',
      readonly: true,
      context: ALL_CONTEXTS,
    },
  },
};

const CONTEXT_ARG = contextParam(SCHEMA);
const TYPE_ARG: ArgSchema = { description: 'An alphanumeric identifier for the post type.', type: 'string', validateOnSanitize: true };

function contextOf(request: HandlerRequest): string {
  return typeof request.params.context === 'string' && request.params.context ? request.params.context : 'view';
}

/** prepare_item_for_response(): fields in WordPress's order, filtered by context, then links. */
function typeData(request: HandlerRequest, object: PostTypeObject, context: string): Record<string, unknown> {
  const { def } = object;
  const all: Record<string, unknown> = {
    capabilities: object.capabilities,
    description: def.description,
    hierarchical: def.hierarchical,
    has_archive: object.hasArchive,
    visibility: object.visibility,
    viewable: def.viewable,
    labels: object.labels,
    name: def.name,
    slug: def.slug,
    icon: def.icon,
    supports: def.supports,
    taxonomies: object.taxonomies,
    rest_base: def.restBase,
    rest_namespace: def.restNamespace,
    template: [],
    template_lock: false,
  };
  const data = filterByContext(all, SCHEMA, context);
  const links: Links = {
    collection: [link(request.urls.url(BASE))],
    'https://api.w.org/items': [link(request.urls.url(`/${def.restNamespace}/${def.restBase}`))],
  };
  data._links = links;
  return data;
}

export function typeRoutes(): RouteDef[] {
  const schema = () => SCHEMA;
  return [
    {
      namespace: NAMESPACE,
      path: BASE,
      endpoints: [
        {
          methods: ['GET'],
          args: { context: CONTEXT_ARG },
          permission: (request) => canListPostTypes(request.viewer, request.get('context') as string | undefined),
          handler: async (request) => {
            const context = contextOf(request);
            return keyedCollection(listPostTypes(request.viewer, context), (object) => object.def.slug, (object) => typeData(request, object, context));
          },
        },
      ],
      schema,
    },
    {
      namespace: NAMESPACE,
      path: `${BASE}/(?P<type>[\\w-]+)`,
      endpoints: [
        {
          methods: ['GET'],
          args: { type: TYPE_ARG, context: CONTEXT_ARG },
          handler: async (request) => typeData(request, getPostType(request.viewer, String(request.get('type')), contextOf(request)), contextOf(request)),
        },
      ],
      schema,
    },
  ];
}
