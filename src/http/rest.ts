/**
 * Mounts the REST adapter on Fastify: `/{REST_ROOT}/...`, `/index.php?rest_route=...` and
 * `/?rest_route=...` all reach the same dispatcher. Authentication happens here, once per HTTP
 * request; batch and embed sub-requests share it.
 */
import { requestMark } from './request-mark';
import { clientIp } from './security';
import { retryAfterOf } from '../domain/security/guard';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodePercent } from '../domain/client-input';
import { DomainError } from '../domain/errors';
import { LoaderCache } from '../domain/loaders';
import { anonymous } from '../domain/viewer';
import { isAnonymousRequest, resolveViewer } from './auth';
import { canonical } from './canonical';
import { matchesIfNoneMatch } from './etag';
import { UrlMemo } from './memo';
import { X_CACHE, type Finish, type ReadCache, type ServedAnswer } from './read-cache';
import type { BodyInput, RestDispatcher } from '../rest/server/dispatcher';
import { UploadBody } from '../rest/server/uploads';
import { errorBody } from '../rest/server/errors';
import { parseQuery } from '../rest/server/query';
import { serveRequest, standardHeaders, type HttpAnswer } from '../rest/server/serve';


/**
 * The route a raw URL asks the REST face for: the path under the REST root, null for the
 * `?rest_route=` forms (`/index.php`, and `/` when it carries one), undefined for other paths.
 */
function restTarget(rawUrl: string, base: string): string | null | undefined {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (path === base) return '/';
  // The route comes from the raw URL so that percent-encoded characters are decoded exactly once.
  if (path.startsWith(base + '/')) return decodePercent(path.slice(base.length)) || '/';
  if (path === '/index.php' || path === '/index.php/') return null;
  if (path === '/' && /[?&]rest_route=/.test(rawUrl)) return null;
  return undefined;
}

/** The request body as the dispatcher takes it: bytes, or the unread stream of an upload. */
function bodyOf(body: unknown, headers: Record<string, string>): BodyInput {
  if (body instanceof UploadBody) return { kind: 'upload', contentType: headers['content-type'] ?? '', body };
  if (Buffer.isBuffer(body) && body.length > 0) return { kind: 'raw', contentType: headers['content-type'] ?? '', bytes: body };
  return { kind: 'none' };
}

function isNoStore(headers: Record<string, string>): boolean {
  return /\bno-store\b/i.test(headers['Cache-Control'] ?? '');
}

/** Answers a request the REST face owns, whatever Fastify made of it; undefined for other paths. */
export type RestEntry = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> | undefined;

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
  return withOrigin(restKeyBase(route, query), origin);
}

/** The part of the key a URL determines (what the URL memo keeps). */
function restKeyBase(route: string, query: Record<string, unknown>): string {
  return JSON.stringify(['rest', route, canonical(query)]);
}

/** CORS headers follow Origin, so it is part of the key (after a newline, which the JSON never holds). */
function withOrigin(base: string, origin: string | undefined): string {
  return origin ? `${base}\n${origin}` : base;
}

/** GET or HEAD, without credentials or a method override header: what the URL memo may answer. */
function plainAnonymousRead(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && isAnonymousRequest(request.headers) && request.headers['x-http-method-override'] === undefined;
}

function sendServed(request: FastifyRequest, reply: FastifyReply, served: ServedAnswer): FastifyReply {
  if (served.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], served.etag)) {
    return reply.code(304).headers(served.headers).send();
  }
  reply.code(served.status).headers(served.headers);
  // HEAD is answered as GET without the body (same cache entry, same ETag, the length GET would send).
  if (request.method !== 'HEAD') return reply.send(served.body);
  const length = typeof served.body === 'string' ? Buffer.byteLength(served.body) : served.body.length;
  return reply.header('content-length', String(length)).send();
}

