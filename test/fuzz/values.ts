/**
 * Hostile values as a small JSON-like tree, so one generated value can be written as a JSON body
 * (with number literals JSON.stringify cannot print, such as 1e309), as PHP bracket-syntax query
 * pairs, or as a GraphQL literal. Object keys are kept as entries: "__proto__" stays an ordinary key.
 */
import fc from 'fast-check';
import type { ArgSchema } from '../../src/schema/types';

export type FuzzValue =
  | { t: 'string'; v: string }
  /** A number literal as written on the wire ("1e309", "-0", "99999999999999999999"). */
  | { t: 'number'; raw: string }
  | { t: 'boolean'; v: boolean }
  | { t: 'null' }
  /** A bare GraphQL enum value (a string elsewhere). */
  | { t: 'enum'; v: string }
  | { t: 'list'; items: FuzzValue[] }
  | { t: 'object'; entries: Array<[string, FuzzValue]> };

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'constructor.prototype', '__proto__.x', 'hasOwnProperty', 'toString'];

const str = (v: string): FuzzValue => ({ t: 'string', v });
const num = (raw: string): FuzzValue => ({ t: 'number', raw });

/** Any UTF-16 code unit, lone surrogates and control characters included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export const HOSTILE_TEXT = [
  '', ' ', '0', '-1', '-0', '1e309', '-1e309', 'NaN', 'Infinity', '99999999999999999999', '9007199254740993', '-99999999999999999999',
  '1.5', '0x10', '1,2,3', 'true', 'false', 'null', '[]', '{}', '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\u0007\u001b[31m\u007f',
  '\r\n\t', '<script>alert(1)</script>', '<p onclick="x">hi</p>', '../../etc/passwd', '%FF', '%C3%28', 'édition', '😀', '\uFEFF',
  'edit', 'view', 'embed', 'publish', 'draft', 'trash', 'future', 'private', 'pending', 'any', 'asc', 'desc', 'id', 'date',
  '2024-01-01T00:00:00', '2024-13-45', 'now', '+10 days', 'http://example.com/', 'javascript:alert(1)', 'a'.repeat(300),
  ...PROTOTYPE_KEYS,
];

const NUMBER_LITERALS = ['0', '-0', '1', '-1', '2', '42', '1.5', '-2.5', '9007199254740991', '9007199254740993', '99999999999999999999', '-99999999999999999999', '1e308', '1e309', '-1e309', '1e-400', '4294967296'];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
);

const scalar: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 4, arbitrary: hostileText.map(str) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_LITERALS).map(num) },
  { weight: 1, arbitrary: fc.integer().map((n) => num(String(n))) },
  { weight: 1, arbitrary: fc.boolean().map((v): FuzzValue => ({ t: 'boolean', v })) },
  { weight: 1, arbitrary: fc.constant<FuzzValue>({ t: 'null' }) },
  { weight: 1, arbitrary: fc.constantFrom('PUBLISH', 'DRAFT', 'NOPE', 'ID', 'SLUG', 'DATABASE_ID', 'URI', 'ASC', 'x').map((v): FuzzValue => ({ t: 'enum', v })) },
);

const objectKey = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) }, { weight: 3, arbitrary: fc.constantFrom('a', 'x', 'id', 'name', 'terms', 'operator', 'include_children', 'raw', 'rendered', '0', '1', '') }, { weight: 1, arbitrary: hostileText });

/** Scalars, lists and objects nested up to three levels, prototype keys among the object keys. */
export const hostileValue: fc.Arbitrary<FuzzValue> = fc.letrec<{ value: FuzzValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }).map((items): FuzzValue => ({ t: 'list', items })) },
    { weight: 1, arbitrary: fc.array(fc.tuple(objectKey, tie('value')), { maxLength: 3 }).map((entries): FuzzValue => ({ t: 'object', entries })) },
  ),
})).value;

