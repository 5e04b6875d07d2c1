/**
 * WordPress's rest_sanitize_value_from_schema(): turns an already validated value into the typed
 * value handlers use (digit strings → numbers, "false" → false, "1,2" → ["1","2"] → [1,2], …).
 *
 * Sanitising never throws for client mistakes. The few failures WordPress can report at this stage
 * (no anyOf/oneOf branch matches, items that only become duplicates once cast, a `sanitize` hook
 * throwing a DomainError) are *returned* as a SchemaFailure, a SchemaIssue that can be told apart
 * from real values with isSchemaFailure().
 */
import {
  declaredProperties,
  duplicateItems,
  findAnyMatchingSchema,
  findOneMatchingSchema,
  formatApplies,
  hasUniqueItems,
  isHexColor,
  isPlainObject,
  issueFromError,
  patternMatches,
  resolveMultiType,
  toList,
  toObject,
} from './validate';
import { isScalar, phpString, PHP_TRIM, sanitizeTextField } from '../domain/text';
import type { ArgSchema, SchemaIssue } from './types';

export { sanitizeTextField };

/** A sanitize-phase error, returned in place of the value. */
export class SchemaFailure implements SchemaIssue {
  readonly code: string;
  readonly message: string;
  readonly data: unknown;
  readonly additional?: SchemaIssue[];

  constructor(found: SchemaIssue) {
    this.code = found.code;
    this.message = found.message;
    this.data = found.data;
    if (found.additional) this.additional = found.additional;
  }
}

export function isSchemaFailure(value: unknown): value is SchemaFailure {
  return value instanceof SchemaFailure;
}

// ---------------------------------------------------------------------------------------------
// PHP casts
// ---------------------------------------------------------------------------------------------

/** The numeric prefix PHP's (int)/(float) casts read from a string ("12abc" → 12, "abc" → 0). */
function leadingNumber(text: string): number {
  const m = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text);
  return m ? Number(m[0].trim()) : 0;
}

/** PHP's (float) cast. */
export function toFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return leadingNumber(value);
  if (Array.isArray(value) || isPlainObject(value)) return Object.keys(value).length ? 1 : 0;
  return 0;
}

/** PHP's (int) cast: truncates toward zero; NaN and infinities become 0. */
export function toInt(value: unknown): number {
  const n = toFloat(value);
  return Number.isFinite(n) ? Math.trunc(n) || 0 : 0;
}

/** rest_sanitize_boolean(): "false" and "0" (any case) are false, the rest by PHP truthiness. */
export function toBoolean(value: unknown): boolean {
  if (typeof value === 'string') return !['false', '0', ''].includes(value.toLowerCase());
  if (typeof value === 'number') return value !== 0;
  if (Array.isArray(value) || isPlainObject(value)) return Object.keys(value).length > 0;
  return !!value;
}

// ---------------------------------------------------------------------------------------------
// Text and URL sanitisers used by `format`
// ---------------------------------------------------------------------------------------------

const ALLOWED_PROTOCOLS = [
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed',
  'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
];

/** wp_kses_bad_protocol_once(): the scheme before the first colon is kept only if allowed. */
function stripBadProtocolOnce(content: string, depth = 1): string {
  const normalised = content.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const m = /:|&#0*58;|&#x0*3a;|&colon;/i.exec(normalised);
  if (!m || normalised.slice(0, m.index).includes('/?')) return normalised;
  let rest = normalised.slice(m.index + m[0].length).replace(PHP_TRIM, '');
  const scheme = normalised
    .slice(0, m.index)
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/[ \t\n\v\f\r]/g, '')
    .toLowerCase();
  const protocol = ALLOWED_PROTOCOLS.includes(scheme) ? `${scheme}:` : '';
  if (protocol === 'feed:') {
    if (depth > 2) return '';
    rest = stripBadProtocolOnce(rest, depth + 1);
    if (rest === '') return rest;
  }
  return protocol + rest;
}

/** wp_kses_bad_protocol(): repeat until stable (at most 6 times), else give up with "". */
function stripBadProtocol(content: string): string {
  if (content.startsWith('https://') || content.startsWith('http://')) return content;
  let previous: string;
  let iterations = 0;
  do {
    previous = content;
    content = stripBadProtocolOnce(content);
  } while (previous !== content && ++iterations < 6);
  return previous !== content ? '' : content;
}

/** sanitize_url() (esc_url in the 'db' context): strips unsafe characters and disallowed schemes. */
export function sanitizeUrl(value: unknown): string {
  let url = isScalar(value) ? phpString(value) : '';
  if (url === '') return url;
  url = url.replace(/^[ \t\n\r\0\v]+/, '').replace(/ /g, '%20');
  url = url.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi, '');
  if (url === '') return url;
  if (!/^mailto:/i.test(url)) {
    while (/%0[ad]/i.test(url)) url = url.replace(/%0[dDaA]/g, '');
  }
  url = url.split(';//').join('://');
  if (!url.includes(':') && !['/', '#', '?'].includes(url[0]) && !/^[a-z0-9-]+?\.php/i.test(url)) {
    url = `http://${url}`;
  }
  if (url.includes('[') || url.includes(']')) {
    // Brackets are only legal in an IPv6 host; encode them in the path, query and fragment.
    const front = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
    url = front + url.slice(front.length).replace(/\[/g, '%5B').replace(/\]/g, '%5D');
  }
  if (url[0] === '/') return url;
  const good = stripBadProtocol(url);
  return good.toLowerCase() === url.toLowerCase() ? good : '';
}

