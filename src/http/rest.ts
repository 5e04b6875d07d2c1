/**
 * Mounts the REST adapter on Fastify: `/{REST_ROOT}/...`, `/index.php?rest_route=...` and
 * `/?rest_route=...` all reach the same dispatcher. Authentication happens here, once per HTTP
 * request; batch and embed sub-requests share it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors';
import { LoaderCache } from '../domain/loaders';
import { anonymous } from '../domain/viewer';
import { resolveViewer } from './auth';
import { canonical } from './canonical';
import { matchesIfNoneMatch } from './etag';
import { tagHeaders, type ReadCache } from './read-cache';
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

/** The cache key of an anonymous REST read: the route and its parameters in a canonical order (both URL forms agree). */
export function restCacheKey(route: string, query: Record<string, unknown>, origin: string | undefined): string {
  return JSON.stringify(['rest', route, canonical(query), origin ?? '']);
}

export function registerRest(app: FastifyInstance, dispatcher: RestDispatcher, cache: ReadCache, prefix: string, home: (reply: FastifyReply) => FastifyReply): void {
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
    if (method !== 'GET' && method !== 'HEAD') {
      const answer = await serveRequest(dispatcher, internal, { head: false, override: Boolean(methodOverride) });
      // Any other method may have written something: every instance drops what it changed first.
      if (method !== 'OPTIONS') await cache.written();
      return send(reply, answer);
    }
    // HEAD is answered as GET without the body (same cache entry, same ETag).
    const anonymousGet = viewer.isAnonymous && !request.headers.authorization;
    const key = anonymousGet && query.context !== 'edit' && query.password === undefined ? restCacheKey(path, query, headers.origin) : null;
    const served = await cache.read('rest', key, async () => {
      // The computation (and its `_embed` sub-requests) records what it reads here: the entry's tags.
      const loaders = new LoaderCache(dispatcher.deps.db);
      const answer = await serveRequest(dispatcher, { ...internal, method: 'GET', loaders }, { head: false, override: Boolean(methodOverride) });
      return { status: answer.status, headers: answer.headers, body: answer.body ?? '', tags: loaders.tags.list() };
    });
    const headersOut: Record<string, string> = { ...served.headers, ETag: served.etag, 'X-Cache': served.cache.toUpperCase() };
    if (anonymousGet) headersOut['Cache-Control'] = cache.cacheControl(true);
    if (served.cache !== 'bypass') Object.assign(headersOut, tagHeaders(served.tags));
    if (served.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], served.etag)) {
      return send(reply, { status: 304, headers: headersOut, body: null });
    }
    return send(reply, { status: served.status, headers: headersOut, body: request.method === 'HEAD' ? null : served.body });
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
