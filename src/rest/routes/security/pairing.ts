/** security/v1 pairing routes (filled in by the issue-18 work). */
import type { RouteDef } from '../../server/types';

export function pairingRoutes(): RouteDef[] {
  return [];
}
