/**
 * The Fastify application: request bodies kept raw (the REST dispatcher parses them the way
 * WordPress does), the REST and GraphQL adapters, the public site, the health route, and graceful
 * shutdown.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { PersistedQueryStore } from '../graphql/persisted-queries';
import { MultipartBody } from '../graphql/multipart';
import { createGraphQLServer, isGraphQLMultipart, registerGraphQL } from '../graphql/server';
import { createRestAdapter } from '../rest';
import type { ResponseCache } from '../cache/store';
import { createAppMetrics, registerMetrics, type MetricsSource } from './metrics';
import { observeRequests } from './request-metrics';
import { createReadCache } from './read-cache-setup';
import type { RestDispatcher } from '../rest/server/dispatcher';
import { registerFeeds } from './feeds';
import { registerAuthorizeApplication } from './authorize-application/routes';
import { answerClientError, frameworkErrors, MAX_HEADER_SIZE, installFrameworkErrors, sendFrameworkError } from './framework-errors';
import { registerRest, type RestEntry } from './rest';
import { isUploadUrl, UploadBody } from '../rest/server/uploads';
import { readBody } from './read-body';
import { registerUploads } from './uploads';
import { registerSite } from './site';
import { startLogRetention } from './log-retention';
import { useSecurityLogger } from '../domain/security/log';
import { SiteRedirects } from './redirects';
import { registerRequestMarks } from './request-mark';
import { registerSecurity } from './security';
import { registerReplicaRouting } from './replica-routing';
import { closeAnalysisQueue } from '../domain/seo/analysis-queue';
import { scanRunnerFor } from '../domain/security/scan/runner';
import { registerHealth, type Health } from './health';

export interface App {
  fastify: FastifyInstance;
  rest: RestDispatcher;
  /** /ping and /health; `drain()` on shutdown (src/http/health.ts). */
  health: Health;
}

export interface AppOptions {
  logger?: boolean;
  /** What /metrics serves (default: this process's own metrics). */
  metrics?: MetricsSource;
}

