/**
 * WP_REST_Controller's argument helpers, shared by every resource's contract: the `context`
 * argument and the write arguments derived from an item schema.
 */
import type { ArgSchema, ItemSchema } from './types';

/** get_context_param(): the contexts the schema's properties use, reverse-sorted, plus `default`. */
export function contextParam(schema: ItemSchema, defaultValue = 'view'): ArgSchema {
  const contexts = new Set<string>();
  for (const property of Object.values(schema.properties)) for (const c of property.context ?? []) contexts.add(c);
  const values = [...contexts].sort().reverse();
  return {
    description: 'Scope under which the request is made; determines fields present in response.',
    type: 'string',
    ...(values.length ? { enum: values } : {}),
    default: defaultValue,
  };
}

/** rest_get_allowed_schema_keywords(), in the order get_endpoint_args_for_item_schema copies them. */
const ARG_KEYWORDS = [
  'title', 'description', 'default', 'type', 'format', 'enum', 'items', 'properties', 'additionalProperties',
  'patternProperties', 'minProperties', 'maxProperties', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems',
  'uniqueItems', 'anyOf', 'oneOf',
] as const;

/**
 * get_endpoint_args_for_item_schema(): one argument per writable (not readonly) property; on create
 * the schema's `default` and `required` apply, on update they are dropped. `hooks` adds the
 * property's arg_options (sanitisers and validators that run after the schema checks).
 */
export function argsFromSchema(schema: ItemSchema, mode: 'create' | 'update', hooks: Record<string, Partial<ArgSchema>> = {}): Record<string, ArgSchema> {
  const args: Record<string, ArgSchema> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.readonly) continue;
    const arg: Record<string, unknown> = {};
    if (mode === 'create' && property.default !== undefined) arg.default = property.default;
    if (mode === 'create' && property.required === true) arg.required = true;
    for (const keyword of ARG_KEYWORDS) {
      if (keyword === 'default' && mode !== 'create') continue;
      const value = property[keyword];
      if (value !== undefined) arg[keyword] = value;
    }
    args[name] = { ...(arg as ArgSchema), ...hooks[name] };
  }
  return args;
}
