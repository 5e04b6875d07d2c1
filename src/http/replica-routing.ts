/**
 * Which requests may read from a replica (DATABASE_REPLICA_URLS): anonymous GET and HEAD requests
 * (REST in either URL form, the public site, feeds, GraphQL GETs, which Apollo never lets mutate)
 * and anonymous POSTed GraphQL documents that hold no mutation. Everything else — writes,
 * method overrides, signed-in requests — reads from the primary. The data layer decides per read
 * whether a replica is caught up (src/db/replica-router.ts); this only opens the scope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InvalidationBus } from '../cache/invalidation';
import { withReplicaReads, type ReplicaScope } from '../db/replica-scope';
import { GRAPHQL_PATH } from '../graphql/server';
import { postCacheKey, isJsonRequest } from '../graphql/cache-keys';
import { isAnonymousRequest } from './auth';
import { requestMark } from './request-mark';

/** REST's `_method` query parameter (its name percent-encoded too) turns a GET into any other method. */
const METHOD_OVERRIDE_PARAMETER = /[?&](?:_|%5f)method(?:=|&|$)/i;

/** The balancer's readiness check is about the primary. */
const PRIMARY_ONLY = new Set(['/health']);

function anonymousRead(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !PRIMARY_ONLY.has((request.raw.url ?? '/').split('?', 1)[0]) &&
    isAnonymousRequest(request.headers) &&
    request.headers['x-http-method-override'] === undefined &&
    !METHOD_OVERRIDE_PARAMETER.test(request.raw.url ?? '')
  );
}

/**
 * An anonymous POSTed GraphQL query: one operation whose document is given and names no mutation
 * (what the response cache shares too). A hash-only body may name a stored mutation: primary.
 */
function anonymousGraphQLQuery(request: FastifyRequest): boolean {
  if (request.method !== 'POST' || !isAnonymousRequest(request.headers) || !isJsonRequest(request) || !Buffer.isBuffer(request.body)) return false;
  if ((request.raw.url ?? '').split('?', 1)[0] !== GRAPHQL_PATH) return false;
  let body: unknown;
  try {
    body = JSON.parse(request.body.toString('utf8'));
  } catch {
    return false;
  }
  return postCacheKey(body) !== null && typeof (body as { query?: unknown }).query === 'string';
}

/**
 * Registers the hooks; register them after the security guard's, whose counters (written without
 * an invalidation) must be read from the primary.
 */
export function registerReplicaRouting(app: FastifyInstance, bus: Pick<InvalidationBus, 'syncNow'>): void {
  const scopeOf = (request: FastifyRequest): ReplicaScope => {
    const mark = requestMark(request);
    // What this instance has applied now: at least the version of every write acknowledged before
    // the request arrived, and of any cache entry this request stamps.
    return { requiredVersion: () => bus.syncNow(mark) };
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (anonymousRead(request)) withReplicaReads(scopeOf(request), done);
    else done();
  });
  // A POSTed query is known only once its body has been read.
  app.addHook('preHandler', (request, _reply, done) => {
    if (anonymousGraphQLQuery(request)) withReplicaReads(scopeOf(request), done);
    else done();
  });
}
