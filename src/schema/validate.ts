/**
 * WordPress's rest_validate_value_from_schema(), rebuilt for JavaScript values.
 *
 * Values arrive as they would in PHP after JSON/form decoding, so the checks reproduce PHP's loose
 * rules (is_numeric, wp_parse_list, …) rather than JSON Schema's strict ones. A PHP array is either a
 * JS array or a plain object here; the helpers below decide which PHP reading applies.
 *
 * Note the deliberate import cycle with ./sanitize: the enum check compares the *sanitised* value, as
 * WordPress does, and sanitising anyOf/oneOf needs the matchers defined here. Both sides only call
 * each other at run time, never while the modules load.
 */
import { isDomainError } from '../domain/errors';
import { isSchemaFailure, sanitizeSchemaOnly } from './sanitize';
import { isScalar, phpString } from '../domain/text';
import type { ArgSchema, SchemaIssue } from './types';

type Issue = SchemaIssue | null;

const ALLOWED_TYPES = ['array', 'object', 'string', 'number', 'integer', 'boolean', 'null'];

export function issue(code: string, message: string, data: unknown = null): SchemaIssue {
  return { code, message, data };
}

/** The error-response shape of a DomainError thrown by a hook (status folded into data, like WP_Error). */
export function issueFromError(error: unknown): SchemaIssue {
  if (!isDomainError(error)) throw error; // a bug in a hook, not a client error
  const found = issue(error.code, error.message, { status: error.status, ...error.data });
  if (error.additional.length) found.additional = error.additional.map(issueFromError);
  return found;
}

// ---------------------------------------------------------------------------------------------
// PHP-compatible predicates and casts
// ---------------------------------------------------------------------------------------------

/** A JSON object / PHP associative array (query parsing builds null-prototype maps, accept those too). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** PHP's json_encode defaults (escaped slashes), used where WordPress prints a non-scalar enum value. */
function phpJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/\//g, '\\/');
}

// PHP 8 numeric strings: optional surrounding whitespace, sign, decimal or exponent; no hex.
const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP's is_numeric(). Booleans and null are not numeric. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return true;
  return typeof value === 'string' && NUMERIC.test(value);
}

/** rest_is_integer(): ints, digit strings of any size, and numerics without a fractional part ("2.0"). */
export function isIntegerLike(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  if (typeof value === 'string' && /^[ \t\n\v\f\r]*[+-]?[0-9]+[ \t\n\v\f\r]*$/.test(value)) return true;
  if (!isNumeric(value)) return false;
  const n = Number((value as string).trim());
  return Math.floor(n) === n;
}

/** rest_is_boolean(): booleans, 0/1, and "true"/"false"/"1"/"0" in any case. */
export function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return ['true', 'false', '1', '0'].includes(value.toLowerCase());
  return value === 0 || value === 1;
}

/** wp_parse_list() for a scalar: split on commas and whitespace, empty pieces dropped. */
export function parseList(value: string | number | boolean): string[] {
  return phpString(value)
    .split(/[ \t\n\v\f\r,]+/)
    .filter((piece) => piece !== '');
}

/** PHP turns canonical decimal keys ("0", "17", "-3") into integer keys. */
function isIntegerKey(key: string): boolean {
  return /^(?:0|-?[1-9]\d{0,17})$/.test(key);
}

/** rest_is_array(): a list, a scalar (split as a list), or a map whose keys are all integers. */
export function isArrayLike(value: unknown): boolean {
  if (Array.isArray(value) || isScalar(value)) return true;
  return isPlainObject(value) && Object.keys(value).every(isIntegerKey);
}

/** rest_sanitize_array(): scalars are split, maps lose their keys, anything else is []. */
export function toList(value: unknown): unknown[] {
  if (isScalar(value)) return parseList(value);
  if (Array.isArray(value)) return [...value];
  if (isPlainObject(value)) return Object.values(value);
  return [];
}

/**
 * rest_is_object(): a map, or "" (an empty form field). An empty list is accepted too because PHP
 * cannot tell `[]` from `{}` (WordPress itself prints empty objects such as `meta` as `[]`).
 */
