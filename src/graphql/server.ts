/**
 * The GraphQL face: Apollo Server over the executable schema, mounted on Fastify at /graphql.
 * GET (queries only) and POST (single or batched JSON), automatic persisted queries, CORS as
 * WPGraphQL sends it, the limits of limits.ts, and per-request contexts carrying the viewer that
 * HTTP Basic application passwords identify — the same check as REST. Anonymous queries, by GET or
 * as one JSON operation POSTed, are answered from the read cache when they succeeded before.
 *
 * Uploads follow the GraphQL multipart request spec (multipart.ts): POST only, the body streamed
 * past the JSON parser, its file parts staged on disk for the operations and removed after them;
 * such a request is never cached.
 *
 * No CSRF prevention: a request's authority comes only from its Authorization header (application
 * passwords), never from a cookie, so a cross-site request can do nothing its page could not do
 * itself; mutations over GET are still refused (Apollo allows only queries there).
 */
import { requestMark } from '../http/request-mark';
import { clientIp } from '../http/security';
import { retryAfterOf } from '../domain/security/guard';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DomainError } from '../domain/errors';
import { isAnonymousRequest, resolveViewer } from '../http/auth';
import { matchesIfNoneMatch } from '../http/etag';
import { UrlMemo } from '../http/memo';
import { registrationsOf, type PersistedQueryStore } from './persisted-queries';
import { X_CACHE, type Answer, type Finish, type ReadCache, type ServedAnswer } from '../http/read-cache';
import { getCacheKey, isJsonRequest, postCacheKey, withAccept } from './cache-keys';
import { createContext, type GraphQLContext } from './context';
import { GRAPHQL_RESPONSE_HEADERS } from './cors';
import { graphqlContentTypeMessage } from '../http/framework-errors';
import { checkedSearch, decodeJsonBody, invalidBatchMember, noNulStringsRule } from './client-text';
import { formatError } from './errors';
import { aliasLimitRule, complexityPlugin, depthLimitRule } from './limits';
import { isMultipart, MultipartBody, stageOperations } from './multipart';
import { registerPlayground, wantsPlayground } from './playground';
import { buildSchema } from './schema';

export const GRAPHQL_PATH = '/graphql';

/** File parts one multipart request may carry. */
const MAX_FILES = 10;

interface Logger {
  error(object: unknown, message?: string): void;
}

/**
 * Records on the request's context what its operations did: a mutation (cached reads are then
 * invalidated; a request of queries only is a read request for the read audit, src/db/read-audit.ts),
 * and whether every operation was a query answered without errors — the only
 * answers the read cache may store. Errors are never stored, not even the deterministic ones
 * (as WPGraphQL Smart Cache): PersistedQueryNotFound stops being true once the document is sent.
 * A request Apollo refuses before its pipeline runs reaches no hook and stays unstored.
 */
const answerEffects: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, contextValue }) {
        if (operation?.operation === 'mutation') contextValue.effects.wrote = true;
        contextValue.domain.loaders.readOnly = !contextValue.effects.wrote && operation?.operation === 'query';
      },
      async willSendResponse({ operation, response, contextValue }) {
        const clean = operation?.operation === 'query' && response.body.kind === 'single' && !response.body.singleResult.errors?.length;
        if (clean) contextValue.effects.succeeded = true;
        else contextValue.effects.failed = true;
      },
    };
  },
};

export async function createGraphQLServer(config: Config, log: Logger, persistedQueries: PersistedQueryStore): Promise<ApolloServer<GraphQLContext>> {
  const limits = config.graphql;
  const server = new ApolloServer<GraphQLContext>({
    persistedQueries: { cache: persistedQueries, ttl: null },
    schema: buildSchema(),
    introspection: limits.introspection,
    // Authority comes from the Authorization header alone, never a cookie: see the header comment.
    csrfPrevention: false,
    // main.ts owns shutdown (Apollo's own handlers would stop the server and re-send the signal under it).
    stopOnTerminationSignals: false,
    allowBatchedHttpRequests: true,
    includeStacktraceInErrorResponses: false,
    validationRules: [depthLimitRule(limits.maxDepth), aliasLimitRule(limits.maxAliases), noNulStringsRule],
    formatError: (formatted, error) => formatError(formatted, error, (e) => log.error({ err: e }, 'GraphQL resolver failed')),
    plugins: [ApolloServerPluginCacheControlDisabled(), complexityPlugin(limits.maxComplexity), answerEffects],
  });
  await server.start();
  return server;
}