export async function buildApp(config: Config, db: Database, options: AppOptions = {}): Promise<App> {
  // Requests the router cannot take (an undecodable path) still reach the REST face when they are REST URLs.
  let restEntry: RestEntry = () => undefined;
  // Unknown paths: the REST face's when they are REST URLs, else the site's pages (a themed 404).
  let ownerEntry: RestEntry = () => undefined;
  const fastify: FastifyInstance = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: true,
    // Query strings are parsed by the REST layer with PHP semantics.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    return503OnClosing: true,
    frameworkErrors: frameworkErrors((request, reply) => ownerEntry(request, reply)),
    // Node's parser errors (431/414, 400, 408) in WordPress's shape with Connection: close.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, fastify.log),
    http: { maxHeaderSize: MAX_HEADER_SIZE },
    // A request must have arrived whole by then (else 408, answered by answerClientError).
    requestTimeout: 120_000,
  });
  installFrameworkErrors(fastify, (request, reply) => ownerEntry(request, reply));
  fastify.removeAllContentTypeParsers();
  const uploads = (rawUrl: string | undefined, method: string) => method === 'POST' && isUploadUrl(rawUrl ?? '/', config.restPrefix);
  fastify.addContentTypeParser('*', (request, payload, done) => {
    // A media upload is streamed to storage by the REST layer (UPLOAD_MAX_BYTES), never buffered here.
    if (uploads(request.raw.url, request.method)) return done(null, new UploadBody(payload));
    // So is a GraphQL multipart request (the GraphQL face stages its file parts).
    if (isGraphQLMultipart(request.raw.url, request.method, request.headers['content-type'])) return done(null, new MultipartBody(payload));
    readBody(payload, request.headers['content-length'], config.bodyLimit).then((body) => done(null, body), (error: Error) => done(error, undefined));
  });

  // The cache's gauges are read at scrape time, so the registry can exist before the cache.
  let cacheStats: () => { entries: number; bytes: number } = () => ({ entries: 0, bytes: 0 });
  const metrics = createAppMetrics({ cache: { stats: () => cacheStats() } });
  const cache = await createReadCache(config, db, fastify.log, {
    outcome: (face, outcome, reason) => (outcome === 'hit' ? metrics.cacheHit(face) : outcome === 'miss' ? metrics.cacheMiss(face) : metrics.cacheBypassed(face, reason ?? 'uncacheable')),
  });
  if (cache.store) cacheStats = () => (cache.store as ResponseCache).stats();
  // Each request's mark on the invalidation log, before the security guard reads the log for it.
  registerRequestMarks(fastify, cache.bus);
  // Blocked addresses, rate limits and the address logins are judged by, before any face serves.
  registerSecurity(fastify, config, db, cache.bus, fastify.log);
  // Anonymous reads may go to caught-up replicas; the guard above reads its counters from the primary.
  const replicas = db.replicas;
  if (replicas) {
    db.watchReplicas((change) => {
      if (change.state === 'down') fastify.log.warn({ replica: change.replica, reason: change.reason }, 'read replica down: its reads go to the primary until it answers again');
      else fastify.log.info({ replica: change.replica }, 'read replica answering again');
    });
    registerReplicaRouting(fastify, cache.bus);
    metrics.registry.gauge({ name: 'db_replica_statements_run', help: 'Fast-path statements the read replicas answered.', collect: () => replicas.replicaStatements });
    metrics.registry.gauge({ name: 'db_replica_primary_statements_run', help: 'Anonymous reads a replica could have taken that ran on the primary (every replica behind or down).', collect: () => replicas.primaryStatements });
    metrics.registry.gauge({ name: 'db_replica_failures', help: 'Reads and version checks that failed on a replica and ran on the primary.', collect: () => replicas.replicaFailures });
  }
  cache.bus.onInvalidate((tags) => metrics.invalidated(tags));
  fastify.addHook('onClose', async () => cache.close());
  // Redirect, 404 and security log entries past their retention go, hourly.
  const retention = startLogRetention(db, fastify.log, config.securityLogRetentionDays);
  fastify.addHook('onClose', async () => retention.stop());
  // With http_request_duration_seconds_count, the average statements per request under any load.
  metrics.registry.gauge({ name: 'db_statements_run', help: 'SQL statements this process has run since it started.', collect: () => db.queries.count });
  metrics.registry.gauge({ name: 'db_prisma_calls_run', help: 'Of those, the statements Prisma ran (the rest ran as prepared statements on the fast read path).', collect: () => db.queries.prismaCount });
  metrics.registry.gauge({ name: 'db_read_fallbacks_run', help: 'Reads the fast path could not compile that went to Prisma unannounced (see the log for which).', collect: () => db.fast.audit.counts['prisma-fallback'] });
  metrics.registry.gauge({ name: 'db_untracked_reads_run', help: 'Read requests that reached for Prisma directly, unannounced (their answers carry * in the cache).', collect: () => db.fast.audit.counts['prisma-direct'] });
  // Security events recorded without a logger at hand (token checks) go to this server's log.
  useSecurityLogger(fastify.log);
  db.fast.audit.onFirstLeak = (leak) => fastify.log.warn({ leak }, 'a read left the tracked fast path (src/db/read-audit.ts)');
  metrics.registry.gauge({ name: 'server_processes', help: 'Server processes whose metrics this answer sums (the cluster workers; 1 without).', collect: () => 1 });
  registerMetrics(fastify, metrics.registry, options.metrics);
  observeRequests(fastify, metrics, config.restPrefix, db.queries);

  const rest = createRestAdapter(config, db, fastify.log);
  // The public site answers GET and HEAD of every address the APIs do not own (src/http/site.ts).
  // Redirect rules act on every site request; their hits and logs are written in batches, the last on close.
  const redirects = new SiteRedirects(config, db, cache.bus, fastify.log);
  fastify.addHook('onClose', async () => redirects.close());
  const site = registerSite(fastify, config, db, cache.reads, { restUrl: (route, query) => rest.deps.urls.url(route, query), restRoot: rest.deps.urls.root() }, redirects);
  const page = (request: FastifyRequest, reply: FastifyReply) => site(request, reply) ?? sendFrameworkError(request, reply, 404);
  restEntry = registerRest(fastify, rest, cache.reads, config.restPrefix, page);
  ownerEntry = (request, reply) => restEntry(request, reply) ?? site(request, reply);

  registerFeeds(fastify, config, db, page);
  registerAuthorizeApplication(fastify, config, db, cache.reads);
  registerUploads(fastify, config);

  const persistedQueries = new PersistedQueryStore(db, config.graphql.persistedQueriesMax);
  const graphql = await createGraphQLServer(config, fastify.log, persistedQueries);
  registerGraphQL(fastify, graphql, config, db, cache.reads, persistedQueries);
  fastify.addHook('onClose', async () => graphql.stop());
  // The SEO analysis that runs after saves finishes its current item before the database closes.
  fastify.addHook('onClose', async () => closeAnalysisQueue(db));
  // Security scans run in the background; a scan whose server died is resumed at start (and checked for every lease period).
  const scans = scanRunnerFor(db, config, fastify.log);
  fastify.addHook('onReady', async () => {
    await scans.resumeAbandoned().catch((error: unknown) => fastify.log.warn({ err: error }, 'security scan: resuming failed'));
    scans.watch();
  });
  fastify.addHook('onClose', async () => scans.close());

  const health = registerHealth(fastify, db);

  return { fastify, rest, health };
}
