/**
 * The Fastify application: request bodies kept raw (the REST dispatcher parses them the way
 * WordPress does), the REST and GraphQL adapters, the health route, and graceful shutdown.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { PersistedQueryStore } from '../graphql/persisted-queries';
import { createGraphQLServer, registerGraphQL } from '../graphql/server';
import { createRestAdapter } from '../rest';
import type { ResponseCache } from '../cache/store';
import { createAppMetrics, registerMetrics, type MetricsSource } from './metrics';
import { observeRequests } from './request-metrics';
import { createReadCache } from './read-cache-setup';
import type { RestDispatcher } from '../rest/server/dispatcher';
import { registerFeeds } from './feeds';
import { registerAuthorizeApplication } from './authorize-application/routes';
import { answerClientError, frameworkErrors, MAX_HEADER_SIZE, installFrameworkErrors } from './framework-errors';
import { registerRest, type RestEntry } from './rest';

export interface App {
  fastify: FastifyInstance;
  rest: RestDispatcher;
}

export interface AppOptions {
  logger?: boolean;
  /** What /metrics serves (default: this process's own metrics). */
  metrics?: MetricsSource;
}

export async function buildApp(config: Config, db: Database, options: AppOptions = {}): Promise<App> {
  // Requests the router cannot take (an undecodable path) still reach the REST face when they are REST URLs.
  let restEntry: RestEntry = () => undefined;
  const fastify: FastifyInstance = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: true,
    // Query strings are parsed by the REST layer with PHP semantics.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    return503OnClosing: true,
    frameworkErrors: frameworkErrors((request, reply) => restEntry(request, reply)),
    // Node's parser errors (431/414, 400, 408) in WordPress's shape with Connection: close.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, fastify.log),
    http: { maxHeaderSize: MAX_HEADER_SIZE },
    // A request must have arrived whole by then (else 408, answered by answerClientError).
    requestTimeout: 120_000,
  });
  installFrameworkErrors(fastify, (request, reply) => restEntry(request, reply));
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // The cache's gauges are read at scrape time, so the registry can exist before the cache.
  let cacheStats: () => { entries: number; bytes: number } = () => ({ entries: 0, bytes: 0 });
  const metrics = createAppMetrics({ cache: { stats: () => cacheStats() } });
  const cache = await createReadCache(config, db, fastify.log, {
    outcome: (face, outcome, reason) => (outcome === 'hit' ? metrics.cacheHit(face) : outcome === 'miss' ? metrics.cacheMiss(face) : metrics.cacheBypassed(face, reason ?? 'uncacheable')),
  });
  if (cache.store) cacheStats = () => (cache.store as ResponseCache).stats();
  cache.bus.onInvalidate((tags) => metrics.invalidated(tags));
  fastify.addHook('onClose', async () => cache.close());
  // With http_request_duration_seconds_count, the average statements per request under any load.
  metrics.registry.gauge({ name: 'db_statements_run', help: 'SQL statements this process has run since it started.', collect: () => db.queries.count });
  metrics.registry.gauge({ name: 'db_prisma_calls_run', help: 'Of those, the statements Prisma ran (the rest ran as prepared statements on the fast read path).', collect: () => db.queries.prismaCount });
  metrics.registry.gauge({ name: 'db_read_fallbacks_run', help: 'Reads the fast path could not compile that went to Prisma unannounced (see the log for which).', collect: () => db.fast.audit.counts['prisma-fallback'] });
  metrics.registry.gauge({ name: 'db_untracked_reads_run', help: 'Read requests that reached for Prisma directly, unannounced (their answers carry * in the cache).', collect: () => db.fast.audit.counts['prisma-direct'] });
  db.fast.audit.onFirstLeak = (leak) => fastify.log.warn({ leak }, 'a read left the tracked fast path (src/db/read-audit.ts)');
  metrics.registry.gauge({ name: 'server_processes', help: 'Server processes whose metrics this answer sums (the cluster workers; 1 without).', collect: () => 1 });
  registerMetrics(fastify, metrics.registry, options.metrics);
  observeRequests(fastify, metrics, config.restPrefix, db.queries);

  const rest = createRestAdapter(config, db, fastify.log);
  restEntry = registerRest(fastify, rest, cache.reads, config.restPrefix, (reply) =>
    reply
      // WordPress announces the API on every page (rest_output_link_header); clients discover it so.
      .header('Link', `<${rest.deps.urls.root()}>; rel="https://api.w.org/"`)
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><title>Content site</title><h1>Content site</h1><ul><li><a href="/${config.restPrefix}/">REST API</a></li><li><a href="/graphql">GraphQL</a></li></ul>`),
  );

  registerFeeds(fastify, config, db);
  registerAuthorizeApplication(fastify, config, db, cache.reads);

  const persistedQueries = new PersistedQueryStore(db, config.graphql.persistedQueriesMax);
  const graphql = await createGraphQLServer(config, fastify.log, persistedQueries);
  registerGraphQL(fastify, graphql, config, db, cache.reads, persistedQueries);
  fastify.addHook('onClose', async () => graphql.stop());

  // Liveness: answers without touching the database (also the bare baseline of the benchmarks).
  fastify.get('/ping', async () => ({ status: 'ok' }));
  // Readiness: the database answers.
  fastify.get('/health', async (_request, reply) => {
    try {
      await db.prisma.$queryRawUnsafe('SELECT 1');
      return { status: 'ok' };
    } catch {
      // An error like any other (WordPress's shape), and still readable by a probe that looks at `status`.
      return reply.code(503).send({ code: 'database_unavailable', message: 'The database does not answer.', data: { status: 503 }, status: 'unavailable' });
    }
  });

  return { fastify, rest };
}
