/**
 * The `events-import/v1` routes: the Event Aggregator's two callbacks, then our import routes.
 */
import type { RouteDef } from '../../server/types';
import { callbackRoutes } from './callbacks';
import { importRoutes } from './imports';

export function eventsImportRoutes(): RouteDef[] {
  return [...callbackRoutes(), ...importRoutes()];
}
