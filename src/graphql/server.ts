/**
 * The GraphQL face: Apollo Server over the executable schema, mounted on Fastify at /graphql.
 * GET (queries only, cacheable) and POST (single or batched JSON), automatic persisted queries,
 * CSRF prevention, the limits of limits.ts, and per-request contexts carrying the viewer that
 * HTTP Basic application passwords identify — the same check as REST.
 */
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DomainError } from '../domain/errors';
import { isAnonymousRequest, resolveViewer } from '../http/auth';
import { canonical } from '../http/canonical';
import { matchesIfNoneMatch } from '../http/etag';
import { UrlMemo } from '../http/memo';
import { registrationsOf, type PersistedQueryStore } from './persisted-queries';
import { X_CACHE, type Answer, type Finish, type ReadCache, type ServedAnswer } from '../http/read-cache';
import { createContext, type GraphQLContext } from './context';
import { graphqlContentTypeMessage } from '../http/framework-errors';
import { checkedSearch, decodeJsonBody, invalidBatchMember, noNulStringsRule } from './client-text';
import { formatError } from './errors';
import { aliasLimitRule, complexityPlugin, depthLimitRule } from './limits';
import { registerPlayground, wantsPlayground } from './playground';
import { buildSchema } from './schema';

export const GRAPHQL_PATH = '/graphql';

interface Logger {
  error(object: unknown, message?: string): void;
}

/** Marks the request's context when it runs a mutation, so its cached reads are invalidated. */
const mutationFlag: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, contextValue }) {
        if (operation?.operation === 'mutation') contextValue.effects.wrote = true;
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
    csrfPrevention: true,
    // main.ts owns shutdown (Apollo's own handlers would stop the server and re-send the signal under it).
    stopOnTerminationSignals: false,
    allowBatchedHttpRequests: true,
    includeStacktraceInErrorResponses: false,
    validationRules: [depthLimitRule(limits.maxDepth), aliasLimitRule(limits.maxAliases), noNulStringsRule],
    formatError: (formatted, error) => formatError(formatted, error, (e) => log.error({ err: e }, 'GraphQL resolver failed')),
    plugins: [ApolloServerPluginCacheControlDisabled(), complexityPlugin(limits.maxComplexity), mutationFlag],
  });
  await server.start();
  return server;
}

function headerMapOf(request: FastifyRequest): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
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

/** The cache key of an anonymous GET: the document (or its persisted hash), variables and operation, canonical. */
function graphqlCacheKey(search: string): string {
  const params = new URLSearchParams(search);
  const json = (name: string): unknown => {
    const raw = params.get(name);
    if (raw === null) return null;
    try {
      return canonical(JSON.parse(raw));
    } catch {
      return raw;
    }
  };
  return JSON.stringify(['graphql', params.get('query'), json('variables'), params.get('operationName'), json('extensions')]);
}

/**
 * Apollo answers `application/graphql-response+json` or `application/json` as Accept asks (and
 * the answer says `Vary: Accept`): the Accept header is part of the cache key.
 */
const negotiated = (urlKey: string, request: FastifyRequest): string => `${urlKey}\u0000${request.headers.accept ?? ''}`;

/**
 * Apollo's CSRF prevention lets a GET run when it cannot be a simple cross-site request: it names a
 * content type browsers would preflight, or carries one of the preflight headers. Only such requests
 * are answered from the cache (conservatively: an odd content type leaves the decision to Apollo).
 */
const SIMPLE_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
function preflighted(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers['apollo-require-preflight'] || headers['x-apollo-operation-name']) return true;
  const type = headers['content-type'];
  if (type === undefined) return false;
  const essence = type.split(';', 1)[0].trim().toLowerCase();
  return /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(essence) && !SIMPLE_CONTENT_TYPES.has(essence);
}

