/**
 * Assembles the REST adapter: the route table for the deployment profile and its dispatcher.
 * Route order is WordPress's registration order: `/`, `/batch/v1`, then each namespace of the
 * profile with its root first.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { PROFILE_NAMESPACES } from './profiles';
import { coreRoutes } from './routes/core';
import { eventsRoutes } from './routes/events';
import { eventsImportRoutes } from './routes/events-import';
import { oembedRoutes } from './routes/oembed';
import { redirectsV1Routes } from './routes/redirects';
import { seoV1Routes } from './routes/seo';
import { securityV1Routes } from './routes/security';
import { rootRoutes } from './routes/root';
import { batchRoute } from './server/batch';
import { RestDispatcher } from './server/dispatcher';
import { RouteRegistry } from './server/registry';
import type { RouteDef } from './server/types';
import { restUrls } from './server/urls';

/** Route declarations of each namespace that has routes beyond its root. */
const NAMESPACE_ROUTES: Record<string, (registry: RouteRegistry) => RouteDef[]> = {
  'oembed/1.0': oembedRoutes,
  'core/v2': coreRoutes,
  'events/v1': eventsRoutes,
  'events-import/v1': eventsImportRoutes,
  'redirects/v1': redirectsV1Routes,
  'seo/v1': seoV1Routes,
  'security/v1': securityV1Routes,
};

export function createRestAdapter(config: Config, db: Database, log?: FastifyBaseLogger): RestDispatcher {
  const registry = new RouteRegistry();
  const urls = restUrls(config);
  const namespaces = PROFILE_NAMESPACES[config.profile];
  const dispatcher = new RestDispatcher({ config, db, registry, urls, log });
  const root = rootRoutes(registry, urls, namespaces);
  registry.add(root.index);
  registry.add(batchRoute(() => dispatcher));
  for (const namespace of namespaces) {
    registry.add(root.namespaceRoot(namespace));
    for (const route of NAMESPACE_ROUTES[namespace]?.(registry) ?? []) registry.add(route);
  }
  return dispatcher;
}
