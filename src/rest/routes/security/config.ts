/** security/v1 config routes (filled in by the issue-18 work). */
import type { RouteDef } from '../../server/types';

export function configRoutes(): RouteDef[] {
  return [];
}