export function isObjectLike(value: unknown): boolean {
  return value === '' || isPlainObject(value) || (Array.isArray(value) && value.length === 0);
}

/** rest_sanitize_object(): "" and anything that is not a map become {}; lists keep their indices as keys. */
export function toObject(value: unknown): Record<string, unknown> {
  if (isPlainObject(value)) return { ...value };
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), v]));
  return {};
}

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  array: isArrayLike,
  object: isObjectLike,
  integer: isIntegerLike,
  number: isNumeric,
  boolean: isBooleanLike,
  string: (value) => typeof value === 'string',
  null: (value) => value === null || value === undefined,
};

/**
 * rest_handle_multi_type_schema(): the first listed type the value fits ("" prefers string). With no
 * fit, an unknown type name in the list wins (WordPress's backward compatibility), else ''.
 */
export function resolveMultiType(value: unknown, types: readonly string[]): string {
  if (value === '' && types.includes('string')) return 'string';
  const best = types.find((type) => TYPE_CHECKS[type]?.(value));
  if (best) return best;
  return types.find((type) => !ALLOWED_TYPES.includes(type)) ?? '';
}

/** Whether `format` applies: WordPress checks formats only for strings, untyped or unknown-typed values. */
export function formatApplies(type: string | undefined): boolean {
  return type === undefined || type === 'string' || !ALLOWED_TYPES.includes(type);
}

/** wp_sprintf's %l: "a", "a and b", "a, b, and c". */
export function englishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/** number_format_i18n() in English: rounded, with thousands separators. */
function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** WordPress's _n(): singular only for exactly 1. */
function plural(n: number, singular: string, pluralForm: string): string {
  return Math.trunc(n) === 1 ? singular : pluralForm;
}

/** sprintf('%d'): bounds are printed as integers. */
function intText(n: number): string {
  return String(Math.trunc(n) || 0);
}

/** rest_validate_json_schema_pattern(): unanchored, unicode; an invalid pattern never matches. */
export function patternMatches(pattern: string, value: string): boolean {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    try {
      re = new RegExp(pattern); // PCRE tolerates escapes like \- or \# that unicode mode rejects
    } catch {
      return false;
    }
  }
  return re.test(value);
}

function findPatternPropertySchema(property: string, schema: ArgSchema): ArgSchema | undefined {
  for (const [pattern, child] of Object.entries(schema.patternProperties ?? {})) {
    if (patternMatches(pattern, property)) return child;
  }
  return undefined;
}

/** Declared properties (WordPress prints "none" as an empty list). */
export function declaredProperties(schema: ArgSchema): Record<string, ArgSchema> {
  return Array.isArray(schema.properties) ? {} : ((schema.properties ?? {}) as Record<string, ArgSchema>);
}

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

// ---------------------------------------------------------------------------------------------
// anyOf / oneOf
// ---------------------------------------------------------------------------------------------

interface BranchError {
  issue: SchemaIssue;
  schema: ArgSchema;
  index: number;
}

export type MatchResult = { schema: ArgSchema } | { issue: SchemaIssue };

/** Branches without a type inherit the parent's. */
function branches(list: readonly ArgSchema[], parent: ArgSchema): ArgSchema[] {
  return list.map((branch) => (branch.type === undefined && parent.type !== undefined ? { ...branch, type: parent.type } : branch));
}

function formatBranchError(param: string, error: BranchError): SchemaIssue {
  const reason = error.issue.message;
  const data = { position: error.index };
  if (error.schema.title !== undefined) {
    return issue('rest_no_matching_schema', `${param} is not a valid ${error.schema.title}. Reason: ${reason}`, data);
  }
  return issue('rest_no_matching_schema', `${param} does not match the expected format. Reason: ${reason}`, data);
}

