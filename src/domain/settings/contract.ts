/**
 * The contract of the site settings, both faces' one source: the settings item schema built from
 * the registered settings, the update arguments WordPress derives from it, and the changes a
 * checked update carries.
 *
 * `url` is marked read-only in the schema (so it takes no argument): it is the deployment's
 * SITE_URL, which the API cannot change.
 */
import { argsFromSchema } from '../../schema/item-schema';
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import { SETTINGS, type SettingChanges } from './settings';

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

export const SETTINGS_SCHEMA: ItemSchema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'settings',
  type: 'object',
  properties: settingSchemas(),
};

/** The update parameters of the settings route (one per registered setting). */
export const UPDATE_ARGS = argsFromSchema(SETTINGS_SCHEMA, 'update');

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
