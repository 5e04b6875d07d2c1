import type { RouteDef } from '../../server/types';

/** Not built yet. */
export function postTypeRoutes(): RouteDef[] {
  return [];
}