/** rest_get_combining_operation_error(): pick the most telling branch failure. */
function combiningError(value: unknown, param: string, errors: BranchError[]): SchemaIssue {
  if (errors.length === 1) return formatBranchError(param, errors[0]);

  // A top-level "wrong type" says nothing about which branch was meant; drop those.
  const telling = errors.filter((e) => {
    const data = e.issue.data as { param?: unknown } | null;
    return e.issue.code !== 'rest_invalid_type' || (data?.param !== undefined && data.param !== param);
  });
  if (telling.length === 1) return formatBranchError(param, telling[0]);

  // Several object branches failed: blame the one sharing the most property names with the value.
  if (telling.length > 1 && telling[0].schema.type === 'object') {
    const keys = isObjectLike(value) ? Object.keys(toObject(value)) : [];
    let best: BranchError | null = null;
    let most = 0;
    for (const e of telling) {
      if (e.schema.properties === undefined) continue;
      const shared = keys.filter((key) => hasOwn(declaredProperties(e.schema), key)).length;
      if (shared > most) [best, most] = [e, shared];
    }
    if (best) return formatBranchError(param, best);
  }

  const titles = errors.map((e) => e.schema.title).filter((t): t is string => t !== undefined);
  if (titles.length === errors.length) return issue('rest_no_matching_schema', `${param} is not a valid ${englishList(titles)}.`);
  return issue('rest_no_matching_schema', `${param} does not match any of the expected formats.`);
}

/** rest_find_any_matching_schema(): the first branch the value satisfies. */
export function findAnyMatchingSchema(value: unknown, schema: ArgSchema, param: string): MatchResult {
  const errors: BranchError[] = [];
  for (const [index, branch] of branches(schema.anyOf ?? [], schema).entries()) {
    const found = validateValue(value, branch, param);
    if (!found) return { schema: branch };
    errors.push({ issue: found, schema: branch, index });
  }
  return { issue: combiningError(value, param, errors) };
}

/** rest_find_one_matching_schema(): exactly one branch must be satisfied. */
export function findOneMatchingSchema(value: unknown, schema: ArgSchema, param: string): MatchResult {
  const matches: { schema: ArgSchema; index: number }[] = [];
  const errors: BranchError[] = [];
  for (const [index, branch] of branches(schema.oneOf ?? [], schema).entries()) {
    const found = validateValue(value, branch, param);
    if (found) errors.push({ issue: found, schema: branch, index });
    else matches.push({ schema: branch, index });
  }
  if (matches.length === 0) return { issue: combiningError(value, param, errors) };
  if (matches.length === 1) return { schema: matches[0].schema };

  const positions = matches.map((m) => m.index);
  const titles = matches.map((m) => m.schema.title).filter((t): t is string => t !== undefined);
  const message =
    titles.length === matches.length
      ? `${param} matches ${englishList(titles)}, but should match only one.`
      : `${param} matches more than one of the expected formats.`;
  return { issue: issue('rest_one_of_multiple_matches', message, { positions }) };
}

// ---------------------------------------------------------------------------------------------
// Per-type checks
// ---------------------------------------------------------------------------------------------

function typeError(param: string, type: string): SchemaIssue {
  return issue('rest_invalid_type', `${param} is not of type ${type}.`, { param });
}

function validateObject(value: unknown, schema: ArgSchema, param: string): Issue {
  if (!isObjectLike(value)) return typeError(param, 'object');
  const object = toObject(value);
  const properties = declaredProperties(schema);

  // Draft 4 lists required names on the object; draft 3 flags each property.
  const required = Array.isArray(schema.required)
    ? (schema.required as readonly string[])
    : Object.keys(properties).filter((name) => properties[name]?.required === true);
  for (const name of required) {
    if (!hasOwn(object, name)) return issue('rest_property_required', `${name} is a required property of ${param}.`);
  }

  for (const [key, child] of Object.entries(object)) {
    const childParam = `${param}[${key}]`;
    const childSchema = hasOwn(properties, key) ? properties[key] : findPatternPropertySchema(key, schema);
    if (childSchema) {
      const found = validateValue(child, childSchema, childParam);
      if (found) return found;
      continue;
    }
    if (schema.additionalProperties === false) {
      return issue('rest_additional_properties_forbidden', `${key} is not a valid property of Object.`);
    }
    if (isPlainObject(schema.additionalProperties)) {
      const found = validateValue(child, schema.additionalProperties as ArgSchema, childParam);
      if (found) return found;
    }
  }

  const count = Object.keys(object).length;
  if (schema.minProperties != null && count < schema.minProperties) {
    const noun = plural(schema.minProperties, 'property', 'properties');
    return issue('rest_too_few_properties', `${param} must contain at least ${formatCount(schema.minProperties)} ${noun}.`);
  }
  if (schema.maxProperties != null && count > schema.maxProperties) {
    const noun = plural(schema.maxProperties, 'property', 'properties');
    return issue('rest_too_many_properties', `${param} must contain at most ${formatCount(schema.maxProperties)} ${noun}.`);
  }
  return null;
}

