/**
 * redirects/v1: /group, /group/{id}, /bulk/group/{bulk}.
 */
import type { RouteDef } from '../../server/types';

export function groupsRoutes(): RouteDef[] {
  return [];
}
