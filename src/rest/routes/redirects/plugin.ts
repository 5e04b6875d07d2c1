/**
 * redirects/v1: /plugin, /plugin/delete, /plugin/test, /plugin/data (api-plugin.php), onto
 * src/domain/redirects/plugin-status.ts.
 */
import { databaseUpgradeStatus, deleteRedirectData, fixPlugin, pluginStatus, pluginTest } from '../../../domain/redirects/plugin-status';
import { canRedirects } from '../../../domain/redirects/permissions';
import { EDITABLE, type HandlerRequest, type RouteDef } from '../../server/types';

const NS = 'redirects/v1';

const canSupport = (request: HandlerRequest) => canRedirects(request.viewer, 'support_manage');

export function pluginRoutes(): RouteDef[] {
  return [
    {
      namespace: NS,
      path: `/${NS}/plugin`,
      endpoints: [
        { methods: ['GET'], permission: canSupport, handler: async (request) => pluginStatus(request.domain, { headers: request.headers }) },
        {
          methods: EDITABLE,
          permission: canSupport,
          args: { name: { description: 'Name', type: 'string' }, value: { description: 'Value', type: 'string' } },
          handler: async (request) =>
            fixPlugin(request.domain, { name: request.params.name as string | undefined, value: request.params.value as string | undefined }, { headers: request.headers }),
        },
      ],
    },
    {
      namespace: NS,
      path: `/${NS}/plugin/delete`,
      endpoints: [{ methods: EDITABLE, permission: canSupport, handler: async (request) => deleteRedirectData(request.domain) }],
    },
    {
      namespace: NS,
      path: `/${NS}/plugin/test`,
      endpoints: [{ methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], permission: canSupport, handler: async (request) => pluginTest(request.domain) }],
    },
    {
      namespace: NS,
      path: `/${NS}/plugin/data`,
      endpoints: [
        {
          methods: EDITABLE,
          permission: canSupport,
          args: { upgrade: { description: 'Upgrade parameter', type: 'string', enum: ['stop', 'skip', 'retry'] } },
          handler: async (request) => databaseUpgradeStatus(request.domain, request.params.upgrade as string | undefined),
        },
      ],
    },
  ];
}
