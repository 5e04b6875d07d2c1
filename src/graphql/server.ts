/**
 * The GraphQL face: Apollo Server over the executable schema, mounted on Fastify at /graphql.
 * GET (queries only, cacheable) and POST (single or batched JSON), automatic persisted queries,
 * CSRF prevention, the limits of limits.ts, and per-request contexts carrying the viewer that
 * HTTP Basic application passwords identify — the same check as REST.
 */
import { ApolloServer, HeaderMap, type HTTPGraphQLResponse } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DomainError } from '../domain/errors';
import { resolveViewer } from '../http/auth';
import { createContext, type GraphQLContext } from './context';
import { formatError } from './errors';
import { aliasLimitRule, complexityPlugin, depthLimitRule } from './limits';
import { registerPlayground, wantsPlayground } from './playground';
import { buildSchema } from './schema';

export const GRAPHQL_PATH = '/graphql';

interface Logger {
  error(object: unknown, message?: string): void;
}

export async function createGraphQLServer(config: Config, log: Logger): Promise<ApolloServer<GraphQLContext>> {
  const limits = config.graphql;
  const server = new ApolloServer<GraphQLContext>({
    schema: buildSchema(),
    introspection: limits.introspection,
    csrfPrevention: true,
    allowBatchedHttpRequests: true,
    includeStacktraceInErrorResponses: false,
    validationRules: [depthLimitRule(limits.maxDepth), aliasLimitRule(limits.maxAliases)],
    formatError: (formatted, error) => formatError(formatted, error, (e) => log.error({ err: e }, 'GraphQL resolver failed')),
    plugins: [ApolloServerPluginCacheControlDisabled(), complexityPlugin(limits.maxComplexity)],
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

/** The body as Apollo expects it: parsed JSON for JSON requests, nothing otherwise. */
function parseBody(request: FastifyRequest): { ok: true; body: unknown } | { ok: false; message: string } {
  const raw = Buffer.isBuffer(request.body) ? request.body : null;
  if (!raw || raw.length === 0) return { ok: true, body: undefined };
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!type.includes('json')) return { ok: true, body: raw.toString('utf8') };
  try {
    return { ok: true, body: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
}

/** Anonymous GET answers may be cached by any layer in front; anything else depends on who asks. */
function cacheControl(request: FastifyRequest, anonymous: boolean, response: HTTPGraphQLResponse, maxAge: number): string {
  if (!anonymous) return 'private, no-store';
  if (request.method !== 'GET' || response.status !== undefined && response.status !== 200) return 'no-store';
  return `public, max-age=${maxAge}`;
}

export function registerGraphQL(app: FastifyInstance, server: ApolloServer<GraphQLContext>, config: Config, db: Database): void {
  const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (config.graphql.playground && wantsPlayground(request)) return reply.redirect(`${GRAPHQL_PATH}/playground`);
    const parsed = parseBody(request);
    if (!parsed.ok) return sendErrors(reply, 400, parsed.message, { code: 'BAD_REQUEST' });
    if (Array.isArray(parsed.body) && parsed.body.length > config.graphql.batchLimit) {
      return sendErrors(reply, 400, `Batch requests are limited to ${config.graphql.batchLimit} operations; this one has ${parsed.body.length}.`, { code: 'BATCH_LIMIT_EXCEEDED' });
    }
    const viewer = await resolveViewer(db, request.headers.authorization, request.ip);
    if (viewer instanceof DomainError) return sendErrors(reply, viewer.status, viewer.message, { code: viewer.code, status: viewer.status });

    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: request.method.toUpperCase(), headers: headerMapOf(request), search: q === -1 ? '' : url.slice(q), body: parsed.body },
      context: async () => createContext(db, config, viewer),
    });
    reply.code(response.status ?? 200);
    for (const [name, value] of response.headers) reply.header(name, value);
    reply.header('cache-control', cacheControl(request, viewer.isAnonymous, response, config.graphql.getMaxAge));
    reply.header('vary', 'Authorization, Accept');
    if (response.body.kind === 'complete') return reply.send(response.body.string);
    // Incremental delivery (@defer) is not enabled; collect the chunks all the same.
    let text = '';
    for await (const chunk of response.body.asyncIterator) text += chunk;
    return reply.send(text);
  };
  app.route({ method: ['GET', 'POST'], url: GRAPHQL_PATH, handler: handle });
  if (config.graphql.playground) registerPlayground(app);
}
