/**
 * Per-request figures for /metrics: latency by route family (rest:<namespace>, graphql, other)
 * and the SQL statements requests run. Statements are counted by the database client for the whole
 * process; a request's own count is the difference across it, so it is only observed for requests
 * that no other request overlapped (an async-context scope would be exact, but Node 20's promise
 * hooks cost a fifth of the uncached throughput).
 */
import { decodePercent } from '../domain/client-input';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryCounter } from '../db/client';
import { UrlMemo } from './memo';
import type { AppMetrics } from './metrics';

interface Measure {
  startCount: number;
  /** How many requests had started (this one included) when this one started. */
  started: number;
  /** Another request was in flight when this one started. */
  overlapped: boolean;
}

export function routeFamily(url: string, restPrefix: string): string {
  const [path, search = ''] = url.split('?');
  if (path === '/graphql' || path.startsWith('/graphql/')) return 'graphql';
  let route: string | null = null;
  if (path === `/${restPrefix}` || path.startsWith(`/${restPrefix}/`)) route = path.slice(restPrefix.length + 1);
  else if (path === '/' || path === '/index.php') route = new URLSearchParams(search).get('rest_route');
  if (route === null) return 'other';
  const segments = decodePercent(route).split('/').filter(Boolean);
  // Namespaces are two segments (core/v2, events/v1); the index is the root.
  return segments.length ? `rest:${segments.slice(0, 2).join('/')}` : 'rest:index';
}

export function observeRequests(app: FastifyInstance, metrics: AppMetrics, restPrefix: string, queries: QueryCounter): void {
  // Counters instead of a scan of the requests in flight: a request overlapped no other when none
  // was in flight as it started and none started before it ended.
  let inFlight = 0;
  let started = 0;
  const measures = new WeakMap<FastifyRequest, Measure>();
  const families = new UrlMemo<string>();
  const familyOf = (url: string): string => {
    let family = families.get(url);
    if (family === undefined) families.set(url, (family = routeFamily(url, restPrefix)));
    return family;
  };
  // Callback hooks: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    started += 1;
    measures.set(request, { startCount: queries.count, started, overlapped: inFlight > 0 });
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const measure = measures.get(request);
    if (measure) inFlight -= 1;
    if (request.url !== '/metrics') {
      const family = familyOf(request.raw.url ?? request.url);
      metrics.observeRequest(family, request.method, reply.statusCode, reply.elapsedTime / 1000);
      if (measure && !measure.overlapped && started === measure.started) metrics.statements(family, queries.count - measure.startCount);
    }
    done();
  });
}