/** A plausible value for a declared argument (so hostile requests are mixed with ones that pass). */
export function plausibleValue(schema: ArgSchema | undefined): fc.Arbitrary<FuzzValue> {
  if (!schema) return fc.constant(str('1'));
  if (schema.enum && schema.enum.length) return fc.constantFrom(...schema.enum).map((v) => (typeof v === 'number' ? num(String(v)) : typeof v === 'boolean' ? { t: 'boolean', v } : str(String(v))));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return fc.integer({ min: 0, max: 5 }).map((n) => num(String(n)));
    case 'boolean':
      return fc.boolean().map((v): FuzzValue => ({ t: 'boolean', v }));
    case 'array':
      return plausibleValue(schema.items).map((item): FuzzValue => ({ t: 'list', items: [item] }));
    case 'object':
      return fc.constant<FuzzValue>({ t: 'object', entries: [] });
    default:
      // Control characters and lone surrogates in otherwise ordinary text reach the writes.
      return fc.constantFrom('fuzz title', 'hello', '2027-03-01 18:00', 'Europe/Paris', 'fuzz-slug', 'nul\u0000inside', 'lone \ud800 surrogate', 'bell\u0007 tab\t esc\u001b', '%FF%C3%28').map(str);
  }
}

export function valueFor(schema: ArgSchema | undefined): fc.Arbitrary<FuzzValue> {
  return fc.oneof({ weight: 3, arbitrary: plausibleValue(schema) }, { weight: 2, arbitrary: hostileValue });
}

// ------------------------------------------------------------------------------------------------
// Writers
// ------------------------------------------------------------------------------------------------

/** JSON text; keys are written as given, so `"__proto__"` appears literally. */
export function toJsonText(value: FuzzValue): string {
  switch (value.t) {
    case 'string':
    case 'enum':
      return JSON.stringify(value.v);
    case 'number':
      return value.raw;
    case 'boolean':
      return String(value.v);
    case 'null':
      return 'null';
    case 'list':
      return `[${value.items.map(toJsonText).join(',')}]`;
    case 'object':
      return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
}

/** How a scalar looks in a query string or form body before percent-encoding. */
function scalarText(value: FuzzValue): string | null {
  switch (value.t) {
    case 'string':
    case 'enum':
      return value.v;
    case 'number':
      return value.raw;
    case 'boolean':
      return value.v ? 'true' : 'false';
    default:
      return null;
  }
}

/**
 * Percent-encodes text the way a browser would, except that `%XX` sequences already present are
 * sent raw half of the time (so `%FF` and `%C3%28` reach the server as invalid UTF-8).
 */
export function encodeComponent(text: string, keepPercents: boolean): string {
  // Lone surrogates cannot be percent-encoded as UTF-8; send them as what a client would (U+FFFD).
  const wellFormed = text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  if (!keepPercents) return encodeURIComponent(wellFormed);
  return wellFormed
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((part, i) => (i % 2 === 1 ? part : encodeURIComponent(part)))
    .join('');
}

/** PHP bracket-syntax pairs: a list as `k[]=`, an object as `k[key]=`, null as a bare key. */
export function toQueryPairs(key: string, value: FuzzValue, keepPercents: boolean, indexed = false): string[] {
  const k = encodeComponent(key, keepPercents).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  if (value.t === 'null') return [k];
  if (value.t === 'list') return value.items.flatMap((item, i) => toQueryPairs(`${key}[${indexed ? i : ''}]`, item, keepPercents, indexed));
  if (value.t === 'object') {
    if (value.entries.length === 0) return [`${k}[]=`];
    return value.entries.flatMap(([sub, v]) => toQueryPairs(`${key}[${sub}]`, v, keepPercents, indexed));
  }
  return [`${k}=${encodeComponent(scalarText(value) ?? '', keepPercents)}`];
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A GraphQL literal; object keys that are not GraphQL names are left out (they would only be syntax errors). */
export function toGraphQLLiteral(value: FuzzValue): string {
  switch (value.t) {
    case 'string':
      return JSON.stringify(value.v).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
    case 'enum':
      return value.v;
    case 'number':
      return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.raw) ? value.raw : '0';
    case 'boolean':
      return String(value.v);
    case 'null':
      return 'null';
    case 'list':
      return `[${value.items.map(toGraphQLLiteral).join(', ')}]`;
    case 'object':
      return `{${value.entries
        .filter(([k]) => GRAPHQL_NAME.test(k))
        .map(([k, v]) => `${k}: ${toGraphQLLiteral(v)}`)
        .join(', ')}}`;
  }
}
