/**
 * seo/v1: configuration/*.
 */
import type { RouteDef } from '../../server/types';

export function configurationRoutes(): RouteDef[] {
  return [];
}