export function registerGraphQL(app: FastifyInstance, server: ApolloServer<GraphQLContext>, config: Config, db: Database, cache: ReadCache, persistedQueries: PersistedQueryStore): void {
  // Raw URL → cache key of anonymous GETs, so a repeated URL is not parsed again.
  const keys = new UrlMemo<string>();
  const finish =
    (anonymous: boolean): Finish =>
    (answerHeaders, etag, outcome) => ({
      ...answerHeaders,
      etag,
      'x-cache': X_CACHE[outcome],
      vary: 'Authorization, Accept',
      'cache-control': anonymous ? cache.cacheControl(true) : 'private, no-store',
    });
  const finishAnonymous = finish(true);
  const finishPrivate = finish(false);

  const send = (request: FastifyRequest, reply: FastifyReply, served: ServedAnswer): FastifyReply => {
    reply.code(served.status).headers(served.headers);
    if (served.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], served.etag)) return reply.code(304).send();
    return reply.send(served.body);
  };

  /** The hit path: an anonymous GET of a URL seen before, answered before the request is parsed or a context made. */
  const handle = (request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> => {
    const urlKey = request.method === 'GET' && isAnonymousRequest(request.headers) ? keys.get(request.raw.url ?? '') : undefined;
    if (urlKey === undefined || !preflighted(request) || (config.graphql.playground && wantsPlayground(request))) return compute(request, reply);
    const hit = cache.hit('graphql', negotiated(urlKey, request));
    if (hit === undefined) return compute(request, reply);
    if (hit instanceof Promise) return hit.then((served) => (served ? send(request, reply, served) : compute(request, reply)));
    return send(request, reply, hit);
  };

  const compute = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (config.graphql.playground && wantsPlayground(request)) return reply.redirect(`${GRAPHQL_PATH}/playground`);
    const parsed = parseBody(request);
    if (!parsed.ok) return sendErrors(reply, parsed.status, parsed.message, { code: 'BAD_REQUEST', status: parsed.status });
    if (Array.isArray(parsed.body) && parsed.body.length > config.graphql.batchLimit) {
      return sendErrors(reply, 400, `Batch requests are limited to ${config.graphql.batchLimit} operations; this one has ${parsed.body.length}.`, { code: 'BATCH_LIMIT_EXCEEDED' });
    }
    const viewer = await resolveViewer(db, request.headers.authorization, request.ip);
    if (viewer instanceof DomainError) return sendErrors(reply, viewer.status, viewer.message, { code: viewer.code, status: viewer.status });

    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    const checked = checkedSearch(q === -1 ? '' : url.slice(q));
    if (!checked.ok) return sendErrors(reply, 400, checked.message, { code: 'BAD_REQUEST', status: 400 });
    const search = checked.search;
    // Registered before the request runs, so a hash-only GET through any other process finds it once this is answered.
    for (const [hash, query] of registrationsOf(request.method, search, parsed.body)) await persistedQueries.register(hash, query);
    const context = createContext(db, config, viewer);
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
      return { status: response.status ?? 200, headers, body, tags: context.domain.loaders.tags.list() };
    };

    const anonymous = viewer.isAnonymous && isAnonymousRequest(request.headers);
    if (request.method === 'GET') {
      // Queries only (Apollo refuses mutations over GET), so a GET never writes.
      let key: string | null = null;
      if (cache.enabled && anonymous && preflighted(request)) {
        const urlKey = keys.get(url) ?? graphqlCacheKey(search);
        keys.set(url, urlKey);
        key = negotiated(urlKey, request);
      }
      const served = await cache.read('graphql', key, execute, anonymous ? 'csrf' : undefined, anonymous ? finishAnonymous : finishPrivate);
      return send(request, reply, served);
    }
    await cache.scheduled();
    const answer = await execute();
    // Every instance drops what the mutation changed before the answer leaves.
    if (context.effects.wrote) await cache.written();
    reply.code(answer.status).headers(answer.headers);
    reply.header('cache-control', anonymous ? 'no-store' : 'private, no-store').header('vary', 'Authorization, Accept');
    return reply.send(answer.body);
  };
  app.route({ method: ['GET', 'POST'], url: GRAPHQL_PATH, handler: handle });
  if (config.graphql.playground) registerPlayground(app);
}
