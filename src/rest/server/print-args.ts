/**
 * How the index and OPTIONS print a route argument (WP_REST_Server::get_data_for_route): REST's
 * presentation of the argument schemas declared by the domain's contracts (src/schema).
 */
import type { ArgSchema } from '../../schema/types';

const PRINTED_KEYWORDS = new Set([
  'title', 'description', 'default', 'type', 'format', 'enum', 'items', 'properties', 'additionalProperties',
  'patternProperties', 'minProperties', 'maxProperties', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems',
  'uniqueItems', 'anyOf', 'oneOf',
]);

/** Keys of ArgSchema that exist only on the server and are never printed. */
const SERVER_ONLY = new Set(['sanitize', 'validate', 'validateOnSanitize', 'unchecked']);

/** A nested schema as printed: verbatim (context, required… included) minus server-only keys. */
function printableSchema(schema: ArgSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SERVER_ONLY.has(key) || value === undefined) continue;
    out[key] = printableKeyword(key, value);
  }
  return out;
}

function printableKeyword(key: string, value: unknown): unknown {
  const isMap = (v: unknown): v is Record<string, ArgSchema> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const mapSchemas = (map: Record<string, ArgSchema>) =>
    Object.fromEntries(Object.entries(map).map(([name, child]) => [name, printableSchema(child)]));
  switch (key) {
    case 'items':
      return isMap(value) ? printableSchema(value as ArgSchema) : value;
    case 'additionalProperties':
      return isMap(value) ? printableSchema(value as ArgSchema) : value;
    case 'properties':
    case 'patternProperties':
      return isMap(value) ? mapSchemas(value) : value;
    case 'anyOf':
    case 'oneOf':
      return Array.isArray(value) ? value.map((branch: ArgSchema) => printableSchema(branch)) : value;
    default:
      return structuredClone(value);
  }
}

/**
 * What the index / OPTIONS print for one argument (WP_REST_Server::get_data_for_route): only the
 * allowed schema keywords, in the order the argument declares them (array_intersect_key keeps the
 * declaration order, which is why the samples show both "description, type" and "type, description"),
 * then `required` as a boolean, always last.
 */
export function toPublicArgSchema(schema: ArgSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (PRINTED_KEYWORDS.has(key) && value !== undefined) out[key] = printableKeyword(key, value);
  }
  // `! empty( $opts['required'] )`: a non-empty draft-4 list also prints as true.
  const required = schema.required;
  out.required = Array.isArray(required) ? required.length > 0 : required === true;
  return out;
}
