/**
 * WP_REST_Controller's shared pieces, used by every route file: the `context` argument, write
 * arguments derived from an item schema, context filtering by the schema, and small parameter
 * readers for permission previews (which see raw, unsanitised values).
 */
import { compactLinks, type Links } from './links';
import type { ArgSchema } from './schema/types';
import type { ItemSchema } from './types';


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

/** filter_response_by_context(): keeps the fields whose schema property lists the context. */
export function filterByContext(data: Record<string, unknown>, schema: ItemSchema, context: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const property = schema.properties[key];
    if (property && !(property.context ?? []).includes(context)) continue;
    out[key] = value;
  }
  return out;
}

/** A parameter as a list, for permission previews that may see raw (unsanitised) values. */
export function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/** A path or body id as a number (NaN when absent). */
export function asId(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return NaN;
}

/** WordPress's GMT date format without offset: 2026-11-22T03:20:02. */
export function gmtDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/**
 * A collection WordPress returns keyed by slug (types, taxonomies, statuses). Its items carry
 * compact links already, as prepare_response_for_collection gives them: the server only compacts
 * the links of top-level records and lists.
 */
export function keyedCollection<T>(items: readonly T[], keyOf: (item: T) => string, toRecord: (item: T) => Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const record = toRecord(item);
    if (record._links) record._links = compactLinks(record._links as Links);
    out[keyOf(item)] = record;
  }
  return out;
}
