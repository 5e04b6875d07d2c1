/**
 * redirects/v1: /plugin, /plugin/delete, /plugin/test, /plugin/data.
 */
import type { RouteDef } from '../../server/types';

export function pluginRoutes(): RouteDef[] {
  return [];
}
