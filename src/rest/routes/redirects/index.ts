/**
 * The `redirects/v1` routes (the Redirection plugin's REST API under a neutral namespace), in the
 * plugin's registration order. Each file translates its routes onto src/domain/redirects.
 */
import type { RouteDef } from '../../server/types';
import { redirectsRoutes } from './redirects';
import { groupsRoutes } from './groups';
import { logsRoutes } from './logs';
import { settingsRoutes } from './settings';
import { pluginRoutes } from './plugin';
import { transferRoutes } from './transfer';

export function redirectsV1Routes(): RouteDef[] {
  return [...redirectsRoutes(), ...groupsRoutes(), ...logsRoutes(), ...settingsRoutes(), ...pluginRoutes(), ...transferRoutes()];
}
