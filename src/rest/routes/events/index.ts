/**
 * The `events/v1` routes in The Events Calendar's registration order: the documentation, events,
 * venues, organizers, categories, tags.
 */
import type { RouteRegistry } from '../../server/registry';
import type { RouteDef } from '../../server/types';
import { docRoute } from './doc';
import { eventRoutes } from './events';
import { organizerRoutes } from './organizers';
import { termRoutes } from './terms';
import { venueRoutes } from './venues';

export function eventsRoutes(registry: RouteRegistry): RouteDef[] {
  return [docRoute(registry), ...eventRoutes(), ...venueRoutes(), ...organizerRoutes(), ...termRoutes()];
}