/** The `format` sanitisers of rest_sanitize_value_from_schema(); undefined when none applies. */
function sanitizeFormat(value: unknown, format: string): string | undefined {
  switch (format) {
    case 'hex-color':
      return typeof value === 'string' && isHexColor(value) ? value : ''; // sanitize_hex_color, cast to string
    case 'date-time':
    case 'email': // sanitize_email() would validate, which WordPress avoids here
    case 'ip':
    case 'uuid':
    case 'text-field':
      return sanitizeTextField(value);
    case 'textarea-field':
      return sanitizeTextField(value, true);
    case 'uri':
      return sanitizeUrl(value);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------

function sanitizeArray(value: unknown, schema: ArgSchema, param: string, hooks: boolean): unknown {
  const list = toList(value);
  if (schema.items && Object.keys(schema.items).length > 0) {
    for (const [index, item] of list.entries()) {
      const clean = sanitizeWith(item, schema.items, `${param}[${index}]`, hooks);
      if (isSchemaFailure(clean)) return clean;
      list[index] = clean;
    }
  }
  if (schema.uniqueItems && !hasUniqueItems(list)) return new SchemaFailure(duplicateItems(param));
  return list;
}

function sanitizeObject(value: unknown, schema: ArgSchema, param: string, hooks: boolean): unknown {
  const object = toObject(value);
  const properties = declaredProperties(schema);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(object)) {
    let childSchema: ArgSchema | undefined = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
    childSchema ??= Object.entries(schema.patternProperties ?? {}).find(([pattern]) => patternMatches(pattern, key))?.[1];
    if (!childSchema && schema.additionalProperties === false) continue; // dropped, not an error
    if (!childSchema && isPlainObject(schema.additionalProperties)) childSchema = schema.additionalProperties as ArgSchema;
    const clean = childSchema ? sanitizeWith(child, childSchema, `${param}[${key}]`, hooks) : child;
    if (isSchemaFailure(clean)) return clean;
    // defineProperty, so that a "__proto__" key from JSON stays an ordinary key.
    Object.defineProperty(out, key, { value: clean, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function sanitizeBySchema(value: unknown, schema: ArgSchema, param: string, hooks: boolean): unknown {
  let args = schema;
  // Sanitise with the matching anyOf/oneOf branch first, then with the outer schema.
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    if (!args[combinator]) continue;
    const match = combinator === 'anyOf' ? findAnyMatchingSchema(value, args, param) : findOneMatchingSchema(value, args, param);
    if ('issue' in match) return new SchemaFailure(match.issue);
    if (args.type === undefined) args = { ...args, type: match.schema.type };
    value = sanitizeWith(value, match.schema, param, hooks);
    if (isSchemaFailure(value)) return value;
  }

  let type = args.type as string | readonly string[] | undefined;
  if (Array.isArray(type)) {
    type = resolveMultiType(value, type);
    if (!type) return null;
  }

  switch (type) {
    case 'array':
      return sanitizeArray(value, args, param, hooks);
    case 'object':
      return sanitizeObject(value, args, param, hooks);
    case 'null':
      return null;
    case 'integer':
      return toInt(value);
    case 'number':
      return toFloat(value);
    case 'boolean':
      return toBoolean(value);
  }
  if (args.format !== undefined && formatApplies(type as string | undefined)) {
    const formatted = sanitizeFormat(value, args.format);
    if (formatted !== undefined) return formatted;
  }
  if (type === 'string') return phpString(value);
  return value;
}

function sanitizeWith(value: unknown, schema: ArgSchema, param: string, hooks: boolean): unknown {
  const clean = sanitizeBySchema(value, schema, param, hooks);
  if (!hooks || !schema.sanitize || isSchemaFailure(clean)) return clean;
  try {
    return schema.sanitize(clean);
  } catch (error) {
    return new SchemaFailure(issueFromError(error));
  }
}

/**
 * Casts a value to its schema's types (recursively through items and properties, dropping
 * properties additionalProperties:false forbids), then applies the schema's `sanitize` hook.
 * Returns the clean value, or a SchemaFailure (see isSchemaFailure) for sanitize-phase errors.
 * Expects a value validateValue() accepted; anything else is cast as PHP would.
 */
export function sanitizeValue(value: unknown, schema: ArgSchema, param: string): unknown {
  return sanitizeWith(value, schema, param, true);
}

/** The schema-only cast WordPress compares enums with (no `sanitize` hooks). */
export function sanitizeSchemaOnly(value: unknown, schema: ArgSchema, param: string): unknown {
  return sanitizeWith(value, schema, param, false);
}
