/**
 * seo/v1: semrush/*.
 */
import type { RouteDef } from '../../server/types';

export function semrushRoutes(): RouteDef[] {
  return [];
}
