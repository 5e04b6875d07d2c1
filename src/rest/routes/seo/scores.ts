/**
 * seo/v1: statistics, seo_scores, readability_scores.
 */
import type { RouteDef } from '../../server/types';

export function scoresRoutes(): RouteDef[] {
  return [];
}
