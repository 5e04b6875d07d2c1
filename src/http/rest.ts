/**
 * Mounts the REST adapter on Fastify: `/{REST_ROOT}/...`, `/index.php?rest_route=...` and
 * `/?rest_route=...` all reach the same dispatcher. Authentication happens here, once per HTTP
 * request; batch and embed sub-requests share it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors';
import { anonymous } from '../domain/viewer';
import { resolveViewer } from './auth';
import type { RestDispatcher } from '../rest/server/dispatcher';
import { errorBody } from '../rest/server/errors';
import { parseQuery } from '../rest/server/query';
import { serveRequest, standardHeaders, type HttpAnswer } from '../rest/server/serve';

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function headerMap(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function send(reply: FastifyReply, answer: HttpAnswer): FastifyReply {
  reply.code(answer.status).headers(answer.headers);
  return answer.body === null ? reply.send() : reply.send(answer.body);
}

export function registerRest(app: FastifyInstance, dispatcher: RestDispatcher, prefix: string, home: (reply: FastifyReply) => FastifyReply): void {
  const handle = async (request: FastifyRequest, reply: FastifyReply, route: string | null): Promise<FastifyReply> => {
    const rawUrl = request.raw.url ?? '/';
    const q = rawUrl.indexOf('?');
    const parsed = parseQuery(q === -1 ? '' : rawUrl.slice(q + 1));
    const query = parsed.values;
    let path = route;
    if (path === null) {
      const restRoute = query.rest_route;
      if (typeof restRoute !== 'string') {
        const error = new DomainError('rest_path_invalid_type', 'The REST route parameter must be a string.', 400);
        return send(reply, { status: 400, headers: { 'Content-Type': 'application/json; charset=UTF-8' }, body: JSON.stringify(errorBody(error)) });
      }
      delete query.rest_route;
      path = restRoute;
    }
    path = '/' + path.replace(/^\/+/, '').replace(/\/+$/, '');
    const headers = headerMap(request);
    const methodOverride = typeof query._method === 'string' ? query._method : headers['x-http-method-override'];
    const method = (methodOverride || request.method).toUpperCase();
    const viewer = await resolveViewer(dispatcher.deps.db, request.headers.authorization, request.ip);
    const internal = {
      method,
      route: path,
      query,
      repeatedQuery: parsed.repeated.filter((k) => k !== 'rest_route'),
      body: Buffer.isBuffer(request.body) && request.body.length > 0 ? { kind: 'raw' as const, contentType: headers['content-type'] ?? '', bytes: request.body } : { kind: 'none' as const },
      headers,
      viewer: viewer instanceof DomainError ? anonymous : viewer,
    };
    if (viewer instanceof DomainError) {
      return send(reply, { status: viewer.status, headers: standardHeaders(dispatcher, internal), body: JSON.stringify(errorBody(viewer)) });
    }
    const answer = await serveRequest(dispatcher, internal, { head: request.method === 'HEAD', override: Boolean(methodOverride) });
    return send(reply, answer);
  };

  const base = '/' + prefix;
  app.all(base, (request, reply) => handle(request, reply, '/'));
  // The route comes from the raw URL so that percent-encoded characters are decoded exactly once.
  const routeOf = (request: FastifyRequest): string => safeDecode((request.raw.url ?? '').split('?')[0].slice(base.length));
  app.all(`${base}/*`, (request, reply) => handle(request, reply, routeOf(request)));
  app.all('/index.php', (request, reply) => handle(request, reply, null));
  // WordPress answers `?rest_route=` on the home page too.
  app.all('/', (request, reply) => (/[?&]rest_route=/.test(request.url) ? handle(request, reply, null) : home(reply)));
}
