/**
 * redirects/v1: /export/{module}/{format}, /import/file/{group_id}, /import/plugin (the plugin's
 * Redirection_Api_Export and Redirection_Api_Import), translated onto src/domain/redirects/transfer.ts.
 */
import { canRedirects } from '../../../domain/redirects/permissions';
import type { ExportFormat } from '../../../domain/redirects/io/index';
import { exportRedirectFile, importFromPlugins, importRedirectFile, IMPORT_MAX_BYTES, pluginImporters } from '../../../domain/redirects/transfer';
import { EDITABLE, type HandlerRequest, type RouteDef } from '../../server/types';
import { NS } from './list-args';
import { multipartFile } from './multipart-file';

const canTransfer = (request: HandlerRequest) => canRedirects(request.domain.viewer, 'io_manage');

export function transferRoutes(): RouteDef[] {
  return [
    {
      namespace: NS,
      path: '/redirects/v1/import/file/(?P<group_id>\\d+)',
      endpoints: [
        {
          methods: EDITABLE,
          permission: canTransfer,
          handler: async (request) => {
            const file = await multipartFile(request.rawBody, request.headers, 'file', IMPORT_MAX_BYTES);
            return importRedirectFile(request.domain, Number(request.params.group_id), file);
          },
        },
      ],
    },
    {
      namespace: NS,
      path: '/redirects/v1/import/plugin',
      endpoints: [
        { methods: ['GET'], permission: canTransfer, handler: (request) => pluginImporters(request.domain) },
        { methods: EDITABLE, permission: canTransfer, handler: (request) => importFromPlugins(request.domain, request.get('plugin')) },
      ],
    },
    {
      namespace: NS,
      path: '/redirects/v1/export/(?P<module>1|2|3|all)/(?P<format>csv|apache|nginx|json)',
      endpoints: [
        {
          methods: ['GET'],
          permission: canTransfer,
          handler: (request) => exportRedirectFile(request.domain, String(request.params.module), String(request.params.format) as ExportFormat),
        },
      ],
    },
  ];
}
