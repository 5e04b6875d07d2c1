/** security/v1 scan routes (filled in by the issue-18 work). */
import type { RouteDef } from '../../server/types';

export function scanRoutes(): RouteDef[] {
  return [];
}
