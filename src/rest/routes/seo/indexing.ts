/**
 * seo/v1: indexing/* and link-indexing/*.
 */
import type { RouteDef } from '../../server/types';

export function indexingRoutes(): RouteDef[] {
  return [];
}
