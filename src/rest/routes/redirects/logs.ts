/**
 * redirects/v1: /log, /404 and their bulk deletes.
 */
import type { RouteDef } from '../../server/types';

export function logsRoutes(): RouteDef[] {
  return [];
}
