/**
 * The `security/v1` routes (Wordfence Central's connector REST API under a neutral namespace), in
 * the plugin's registration order: authentication, configuration, scans. Each file translates its
 * routes onto src/domain/security.
 */
import type { RouteDef } from '../../server/types';
import { connectionRoutes, pairingRoutes } from './pairing';
import { configRoutes } from './config';
import { scanRoutes } from './scan';

export function securityV1Routes(): RouteDef[] {
  return [...pairingRoutes(), ...configRoutes(), ...connectionRoutes(), ...scanRoutes()];
}
