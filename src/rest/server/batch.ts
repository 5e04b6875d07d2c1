/**
 * `POST /batch/v1` (WP_REST_Server::serve_batch_request_v1): up to 25 sub-requests through the same
 * dispatcher, with the caller's credentials, each answered as `{body, status, headers}`.
 */
import { isPrototypeKey } from '../../domain/client-input';
import { DomainError } from '../../domain/errors';
import type { DispatchResult, InternalRequest, RestDispatcher } from './dispatcher';
import { errorBody } from './errors';
import { compactRecordLinks } from './links';
import { addTargetHints } from './target-hints';
import { parseQuery } from './query';
import { RouteRegistry } from './registry';
import { processArgs } from '../../schema/args';
import type { ArgSchema } from '../../schema/types';
import type { HandlerRequest, RouteDef } from './types';
import { respond } from './types';

export const MAX_BATCH_REQUESTS = 25;

export const batchArgs: Record<string, ArgSchema> = {
  validation: { type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal' },
  requests: {
    required: true,
    type: 'array',
    maxItems: MAX_BATCH_REQUESTS,
    items: {
      type: 'object',
      properties: {
        method: { type: 'string', enum: ['POST', 'PUT', 'PATCH', 'DELETE'], default: 'POST' },
        path: { type: 'string', required: true },
        body: { type: 'object', properties: [], additionalProperties: true },
        headers: { type: 'object', properties: [], additionalProperties: { type: ['string', 'array'], items: { type: 'string' } } },
      },
    },
  },
};

interface BatchItem {
  method?: string;
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string | string[]>;
}

interface Envelope {
  body: unknown;
  status: number;
  headers: Record<string, string | number> | [];
}

async function envelope(result: DispatchResult, server: RestDispatcher, request: InternalRequest): Promise<Envelope> {
  if (result.status < 400) await addTargetHints(result.data, server, request);
  compactRecordLinks(result.data);
  return { body: result.data, status: result.status, headers: Object.keys(result.headers).length ? result.headers : [] };
}

function subRequest(item: BatchItem, parent: HandlerRequest): InternalRequest {
  const q = item.path.indexOf('?');
  const route = (q === -1 ? item.path : item.path.slice(0, q)).replace(/\/+$/, '') || '/';
  const parsed = q === -1 ? { values: {}, repeated: [], invalid: [] } : parseQuery(item.path.slice(q + 1));
  const headers: Record<string, string> = { ...parent.headers };
  for (const [name, value] of Object.entries(item.headers ?? {})) {
    const key = name.toLowerCase();
    if (!isPrototypeKey(key)) headers[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return {
    method: item.method ?? 'POST',
    route,
    query: parsed.values,
    repeatedQuery: parsed.repeated,
    invalidQuery: parsed.invalid,
    body: { kind: 'params', values: item.body ?? {} },
    headers,
    ip: parent.ip,
    viewer: parent.viewer,
  };
}

/** The checks made for every item before anything runs: route, batch support, and (optionally) arguments. */
function precheck(dispatcher: RestDispatcher, request: InternalRequest, validateArgs: boolean): DomainError | null {
  const match = dispatcher.deps.registry.match(request.route);
  const endpoint = match ? RouteRegistry.endpointFor(match.route, request.method.toUpperCase()) : undefined;
  if (!match || !endpoint) return new DomainError('rest_no_route', 'No route was found matching the URL and request method.', 404);
  if (!endpoint.allowBatch) return new DomainError('rest_batch_not_allowed', 'The requested route does not support batch requests.', 400);
  if (!validateArgs) return null;
  const sources = [request.body.kind === 'params' ? request.body.values : {}, request.query, match.urlParams] as Record<string, unknown>[];
  const has = (name: string) => sources.some((s) => s[name] !== undefined && s[name] !== null);
  const get = (name: string) => sources.find((s) => s[name] !== undefined && s[name] !== null)?.[name];
  try {
    processArgs(endpoint.args ?? {}, { has, get });
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

export function batchRoute(dispatcher: () => RestDispatcher): RouteDef {
  return {
    namespace: '',
    path: '/batch/v1',
    endpoints: [
      {
        methods: ['POST'],
        args: batchArgs,
        handler: async (request) => {
          const server = dispatcher();
          const items = request.params.requests as BatchItem[];
          const requireAll = request.params.validation === 'require-all-validate';
          const requests = items.map((item) => subRequest(item, request));
          const failures = requests.map((r) => precheck(server, r, requireAll));
          if (requireAll && failures.some(Boolean)) {
            const responses = await Promise.all(failures.map((f, i) => (f ? envelope({ status: f.status, data: errorBody(f), headers: {} }, server, requests[i]) : null)));
            return respond({ failed: 'validation', responses }, 207);
          }
          const responses: Envelope[] = [];
          for (let i = 0; i < requests.length; i++) {
            const failure = failures[i];
            // Items run one after another, as WordPress runs them; a failure does not stop the rest.
            const result = failure ? { status: failure.status, data: errorBody(failure), headers: {} } : await server.dispatch(requests[i]);
            responses.push(await envelope(result, server, requests[i]));
          }
          return respond({ responses }, 207);
        },
      },
    ],
  };
}
