/**
 * `/core/v2/settings` (WP_REST_Settings_Controller): the settings schema built from the registered
 * settings, the update arguments WordPress derives from it, and the output casting. Every rule
 * lives in src/domain/settings/settings.ts.
 *
 * `url` is marked read-only in the schema (so it takes no argument): it is the deployment's
 * SITE_URL, which the API cannot change.
 */
import {
  canManageSettings,
  getSettings,
  SETTINGS,
  updateSettings,
  updateSettingsPermissionError,
  type SettingChanges,
  type SiteSettings,
} from '../../../domain/settings/settings';
import { isSchemaFailure, sanitizeValue, validateValue } from '../../../schema';
import type { ArgSchema } from '../../../schema/types';
import { EDITABLE, type ArgsView, type ItemSchema, type RouteDef } from '../../server/types';
import { argsFromSchema } from '../../../schema/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/settings`;

/** Each registered setting's schema: type, title (its label), description, default, then format/enum. */
function settingSchemas(): Record<string, ArgSchema> {
  const properties: Record<string, ArgSchema> = {};
  for (const def of SETTINGS) {
    const schema: ArgSchema = { type: def.type, title: def.label, description: def.description, default: def.default };
    if (def.format) schema.format = def.format;
    if (def.enum) schema.enum = def.enum;
    if (def.readonly) schema.readonly = true;
    properties[def.name] = schema;
  }
  return properties;
}

const SCHEMA: ItemSchema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'settings',
  type: 'object',
  properties: settingSchemas(),
};

/** The update parameters of the settings route (one per registered setting). */
export const UPDATE_ARGS = argsFromSchema(SCHEMA, 'update');

/** prepare_value(): a stored value that does not fit its schema reads as null; the rest is cast. */
function settingsData(settings: SiteSettings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const def of SETTINGS) {
    const schema = SCHEMA.properties[def.name];
    const value = settings[def.name];
    const clean = validateValue(value, schema, def.name) ? null : sanitizeValue(value, schema, def.name);
    out[def.name] = isSchemaFailure(clean) ? null : clean;
  }
  return out;
}

/**
 * The settings a request sets: sanitised values of the declared arguments, nulls from a JSON body
 * (a reset), and undeclared registered names such as `url` as sent (permission messages name them).
 */
export function changesFrom(request: ArgsView): SettingChanges {
  const changes: SettingChanges = {};
  for (const def of SETTINGS) {
    if (request.has(def.name)) changes[def.name] = request.get(def.name);
    else if (Object.prototype.hasOwnProperty.call(request.bodyParams, def.name) && request.bodyParams[def.name] === null) changes[def.name] = null;
  }
  return changes;
}

export function settingsRoutes(): RouteDef[] {
  return [
    {
      namespace: NAMESPACE,
      path: BASE,
      schema: () => SCHEMA,
      endpoints: [
        {
          methods: ['GET'],
          permission: (request) => canManageSettings(request.viewer),
          handler: async (request) => settingsData(await getSettings(request.domain)),
        },
        {
          methods: EDITABLE,
          args: UPDATE_ARGS,
          permission: (request) => updateSettingsPermissionError(request.viewer, changesFrom(request)) === null,
          handler: async (request) => settingsData(await updateSettings(request.domain, changesFrom(request))),
        },
      ],
    },
  ];
}