function headerMapOf(request: FastifyRequest): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // A multipart request reaches Apollo as the JSON operations it carried.
  if (request.body instanceof MultipartBody) headers.set('content-type', 'application/json');
  return headers;
}

/** Whether a request's body is a GraphQL multipart upload, left unread for the GraphQL face (POST only). */
export function isGraphQLMultipart(rawUrl: string | undefined, method: string, contentType: string | undefined): boolean {
  if (method !== 'POST' || !isMultipart(contentType)) return false;
  const url = rawUrl ?? '/';
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).replace(/\/+$/, '') === GRAPHQL_PATH;
}

function sendErrors(reply: FastifyReply, status: number, message: string, extensions: Record<string, unknown> = {}): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify({ errors: [{ message, extensions }] }));
}

/** The body as Apollo expects it: parsed JSON (checked by client-text.ts); WPGraphQL takes no other type of POST body. */
function parseBody(request: FastifyRequest): { ok: true; body: unknown } | { ok: false; status: number; message: string } {
  const raw = Buffer.isBuffer(request.body) ? request.body : null;
  if (!raw || raw.length === 0) return { ok: true, body: undefined };
  const type = request.headers['content-type'];
  if (!/json/i.test(type ?? '')) return { ok: false, status: 415, message: graphqlContentTypeMessage(type) };
  const decoded = decodeJsonBody(raw);
  if (!decoded.ok) return { ok: false, status: 400, message: decoded.message };
  if (Array.isArray(decoded.body)) {
    const invalid = invalidBatchMember(decoded.body);
    if (invalid) return { ok: false, status: 400, message: invalid };
  }
  return decoded;
}

