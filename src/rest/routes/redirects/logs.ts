/**
 * redirects/v1: /log, /404 and their bulk deletes (api-log.php, api-404.php), onto
 * src/domain/redirects/logs.ts.
 */
import { deleteLogs, listLogs, type LogKind, type LogListQuery } from '../../../domain/redirects/logs';
import { LOG_FILTERS, LOG_ORDERS } from '../../../domain/redirects/logs-query';
import { canRedirects, type RedirectCapability } from '../../../domain/redirects/permissions';
import { siteOptionsOf } from '../../../domain/settings/options';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, type HandlerRequest, type RouteDef } from '../../server/types';
import { bulkTargetOf, listArgs, listQueryOf } from './list-args';
import { logListJson } from './log-json';

const NS = 'redirects/v1';

const ITEMS: ArgSchema = {
  description: 'Comma separated list of item IDs to perform action on',
  type: 'array',
  items: { description: 'Item ID', type: ['string', 'number'] },
};

/** The list parameters plus `groupBy` (read as sent, as the plugin does). */
function logQueryOf(request: HandlerRequest): LogListQuery {
  return { ...listQueryOf(request), groupBy: request.get('groupBy') };
}

function logRoutes(kind: LogKind, base: string, manage: RedirectCapability, remove: RedirectCapability): RouteDef[] {
  // One table per route (the dispatcher compiles argument tables once, by identity).
  const args = listArgs(LOG_ORDERS, LOG_FILTERS[kind]);
  const bulkArgs = { ...args, items: ITEMS };
  const answer = async (request: HandlerRequest, list: Parameters<typeof logListJson>[0]) => logListJson(list, await siteOptionsOf(request.domain));
  return [
    {
      namespace: NS,
      path: `/${NS}/${base}`,
      endpoints: [
        {
          methods: ['GET'],
          args,
          permission: (request) => canRedirects(request.viewer, manage),
          handler: async (request) => answer(request, await listLogs(request.domain, kind, logQueryOf(request))),
        },
      ],
    },
    {
      namespace: NS,
      path: `/${NS}/bulk/${base}/(?P<bulk>delete)`,
      endpoints: [
        {
          methods: EDITABLE,
          args: bulkArgs,
          permission: (request) => canRedirects(request.viewer, remove),
          handler: async (request) => {
            const { items, global } = bulkTargetOf(request);
            const selection = { items, global };
            return answer(request, await deleteLogs(request.domain, kind, selection, logQueryOf(request)));
          },
        },
      ],
    },
  ];
}

export function logsRoutes(): RouteDef[] {
  return [...logRoutes('redirect', 'log', 'log_manage', 'log_delete'), ...logRoutes('404', '404', '404_manage', '404_delete')];
}
