/**
 * Per-request figures for /metrics: latency by route family (rest:<namespace>, graphql, other)
 * and the SQL statements each request ran (counted in the database client's async scope).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestStatements } from '../db/client';
import type { AppMetrics } from './metrics';

const scopes = new WeakMap<FastifyRequest, { count: number }>();

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

export function observeRequests(app: FastifyInstance, metrics: AppMetrics, restPrefix: string): void {
  app.addHook('onRequest', async (request) => {
    const scope = { count: 0 };
    scopes.set(request, scope);
    requestStatements.enterWith(scope);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.url === '/metrics') return;
    const family = routeFamily(request.raw.url ?? request.url, restPrefix);
    metrics.observeRequest(family, request.method, reply.statusCode, reply.elapsedTime / 1000);
    const scope = scopes.get(request);
    if (scope) metrics.statements(family, scope.count);
  });
}