export function registerRest(app: FastifyInstance, dispatcher: RestDispatcher, cache: ReadCache, prefix: string, home: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>): RestEntry {
  // Raw URL (either form) → the URL's part of the cache key, for anonymous GETs that may be shared.
  const keys = new UrlMemo<string>();
  const publicHeaders = (anonymousGet: boolean): Finish => (answerHeaders, etag, outcome) => {
    const headers: Record<string, string> = { ...answerHeaders, ETag: etag, 'X-Cache': X_CACHE[outcome] };
    if (anonymousGet && !isNoStore(answerHeaders)) {
      headers['Cache-Control'] = cache.cacheControl(true);
      // A shared cache in front must not hand this public answer to a request with credentials.
      headers.Vary = headers.Vary ? `${headers.Vary}, Authorization` : 'Authorization';
    }
    return headers;
  };
  const finishAnonymous = publicHeaders(true);
  const finishPrivate = publicHeaders(false);

  /** The hit path: a URL seen before, answered from the cache before anything is parsed or resolved. */
  const handle = (request: FastifyRequest, reply: FastifyReply, route: string | null): FastifyReply | Promise<FastifyReply> => {
    const base = plainAnonymousRead(request) ? keys.get(request.raw.url ?? '/') : undefined;
    if (base === undefined) return compute(request, reply, route);
    const hit = cache.hit('rest', withOrigin(base, request.headers.origin), requestMark(request));
    if (hit === undefined) return compute(request, reply, route);
    if (hit instanceof Promise) return hit.then((served) => (served ? sendServed(request, reply, served) : compute(request, reply, route)));
    return sendServed(request, reply, hit);
  };

  const compute = async (request: FastifyRequest, reply: FastifyReply, route: string | null): Promise<FastifyReply> => {
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
      // As for pretty URLs: a NUL is left encoded, so no route matches it.
      path = restRoute.split('\u0000').join('%00');
    }
    path = '/' + path.replace(/^\/+/, '').replace(/\/+$/, '');
    const headers = headerMap(request);
    const methodOverride = typeof query._method === 'string' ? query._method : headers['x-http-method-override'];
    const method = (methodOverride || request.method).toUpperCase();
    const viewer = await resolveViewer(dispatcher.deps.db, request.headers.authorization, clientIp(request));
    const internal = {
      method,
      route: path,
      query,
      repeatedQuery: parsed.repeated.filter((k) => k !== 'rest_route'),
      invalidQuery: parsed.invalid.filter((k) => k !== 'rest_route'),
      body: bodyOf(request.body, headers),
      headers,
      ip: clientIp(request),
      viewer: viewer instanceof DomainError ? anonymous : viewer,
    };
    if (viewer instanceof DomainError) {
      return send(reply, { status: viewer.status, headers: { ...standardHeaders(dispatcher, internal), ...retryAfterOf(viewer) }, body: JSON.stringify(errorBody(viewer)) });
    }
    if (method !== 'GET' && method !== 'HEAD') {
      const answer = await serveRequest(dispatcher, internal, { head: false, override: Boolean(methodOverride) });
      // Any other method may have written something: every instance drops what it changed first.
      if (method !== 'OPTIONS') await cache.written();
      return send(reply, answer);
    }
    const anonymousGet = viewer.isAnonymous && isAnonymousRequest(request.headers);
    let key: string | null = null;
    // No key when the cache is off: it would only be built and dropped.
    if (cache.enabled && anonymousGet && query.context !== 'edit' && query.password === undefined) {
      const base = restKeyBase(path, query);
      key = withOrigin(base, headers.origin);
      // The memo answers only what the URL alone decides: no `_method` in it (the header is checked per request).
      if (query._method === undefined) keys.set(rawUrl, base);
    }
    const served = await cache.read(
      'rest',
      key,
      async () => {
        // The computation (and its `_embed` sub-requests) records what it reads here: the entry's tags.
        const loaders = new LoaderCache(dispatcher.deps.db, { readOnly: true });
        const answer = await serveRequest(dispatcher, { ...internal, method: 'GET', loaders }, { head: false, override: Boolean(methodOverride) });
        // An answer that says `no-store` (a single-use nonce) is never kept nor shared.
        return { status: answer.status, headers: answer.headers, body: answer.body ?? '', tags: loaders.tags.list(), cacheable: isNoStore(answer.headers) ? false : undefined };
      },
      undefined,
      anonymousGet ? finishAnonymous : finishPrivate,
    );
    return sendServed(request, reply, served);
  };

  const base = '/' + prefix;
  const entry: RestEntry = (request, reply) => {
    const target = restTarget(request.raw.url ?? '/', base);
    return target === undefined ? undefined : handle(request, reply, target);
  };
  const serve = (request: FastifyRequest, reply: FastifyReply) => entry(request, reply) ?? home(request, reply);
  app.all(base, serve);
  app.all(`${base}/*`, serve);
  app.all('/index.php', serve);
  // WordPress answers `?rest_route=` on the home page too.
  app.all('/', serve);
  return entry;
}
