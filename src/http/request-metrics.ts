/**
 * Per-request figures for /metrics: latency by route family (rest:<namespace>, graphql, other)
 * and the SQL statements requests run. Statements are counted by the database client for the whole
 * process; a request's own count is the difference across it, so it is only observed for requests
 * that no other request overlapped (an async-context scope would be exact, but Node 20's promise
 * hooks cost a fifth of the uncached throughput).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryCounter } from '../db/client';
import type { AppMetrics } from './metrics';

interface Measure {
  startCount: number;
  /** Another request ran at some time during this one. */
  overlapped: boolean;
}

export function routeFamily(url: string, restPrefix: string): string {
  const [path, search = ''] = url.split('?');
  if (path === '/graphql' || path.startsWith('/graphql/')) return 'graphql';
  let route: string | null = null;
  if (path === `/${restPrefix}` || path.startsWith(`/${restPrefix}/`)) route = path.slice(restPrefix.length + 1);
  else if (path === '/' || path === '/index.php') route = new URLSearchParams(search).get('rest_route');
  if (route === null) return 'other';
  const segments = decodeURIComponent(route).split('/').filter(Boolean);
  // Namespaces are two segments (core/v2, events/v1); the index is the root.
  return segments.length ? `rest:${segments.slice(0, 2).join('/')}` : 'rest:index';
}

export function observeRequests(app: FastifyInstance, metrics: AppMetrics, restPrefix: string, queries: QueryCounter): void {
  const inFlight = new Map<FastifyRequest, Measure>();
  app.addHook('onRequest', async (request) => {
    for (const other of inFlight.values()) other.overlapped = true;
    inFlight.set(request, { startCount: queries.count, overlapped: inFlight.size > 0 });
  });
  app.addHook('onResponse', async (request, reply) => {
    const measure = inFlight.get(request);
    inFlight.delete(request);
    if (request.url === '/metrics') return;
    const family = routeFamily(request.raw.url ?? request.url, restPrefix);
    metrics.observeRequest(family, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (measure && !measure.overlapped) metrics.statements(family, queries.count - measure.startCount);
  });
}