export function registerGraphQL(app: FastifyInstance, server: ApolloServer<GraphQLContext>, config: Config, db: Database, cache: ReadCache, persistedQueries: PersistedQueryStore): void {
  // Raw URL → cache key of anonymous GETs, raw body → cache key of anonymous POSTs: a repeated request is not parsed again.
  const getKeys = new UrlMemo<string>();
  const postKeys = new UrlMemo<string>(2_000, 16_384);
  /**
   * The headers of an answer. Anonymous GETs may be kept by shared caches; a POSTed answer is
   * served from ours but said `no-store` (HTTP caches do not keep POST answers, and the URL alone
   * does not name it). An answer that must not be stored (errors) already says `no-store`.
   */
  const finish =
    (cacheControl: string | null): Finish =>
    (answerHeaders, etag, outcome) => ({
      ...answerHeaders,
      etag,
      'x-cache': X_CACHE[outcome],
      vary: 'Authorization, Accept',
      'cache-control': cacheControl === null ? 'private, no-store' : (answerHeaders['cache-control'] ?? cacheControl),
    });
  const finishAnonymousGet = finish(cache.cacheControl(true));
  const finishAnonymousPost = finish('no-store');
  const finishPrivate = finish(null);

  const send = (request: FastifyRequest, reply: FastifyReply, served: ServedAnswer): FastifyReply => {
    reply.code(served.status).headers(served.headers);
    if (request.method === 'GET' && served.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], served.etag)) return reply.code(304).send();
    return reply.send(served.body);
  };

  /** The memoised cache key of an anonymous request seen before (undefined: none, or not anonymous). */
  const knownKey = (request: FastifyRequest): string | undefined => {
    if (!isAnonymousRequest(request.headers)) return undefined;
    if (request.method === 'GET') {
      const key = config.graphql.playground && wantsPlayground(request) ? undefined : getKeys.get(request.raw.url ?? '');
      return key === undefined ? undefined : withAccept(key, request);
    }
    if (!Buffer.isBuffer(request.body) || !isJsonRequest(request)) return undefined;
    const key = postKeys.get(request.body.toString('utf8'));
    return key === undefined ? undefined : withAccept(key, request);
  };

  /** The hit path: an anonymous request seen before, answered before the request is parsed or a context made. */
  const handle = (request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> => {
    const key = knownKey(request);
    if (key === undefined) return compute(request, reply);
    const hit = cache.hit('graphql', key, requestMark(request));
    if (hit === undefined) return compute(request, reply);
    if (hit instanceof Promise) return hit.then((served) => (served ? send(request, reply, served) : compute(request, reply)));
    return send(request, reply, hit);
  };

  /** The cache key of an anonymous read (null: not to be shared: authenticated, cache off, a batch or a mutation). */
  const keyOf = (request: FastifyRequest, anonymous: boolean, search: string, body: unknown): string | null => {
    if (!cache.enabled || !anonymous) return null;
    if (request.method === 'GET') {
      const url = request.raw.url ?? '';
      const key = getKeys.get(url) ?? getCacheKey(search);
      getKeys.set(url, key);
      return withAccept(key, request);
    }
    if (!isJsonRequest(request) || !Buffer.isBuffer(request.body)) return null;
    const key = postCacheKey(body);
    if (key === null) return null;
    postKeys.set(request.body.toString('utf8'), key);
    return withAccept(key, request);
  };

  /** A multipart request: its files staged, then answered as the JSON operations it carried; the files go after. */
  const computeMultipart = async (request: FastifyRequest, reply: FastifyReply, body: MultipartBody): Promise<FastifyReply> => {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
    const staged = await stageOperations(body.stream, headers, { fileBytes: config.media.uploadMaxBytes, fieldBytes: config.bodyLimit, files: MAX_FILES });
    if (!staged.ok) return sendErrors(reply, staged.status, staged.message, { code: 'BAD_REQUEST', status: staged.status });
    try {
      return await compute(request, reply, { ok: true, body: staged.body });
    } finally {
      await staged.cleanup();
    }
  };

  const compute = async (request: FastifyRequest, reply: FastifyReply, staged?: { ok: true; body: unknown }): Promise<FastifyReply> => {
    if (request.body instanceof MultipartBody && !staged) return computeMultipart(request, reply, request.body);
    if (config.graphql.playground && wantsPlayground(request)) return reply.redirect(`${GRAPHQL_PATH}/playground`);
    const parsed = staged ?? parseBody(request);
    if (!parsed.ok) return sendErrors(reply, parsed.status, parsed.message, { code: 'BAD_REQUEST', status: parsed.status });
    if (Array.isArray(parsed.body) && parsed.body.length > config.graphql.batchLimit) {
      return sendErrors(reply, 400, `Batch requests are limited to ${config.graphql.batchLimit} operations; this one has ${parsed.body.length}.`, { code: 'BATCH_LIMIT_EXCEEDED' });
    }
    const viewer = await resolveViewer(db, request.headers.authorization, clientIp(request));
    if (viewer instanceof DomainError) return sendErrors(reply.headers(retryAfterOf(viewer)), viewer.status, viewer.message, { code: viewer.code, status: viewer.status });

    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    const checked = checkedSearch(q === -1 ? '' : url.slice(q));
    if (!checked.ok) return sendErrors(reply, 400, checked.message, { code: 'BAD_REQUEST', status: 400 });
    const search = checked.search;
    // Registered before the request runs, so a hash-only GET through any other process finds it once this is answered.
    for (const [hash, query] of registrationsOf(request.method, search, parsed.body)) await persistedQueries.register(hash, query);
    const context = createContext(db, config, viewer, clientIp(request));
    const execute = async (): Promise<Answer> => {
      const response = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: request.method.toUpperCase(), headers: headerMapOf(request), search, body: parsed.body },
        context: async () => context,
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of response.headers) headers[name] = value;
      let body = '';
      if (response.body.kind === 'complete') body = response.body.string;
      // Incremental delivery (@defer) is not enabled; collect the chunks all the same.
      else for await (const chunk of response.body.asyncIterator) body += chunk;
      const { succeeded, failed } = context.effects;
      const cacheable = succeeded && !failed;
      if (cacheable) delete headers['cache-control'];
      else headers['cache-control'] = 'no-store';
      return { status: response.status ?? 200, headers, body, tags: context.domain.loaders.tags.list(), cacheable };
    };

    const anonymous = viewer.isAnonymous && isAnonymousRequest(request.headers);
    const key = keyOf(request, anonymous, search, parsed.body);
    const finishing = !anonymous ? finishPrivate : request.method === 'GET' ? finishAnonymousGet : finishAnonymousPost;
    // A GET never writes (Apollo refuses mutations over GET); a POST may.
    const served = await cache.read('graphql', key, execute, undefined, finishing);
    // Every instance drops what the mutation changed before the answer leaves.
    if (context.effects.wrote) await cache.written();
    return send(request, reply, served);
  };

  app.route({
    method: ['GET', 'POST'],
    url: GRAPHQL_PATH,
    // Before the body is read, so that every answer carries them, refusals of the body included.
    onRequest: (_request, reply, done) => {
      reply.headers(GRAPHQL_RESPONSE_HEADERS);
      done();
    },
    handler: handle,
  });
  // The CORS preflight, as WPGraphQL answers it: 200 and the headers, no body.
  app.options(GRAPHQL_PATH, (_request, reply) => reply.code(200).headers(GRAPHQL_RESPONSE_HEADERS).header('content-length', '0').send());
  if (config.graphql.playground) registerPlayground(app);
}
