/**
 * `/core/v2/statuses` and `/core/v2/statuses/{status}` (WP_REST_Post_Statuses_Controller): schema,
 * arguments and the mapping of post statuses to WordPress's JSON. The collection is an object keyed
 * by status. Rules live in src/domain/content/statuses.ts.
 */
import { canListStatuses, canReadStatus, getStatus, listStatuses, type PostStatusDef } from '../../../domain/content/statuses';
import { link, type Links } from '../../server/links';
import type { ArgSchema } from '../../../schema/types';
import type { HandlerRequest, ItemSchema, RouteDef } from '../../server/types';
import { contextParam } from '../../../schema/item-schema';
import { filterByContext, keyedCollection } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/statuses`;

const SCHEMA: ItemSchema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'status',
  type: 'object',
  properties: {
    name: { description: 'The title for the status.', type: 'string', context: ['embed', 'view', 'edit'], readonly: true },
    private: { description: 'Whether posts with this status should be private.', type: 'boolean', context: ['edit'], readonly: true },
    protected: { description: 'Whether posts with this status should be protected.', type: 'boolean', context: ['edit'], readonly: true },
    public: { description: 'Whether posts of this status should be shown in the front end of the site.', type: 'boolean', context: ['view', 'edit'], readonly: true },
    queryable: { description: 'Whether posts with this status should be publicly-queryable.', type: 'boolean', context: ['view', 'edit'], readonly: true },
    show_in_list: { description: 'Whether to include posts in the edit listing for their post type.', type: 'boolean', context: ['edit'], readonly: true },
    slug: { description: 'An alphanumeric identifier for the status.', type: 'string', context: ['embed', 'view', 'edit'], readonly: true },
    date_floating: { description: 'Whether posts of this status may have floating published dates.', type: 'boolean', context: ['view', 'edit'], readonly: true },
  },
};

const CONTEXT_ARG = contextParam(SCHEMA);
const STATUS_ARG: ArgSchema = { description: 'An alphanumeric identifier for the status.', type: 'string', validateOnSanitize: true };

function contextOf(request: HandlerRequest): string {
  return typeof request.params.context === 'string' && request.params.context ? request.params.context : 'view';
}

/** prepare_item_for_response(): the status fields, filtered by context, and its `archives` link. */
function statusData(request: HandlerRequest, status: PostStatusDef, context: string): Record<string, unknown> {
  const all: Record<string, unknown> = {
    name: status.label,
    private: status.private,
    protected: status.protected,
    public: status.public,
    queryable: status.queryable,
    show_in_list: status.showInList,
    slug: status.slug,
    date_floating: status.dateFloating,
  };
  const data = filterByContext(all, SCHEMA, context);
  const posts = '/core/v2/posts';
  const archives = status.slug === 'publish' ? request.urls.url(posts) : request.urls.url(posts, `status=${encodeURIComponent(status.slug)}`);
  data._links = { archives: [link(archives)] } satisfies Links;
  return data;
}

export function statusRoutes(): RouteDef[] {
  const schema = () => SCHEMA;
  return [
    {
      namespace: NAMESPACE,
      path: BASE,
      endpoints: [
        {
          methods: ['GET'],
          args: { context: CONTEXT_ARG },
          permission: (request) => canListStatuses(request.viewer, request.get('context') as string | undefined),
          handler: async (request) => {
            const context = contextOf(request);
            return keyedCollection(listStatuses(request.domain, context), (status) => status.slug, (status) => statusData(request, status, context));
          },
        },
      ],
      schema,
    },
    {
      namespace: NAMESPACE,
      path: `${BASE}/(?P<status>[\\w-]+)`,
      endpoints: [
        {
          methods: ['GET'],
          args: { status: STATUS_ARG, context: CONTEXT_ARG },
          permission: (request) => canReadStatus(request.viewer, String(request.get('status'))),
          handler: async (request) => statusData(request, getStatus(request.domain, String(request.get('status'))), contextOf(request)),
        },
      ],
      schema,
    },
  ];
}
