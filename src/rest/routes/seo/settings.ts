/**
 * seo/v1: alerts, introductions, integrations, workouts, new-content-type-visibility, wistia_embed_permission, available_posts, meta/search, file_size, import/{plugin}/{type}.
 */
import type { RouteDef } from '../../server/types';

export function settingsRoutes(): RouteDef[] {
  return [];
}