/** A canonical text for rest_validate_array_contains_unique_items (object key order ignored). */
function stableKey(value: unknown): string {
  if (Array.isArray(value) || isPlainObject(value)) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableKey(v)}`).join(',')}}`;
  }
  return `${typeof value}:${JSON.stringify(value) ?? 'null'}`;
}

export function hasUniqueItems(list: readonly unknown[]): boolean {
  return new Set(list.map(stableKey)).size === list.length;
}

export function duplicateItems(param: string): SchemaIssue {
  return issue('rest_duplicate_items', `${param} has duplicate items.`);
}

function validateArray(value: unknown, schema: ArgSchema, param: string): Issue {
  if (!isArrayLike(value)) return typeError(param, 'array');
  const list = toList(value);
  if (schema.items) {
    for (const [index, item] of list.entries()) {
      const found = validateValue(item, schema.items, `${param}[${index}]`);
      if (found) return found;
    }
  }
  if (schema.minItems != null && list.length < schema.minItems) {
    const noun = plural(schema.minItems, 'item', 'items');
    return issue('rest_too_few_items', `${param} must contain at least ${formatCount(schema.minItems)} ${noun}.`);
  }
  if (schema.maxItems != null && list.length > schema.maxItems) {
    const noun = plural(schema.maxItems, 'item', 'items');
    return issue('rest_too_many_items', `${param} must contain at most ${formatCount(schema.maxItems)} ${noun}.`);
  }
  if (schema.uniqueItems && !hasUniqueItems(list)) return duplicateItems(param);
  return null;
}

/** Bounds messages exactly as WordPress words them (no trailing period). */
function checkBounds(n: number, schema: ArgSchema, param: string): Issue {
  const { minimum: min, maximum: max } = schema;
  const exMin = !!schema.exclusiveMinimum;
  const exMax = !!schema.exclusiveMaximum;
  const out = (message: string) => issue('rest_out_of_bounds', `${param} must be ${message}`);
  if (min != null && max != null) {
    const below = exMin ? n <= min : n < min;
    const above = exMax ? n >= max : n > max;
    if (!below && !above) return null;
    return out(`between ${intText(min)} (${exMin ? 'exclusive' : 'inclusive'}) and ${intText(max)} (${exMax ? 'exclusive' : 'inclusive'})`);
  }
  if (min != null) {
    if (exMin && n <= min) return out(`greater than ${intText(min)}`);
    if (!exMin && n < min) return out(`greater than or equal to ${intText(min)}`);
  }
  if (max != null) {
    if (exMax && n >= max) return out(`less than ${intText(max)}`);
    if (!exMax && n > max) return out(`less than or equal to ${intText(max)}`);
  }
  return null;
}

/** Numbers and integers share these checks; multipleOf and bounds come before the integer test. */
function validateNumber(value: unknown, schema: ArgSchema, param: string, type: 'number' | 'integer'): Issue {
  if (!isNumeric(value)) return typeError(param, type);
  const n = typeof value === 'number' ? value : Number((value as string).trim());
  if (schema.multipleOf != null && n % schema.multipleOf !== 0) {
    return issue('rest_invalid_multiple', `${param} must be a multiple of ${phpString(schema.multipleOf)}.`);
  }
  const bounds = checkBounds(n, schema, param);
  if (bounds) return bounds;
  if (type === 'integer' && !isIntegerLike(value)) return typeError(param, 'integer');
  // PHP would clamp to its 64-bit integers or infinity; we refuse what cannot be counted exactly.
  if (type === 'number' && !Number.isFinite(n)) return typeError(param, 'number');
  if (type === 'integer' && !Number.isSafeInteger(n)) return checkBounds(n, safeIntegerBounds(schema), param);
  return null;
}

