/**
 * redirects/v1: /group, /group/{id}, /bulk/group/{bulk} (the plugin's Redirection_Api_Group),
 * translated onto src/domain/redirects/groups.ts.
 */
import { bulkGroups, createGroup, listGroups, updateGroup, type GroupBulkAction, type GroupInput } from '../../../domain/redirects/groups';
import { GROUP_FILTERS, GROUP_ORDERS } from '../../../domain/redirects/list-query';
import { canRedirects } from '../../../domain/redirects/permissions';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, type HandlerRequest, type RouteDef } from '../../server/types';
import { bulkTargetOf, listArgs, listQueryOf, NS } from './list-args';
import { groupJson } from './records';

/** get_group_args(): declared on create (after the list arguments) and on update. */
const GROUP_ARGS: Record<string, ArgSchema> = {
  moduleId: { description: 'Module ID', type: 'integer', minimum: 0, maximum: 3, required: true },
  name: { description: 'Group name', type: 'string', required: true },
  status: { description: 'Status of the group' },
};

function groupInputOf(request: HandlerRequest): GroupInput {
  return { name: request.params.name, moduleId: request.params.moduleId, status: request.params.status };
}

export async function groupListJson(request: HandlerRequest): Promise<{ items: unknown[]; total: number }> {
  const list = await listGroups(request.domain, listQueryOf(request));
  return { items: list.items.map((group) => groupJson(group, group.id === list.defaultGroupId)), total: list.total };
}

const canList = (request: HandlerRequest) => canRedirects(request.domain.viewer, 'group_manage') || canRedirects(request.domain.viewer, 'redirect_manage');
const canAdd = (request: HandlerRequest) => canRedirects(request.domain.viewer, 'group_add');

export function groupsRoutes(): RouteDef[] {
  const args = listArgs(GROUP_ORDERS, GROUP_FILTERS);
  return [
    {
      namespace: NS,
      path: '/redirects/v1/group',
      endpoints: [
        { methods: ['GET'], args, permission: canList, handler: groupListJson },
        {
          methods: EDITABLE,
          args: { ...args, ...GROUP_ARGS },
          permission: canAdd,
          handler: async (request) => {
            await createGroup(request.domain, groupInputOf(request));
            return groupListJson(request);
          },
        },
      ],
    },
    {
      namespace: NS,
      path: '/redirects/v1/group/(?P<id>[\\d]+)',
      endpoints: [
        {
          methods: EDITABLE,
          args: GROUP_ARGS,
          permission: canAdd,
          handler: async (request) => ({ item: groupJson(await updateGroup(request.domain, Number(request.params.id), groupInputOf(request))) }),
        },
      ],
    },
    {
      namespace: NS,
      path: '/redirects/v1/bulk/group/(?P<bulk>delete|enable|disable)',
      endpoints: [
        {
          methods: EDITABLE,
          args: {
            ...args,
            items: { description: 'Comma separated list of item IDs to perform action on', type: 'array', items: { description: 'Item ID', type: ['string', 'number'] } },
          },
          permission: (request) => canRedirects(request.domain.viewer, /\/delete$/.test(request.path) ? 'group_delete' : 'group_add'),
          handler: async (request) => {
            await bulkGroups(request.domain, String(request.params.bulk) as GroupBulkAction, bulkTargetOf(request));
            return groupListJson(request);
          },
        },
      ],
    },
  ];
}
