/**
 * `/core/v2/settings` (WP_REST_Settings_Controller): the route over the settings contract
 * (src/domain/settings/contract.ts) and the output casting. Every rule lives in src/domain/settings/.
 */
import { changesFrom, SETTINGS_SCHEMA, UPDATE_ARGS } from '../../../domain/settings/contract';
import { canManageSettings, getSettings, SETTINGS, updateSettings, updateSettingsPermissionError, type SiteSettings } from '../../../domain/settings/settings';
import { isSchemaFailure, sanitizeValue, validateValue } from '../../../schema';
import { EDITABLE, type RouteDef } from '../../server/types';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/settings`;

/** prepare_value(): a stored value that does not fit its schema reads as null; the rest is cast. */
function settingsData(settings: SiteSettings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const def of SETTINGS) {
    const schema = SETTINGS_SCHEMA.properties[def.name];
    const value = settings[def.name];
    const clean = validateValue(value, schema, def.name) ? null : sanitizeValue(value, schema, def.name);
    out[def.name] = isSchemaFailure(clean) ? null : clean;
  }
  return out;
}

export function settingsRoutes(): RouteDef[] {
  return [
    {
      namespace: NAMESPACE,
      path: BASE,
      schema: () => SETTINGS_SCHEMA,
      endpoints: [
        {
          methods: ['GET'],
          permission: (request) => canManageSettings(request.viewer),
          handler: async (request) => settingsData(await getSettings(request.domain)),
        },
        {
          methods: EDITABLE,
          args: UPDATE_ARGS,
          permission: (request) => updateSettingsPermissionError(request.viewer) === null,
          handler: async (request) => settingsData(await updateSettings(request.domain, changesFrom(request))),
        },
      ],
    },
  ];
}
