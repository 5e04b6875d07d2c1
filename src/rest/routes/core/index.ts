/**
 * The `core/v2` routes in WordPress's registration order (create_initial_rest_routes): users, then
 * application passwords.
 */
import type { RouteDef } from '../../server/types';
import { applicationPasswordRoutes } from './application-passwords';
import { userRoutes } from './users';

export function coreRoutes(): RouteDef[] {
  return [...userRoutes(), ...applicationPasswordRoutes()];
}
