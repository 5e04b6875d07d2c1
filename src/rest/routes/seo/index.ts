/**
 * The `seo/v1` routes (Yoast SEO's REST API under a neutral namespace). Each file translates its
 * routes onto src/domain/seo.
 */
import type { RouteDef } from '../../server/types';
import { configurationRoutes } from './configuration';
import { indexingRoutes } from './indexing';
import { scoresRoutes } from './scores';
import { semrushRoutes } from './semrush';
import { settingsRoutes } from './settings';

export function seoV1Routes(): RouteDef[] {
  return [...settingsRoutes(), ...scoresRoutes(), ...configurationRoutes(), ...indexingRoutes(), ...semrushRoutes()];
}