/** The schema's bounds narrowed to the integers a double holds exactly. */
function safeIntegerBounds(schema: ArgSchema): ArgSchema {
  const safe = (bound: number | undefined, fallback: number) => (bound == null || !Number.isSafeInteger(bound) ? fallback : bound);
  return { ...schema, minimum: safe(schema.minimum, Number.MIN_SAFE_INTEGER), maximum: safe(schema.maximum, Number.MAX_SAFE_INTEGER), exclusiveMinimum: schema.minimum != null && schema.exclusiveMinimum, exclusiveMaximum: schema.maximum != null && schema.exclusiveMaximum };
}

function validateString(value: unknown, schema: ArgSchema, param: string): Issue {
  if (typeof value !== 'string') return typeError(param, 'string');
  const length = [...value].length; // code points, like mb_strlen
  if (schema.minLength != null && length < schema.minLength) {
    const noun = plural(schema.minLength, 'character', 'characters');
    return issue('rest_too_short', `${param} must be at least ${formatCount(schema.minLength)} ${noun} long.`);
  }
  if (schema.maxLength != null && length > schema.maxLength) {
    const noun = plural(schema.maxLength, 'character', 'characters');
    return issue('rest_too_long', `${param} must be at most ${formatCount(schema.maxLength)} ${noun} long.`);
  }
  if (schema.pattern != null && !patternMatches(schema.pattern, value)) {
    return issue('rest_invalid_pattern', `${param} does not match pattern ${schema.pattern}.`);
  }
  return null;
}

function validateByType(value: unknown, schema: ArgSchema, type: string | undefined, param: string): Issue {
  switch (type) {
    case 'null':
      return TYPE_CHECKS.null(value) ? null : typeError(param, 'null');
    case 'boolean':
      return isBooleanLike(value) ? null : typeError(param, 'boolean');
    case 'object':
      return validateObject(value, schema, param);
    case 'array':
      return validateArray(value, schema, param);
    case 'number':
    case 'integer':
      return validateNumber(value, schema, param, type);
    case 'string':
      return validateString(value, schema, param);
    default:
      return null; // no type, or an unknown one: WordPress lets it through
  }
}

/** rest_are_values_equal(): PHP arrays compare key by key, everything else strictly. */
function valuesEqual(a: unknown, b: unknown): boolean {
  const isMap = (v: unknown) => Array.isArray(v) || isPlainObject(v);
  if (isMap(a) && isMap(b)) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    return keys.every((key) => hasOwn(right, key) && valuesEqual(left[key], right[key]));
  }
  return a === b;
}

/** rest_validate_enum(): sanitise to the schema's type first, then compare strictly. */
function validateEnum(value: unknown, schema: ArgSchema, param: string): Issue {
  const sanitized = sanitizeSchemaOnly(value, schema, param);
  if (isSchemaFailure(sanitized)) return issue(sanitized.code, sanitized.message, sanitized.data);
  const options = schema.enum ?? [];
  if (options.some((option) => valuesEqual(sanitized, option))) return null;
  const printed = options.map((option) => (isScalar(option) ? phpString(option) : phpJson(option)));
  if (printed.length === 1) return issue('rest_not_in_enum', `${param} is not ${printed[0]}.`);
  return issue('rest_not_in_enum', `${param} is not one of ${englishList(printed)}.`);
}

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

/**
 * rest_parse_date(): the RFC 3339 shape WordPress accepts, plus the field ranges PHP's strtotime()
 * refuses (month 13, day 32, hour 25, minute 60, …). Impossible days such as Feb 30 roll over in
 * PHP, so they are valid.
 */
export function isRfc3339(value: string): boolean {
  const m = /^\d{4}-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!m) return false;
  const [month, day, hour, minute, second, offHour, offMinute] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  return month <= 12 && day <= 31 && hour <= 24 && minute <= 59 && second <= 60 && offHour <= 24 && offMinute <= 59;
}

export function isHexColor(value: string): boolean {
  return /^#(?:[A-Fa-f0-9]{3}){1,2}$/.test(value);
}

