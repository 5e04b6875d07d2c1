/**
 * redirects/v1: /export/{module}/{format}, /import/file/{group_id}, /import/plugin.
 */
import type { RouteDef } from '../../server/types';

export function transferRoutes(): RouteDef[] {
  return [];
}
