/**
 * redirects/v1: /setting.
 */
import type { RouteDef } from '../../server/types';

export function settingsRoutes(): RouteDef[] {
  return [];
}
