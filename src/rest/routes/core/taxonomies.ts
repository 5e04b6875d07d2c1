/**
 * `/core/v2/taxonomies` and `/core/v2/taxonomies/{taxonomy}` (WP_REST_Taxonomies_Controller):
 * schema, arguments and the mapping of taxonomy objects to WordPress's JSON. The collection is an
 * object keyed by taxonomy. Rules live in src/domain/terms/taxonomy-objects.ts.
 */
import { canListTaxonomies, canReadTaxonomy, getTaxonomy, listTaxonomies, type TaxonomyObject } from '../../../domain/terms/taxonomy-objects';
import { link, type Links } from '../../server/links';
import type { ArgSchema } from '../../../schema/types';
import type { HandlerRequest, ItemSchema, RouteDef } from '../../server/types';
import { contextParam } from '../../../schema/item-schema';
import { filterByContext, keyedCollection } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/taxonomies`;
const ALL_CONTEXTS = ['view', 'edit', 'embed'];

const SCHEMA: ItemSchema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'taxonomy',
  type: 'object',
  properties: {
    capabilities: { description: 'All capabilities used by the taxonomy.', type: 'object', context: ['edit'], readonly: true },
    description: { description: 'A human-readable description of the taxonomy.', type: 'string', context: ['view', 'edit'], readonly: true },
    hierarchical: { description: 'Whether or not the taxonomy should have children.', type: 'boolean', context: ['view', 'edit'], readonly: true },
    labels: { description: 'Human-readable labels for the taxonomy for various contexts.', type: 'object', context: ['edit'], readonly: true },
    name: { description: 'The title for the taxonomy.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    slug: { description: 'An alphanumeric identifier for the taxonomy.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    show_cloud: { description: 'Whether or not the term cloud should be displayed.', type: 'boolean', context: ['edit'], readonly: true },
    types: { description: 'Types associated with the taxonomy.', type: 'array', items: { type: 'string' }, context: ['view', 'edit'], readonly: true },
    rest_base: { description: 'REST base route for the taxonomy.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    rest_namespace: { description: 'REST namespace route for the taxonomy.', type: 'string', context: ALL_CONTEXTS, readonly: true },
    visibility: {
      description: 'The visibility settings for the taxonomy.',
      type: 'object',
      context: ['edit'],
      readonly: true,
      properties: {
        public: { description: 'Whether a taxonomy is intended for use publicly either via the admin interface or by front-end users.', type: 'boolean' },
        publicly_queryable: { description: 'Whether the taxonomy is publicly queryable.', type: 'boolean' },
        show_ui: { description: 'Whether to generate a default UI for managing this taxonomy.', type: 'boolean' },
        show_admin_column: { description: 'Whether to allow automatic creation of taxonomy columns on associated post-types table.', type: 'boolean' },
        show_in_nav_menus: { description: 'Whether to make the taxonomy available for selection in navigation menus.', type: 'boolean' },
        show_in_quick_edit: { description: 'Whether to show the taxonomy in the quick/bulk edit panel.', type: 'boolean' },
      },
    },
  },
};

const CONTEXT_ARG = contextParam(SCHEMA);
const TYPE_ARG: ArgSchema = { description: 'Limit results to taxonomies associated with a specific post type.', type: 'string', validateOnSanitize: true };
const TAXONOMY_ARG: ArgSchema = { description: 'An alphanumeric identifier for the taxonomy.', type: 'string', validateOnSanitize: true };

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function contextOf(request: HandlerRequest): string {
  return asString(request.params.context) || 'view';
}

/** prepare_item_for_response(): fields in WordPress's order, filtered by context, then links. */
function taxonomyData(request: HandlerRequest, object: TaxonomyObject, context: string): Record<string, unknown> {
  const { def } = object;
  const all: Record<string, unknown> = {
    name: def.name,
    slug: def.slug,
    capabilities: object.capabilities,
    description: def.description,
    labels: object.labels,
    types: [...def.types],
    show_cloud: object.showCloud,
    hierarchical: def.hierarchical,
    rest_base: def.restBase,
    rest_namespace: def.restNamespace,
    visibility: object.visibility,
  };
  const data = filterByContext(all, SCHEMA, context);
  const links: Links = {
    collection: [link(request.urls.url(BASE))],
    'https://api.w.org/items': [link(request.urls.url(`/${def.restNamespace}/${def.restBase}`))],
  };
  data._links = links;
  return data;
}

export function taxonomyRoutes(): RouteDef[] {
  const schema = () => SCHEMA;
  return [
    {
      namespace: NAMESPACE,
      path: BASE,
      endpoints: [
        {
          methods: ['GET'],
          args: { context: CONTEXT_ARG, type: TYPE_ARG },
          permission: (request) => canListTaxonomies(request.viewer, { context: asString(request.get('context')), type: asString(request.get('type')) }),
          handler: async (request) => {
            const context = contextOf(request);
            const objects = listTaxonomies(request.viewer, { context, type: asString(request.params.type) });
            return keyedCollection(objects, (object) => object.def.slug, (object) => taxonomyData(request, object, context));
          },
        },
      ],
      schema,
    },
    {
      namespace: NAMESPACE,
      path: `${BASE}/(?P<taxonomy>[\\w-]+)`,
      endpoints: [
        {
          methods: ['GET'],
          args: { taxonomy: TAXONOMY_ARG, context: CONTEXT_ARG },
          permission: (request) => canReadTaxonomy(request.viewer, String(request.get('taxonomy')), asString(request.get('context'))),
          handler: async (request) => taxonomyData(request, getTaxonomy(request.viewer, String(request.get('taxonomy')), contextOf(request)), contextOf(request)),
        },
      ],
      schema,
    },
  ];
}
