/**
 * The request-level argument step: WordPress's WP_REST_Request::has_valid_params() followed by
 * sanitize_params(), for one matched endpoint (order of operations: rest-semantics §2.1, §3.5).
 */
import { DomainError } from '../../../domain/errors';
import { isSchemaFailure, sanitizeValue } from './sanitize';
import type { ArgSchema, SchemaIssue } from './types';
import { validateValue } from './validate';

/** Request parameters by WordPress's precedence (JSON body, form body, query, path). */
export interface ParamSource {
  has(name: string): boolean;
  get(name: string): unknown;
}

/** Collects per-argument failures into one rest_invalid_param error. */
class InvalidParams {
  private readonly params: Record<string, string> = {};
  private readonly details: Record<string, unknown> = {};

  add(name: string, found: SchemaIssue): void {
    const all = [found, ...(found.additional ?? [])];
    // params[x] joins every message; details[x] is the error's own response body.
    this.params[name] = all.map((e) => e.message).join(' ');
    const detail: Record<string, unknown> = { code: found.code, message: found.message, data: found.data ?? null };
    if (found.additional?.length) {
      detail.additional_errors = found.additional.map((e) => ({ code: e.code, message: e.message, data: e.data ?? null }));
    }
    this.details[name] = detail;
  }

  throwIfAny(): void {
    const names = Object.keys(this.params);
    if (names.length === 0) return;
    throw new DomainError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
      params: this.params,
      details: this.details,
    });
  }
}

/**
 * The value an argument takes: the request's, or its registered default. A null counts as absent
 * (get_param skips nulls), and so does a null default (WordPress only registers set defaults).
 */
function effectiveValue(name: string, schema: ArgSchema, source: ParamSource): unknown {
  const given = source.has(name) ? source.get(name) : undefined;
  if (given !== undefined && given !== null) return given;
  return schema.default ?? undefined;
}

/**
 * Validates and sanitises the declared arguments of an endpoint. Throws DomainError
 * `rest_missing_callback_param` (required args absent), then `rest_invalid_param` for validation
 * failures, then `rest_invalid_param` for sanitize-phase failures (the two phases are never merged;
 * args flagged `validateOnSanitize` are validated in the second one). Returns the sanitised values of
 * the args that were given or defaulted; undeclared parameters are left to the caller.
 */
export function processArgs(args: Record<string, ArgSchema>, source: ParamSource): { values: Record<string, unknown> } {
  const raw: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const [name, schema] of Object.entries(args)) {
    const value = effectiveValue(name, schema, source);
    if (value !== undefined) raw[name] = value;
    else if (schema.required === true) missing.push(name);
  }
  if (missing.length) {
    throw new DomainError('rest_missing_callback_param', `Missing parameter(s): ${missing.join(', ')}`, 400, { params: missing });
  }

  const invalid = new InvalidParams();
  for (const [name, value] of Object.entries(raw)) {
    if (args[name].validateOnSanitize || args[name].unchecked) continue;
    const found = validateValue(value, args[name], name);
    if (found) invalid.add(name, found);
  }
  invalid.throwIfAny();

  const failed = new InvalidParams();
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (args[name].unchecked) {
      values[name] = value;
      continue;
    }
    const found = args[name].validateOnSanitize ? validateValue(value, args[name], name) : null;
    const clean = found ?? sanitizeValue(value, args[name], name);
    if (found) failed.add(name, found);
    else if (isSchemaFailure(clean)) failed.add(name, clean);
    else values[name] = clean;
  }
  failed.throwIfAny();
  return { values };
}

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
