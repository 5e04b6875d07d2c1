/**
 * redirects/v1: /redirect, /redirect/{id}, /redirect/post, /bulk/redirect/{bulk}.
 */
import type { RouteDef } from '../../server/types';

export function redirectsRoutes(): RouteDef[] {
  return [];
}
