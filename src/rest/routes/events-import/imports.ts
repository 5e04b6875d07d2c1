/**
 * Our own routes for the site owner (not the plugin's): start an import — an iCalendar document
 * sent as the request body (or in `ics`), an address in `url` (fetched SSRF-safely), or a pending
 * aggregator import — and follow import records. The import runs through the same records and
 * batches as the callbacks; the answer is the record as it ended.
 */
import { canImportEvents, getImport, IMPORT_ORIGINS, IMPORT_STATUSES, listImports, startImport, type ImportOrigin } from '../../../domain/events/imports';
import { paginationHeaders } from '../../server/pagination';
import { respond, type HandlerRequest, type RouteDef } from '../../server/types';
import { importJson, NS } from './records';

/** A body that is neither JSON nor a form is the uploaded document itself. */
function uploaded(request: HandlerRequest): { name: string; text: string } | undefined {
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  if (request.rawBody && request.rawBody.length && !/json|x-www-form-urlencoded|multipart\//.test(type) && type !== '') {
    const disposition = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(request.headers['content-disposition'] ?? '');
    return { name: disposition ? decodeURIComponent(disposition[1]) : 'upload.ics', text: request.rawBody.toString('utf8').replace(/^\uFEFF/, '') };
  }
  if (typeof request.params.ics === 'string') return { name: typeof request.params.filename === 'string' && request.params.filename ? request.params.filename : 'upload.ics', text: request.params.ics };
  return undefined;
}

export function importRoutes(): RouteDef[] {
  const canImport = (request: HandlerRequest) => canImportEvents(request.domain);
  return [
    {
      namespace: 'events-import/v1',
      path: `${NS}/imports`,
      endpoints: [
        {
          methods: ['GET'],
          permission: canImport,
          args: {
            page: { type: 'integer', default: 1, minimum: 1, description: 'Current page of the collection.' },
            per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100, description: 'Maximum number of items to be returned in result set.' },
            status: { type: 'string', enum: IMPORT_STATUSES, description: 'Limit result set to imports with this status.' },
          },
          handler: async (request) => {
            const page = request.params.page as number;
            const perPage = request.params.per_page as number;
            const list = await listImports(request.domain, { page, perPage, status: request.params.status as string | undefined });
            return respond(list.records.map((r) => importJson(r, request.urls)), 200, paginationHeaders(request, list.total, page, perPage));
          },
        },
        {
          methods: ['POST'],
          permission: canImport,
          args: {
            url: { type: 'string', format: 'uri', description: 'Address of an iCalendar (.ics) document to import (http, https or webcal).' },
            ics: { type: 'string', description: 'An iCalendar document to import (or send it as the request body with Content-Type: text/calendar).' },
            filename: { type: 'string', description: 'The name of the uploaded document.' },
            origin: { type: 'string', enum: IMPORT_ORIGINS, description: 'ics-file, ics-url, or aggregator (a pending import an aggregator service pushes batches to).' },
            source: { type: 'string', description: 'What an aggregator import imports.' },
            horizon_days: { type: 'integer', minimum: 1, maximum: 36600, description: 'Days ahead a recurring series without end is expanded into events (default: the ICAL_EXPANSION_HORIZON_DAYS setting, two years).' },
          },
          handler: async (request) => {
            const record = await startImport(request.domain, {
              origin: request.params.origin as ImportOrigin | undefined,
              url: request.params.url as string | undefined,
              document: uploaded(request),
              source: request.params.source as string | undefined,
            }, { horizonDays: request.params.horizon_days as number | undefined });
            return respond(importJson(record, request.urls), 201, { Location: request.urls.url(`${NS}/imports/${record.id}`) });
          },
        },
      ],
    },
    {
      namespace: 'events-import/v1',
      path: `${NS}/imports/(?P<id>\\w+)`,
      endpoints: [
        {
          methods: ['GET'],
          permission: canImport,
          args: { id: { type: 'string', description: 'The import id.' } },
          handler: async (request) => importJson(await getImport(request.domain, String(request.params.id)), request.urls),
        },
      ],
    },
  ];
}