/** is_email(): WordPress's own simple checker, not RFC 5322. */
export function isEmail(email: string): boolean {
  if (email.length < 6) return false;
  const at = email.indexOf('@', 1);
  if (at === -1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (/^[ \t\n\r\0\v.]|[ \t\n\r\0\v.]$/.test(domain)) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => !/^[ \t\n\r\0\v-]|[ \t\n\r\0\v-]$/.test(sub) && /^[a-z0-9-]+$/i.test(sub));
}

/** wp_is_uuid() without a version: lower-case hex only, as WordPress's regex. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$/;

/** Requests' Ipv6::check_ipv6(): eight hex groups (or six plus a dotted quad), one "::" allowed. */
function isIPv6(ip: string): boolean {
  let head = ip;
  let needed = 8;
  if (ip.includes('.')) {
    const cut = ip.lastIndexOf(':');
    if (cut === -1) return false;
    const quad = ip.slice(cut + 1).split('.');
    if (quad.length !== 4 || !quad.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return false;
    // Keep "::" intact when the quad follows it directly ("::ffff:1.2.3.4" vs "::1.2.3.4").
    head = ip.slice(0, ip.slice(cut - 1, cut + 1) === '::' ? cut + 1 : cut);
    needed = 6;
  }
  const halves = head.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const all = halves.flatMap(groups);
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  return halves.length === 2 ? all.length <= needed : all.length === needed;
}

export function isIpAddress(value: string): boolean {
  return IPV4.test(value) || isIPv6(value);
}

function validateFormat(value: unknown, format: string, param: string): Issue {
  const text = isScalar(value) ? phpString(value) : null;
  switch (format) {
    case 'hex-color':
      return text !== null && isHexColor(text) ? null : issue('rest_invalid_hex_color', 'Invalid hex color.');
    case 'date-time':
      return text !== null && isRfc3339(text) ? null : issue('rest_invalid_date', 'Invalid date.');
    case 'email':
      return text !== null && isEmail(text) ? null : issue('rest_invalid_email', 'Invalid email address.');
    case 'ip':
      return text !== null && isIpAddress(text) ? null : issue('rest_invalid_ip', `${param} is not a valid IP address.`);
    case 'uuid':
      return typeof value === 'string' && isUuid(value) ? null : issue('rest_invalid_uuid', `${param} is not a valid UUID.`);
    default:
      return null; // uri, text-field, textarea-field…: sanitised only
  }
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

function runValidateHook(schema: ArgSchema, value: unknown, param: string): Issue {
  if (!schema.validate) return null;
  try {
    const found = schema.validate(value, param);
    return found ? issue(found.code, found.message, found.data ?? null) : null;
  } catch (error) {
    return issueFromError(error);
  }
}

/**
 * Checks a value against an argument schema, WordPress's order: anyOf, oneOf, type (picking the best
 * of several), enum, format, then the schema's own `validate` hook. Returns the first problem found
 * (its message names `param`, with `[index]`/`[key]` appended for nested values), or null.
 */
export function validateValue(value: unknown, schema: ArgSchema, param: string): SchemaIssue | null {
  let args = schema;
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    if (!args[combinator]) continue;
    const match = combinator === 'anyOf' ? findAnyMatchingSchema(value, args, param) : findOneMatchingSchema(value, args, param);
    if ('issue' in match) return match.issue;
    if (args.type === undefined && match.schema.type !== undefined) args = { ...args, type: match.schema.type };
  }

  let type = args.type as string | readonly string[] | undefined;
  if (Array.isArray(type)) {
    const best = resolveMultiType(value, type);
    if (!best) return typeError(param, type.join(','));
    type = best;
    args = { ...args, type: best as ArgSchema['type'] };
  }
  const single = type as string | undefined;

  const typeIssue = validateByType(value, args, single, param);
  if (typeIssue) return typeIssue;

  if (args.enum && args.enum.length > 0) {
    const enumIssue = validateEnum(value, args, param);
    if (enumIssue) return enumIssue;
  }

  if (args.format !== undefined && formatApplies(single)) {
    const formatIssue = validateFormat(value, args.format, param);
    if (formatIssue) return formatIssue;
  }

  return runValidateHook(schema, value, param);
}
