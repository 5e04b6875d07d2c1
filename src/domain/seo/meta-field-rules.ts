/**
 * One pattern for Yoast's SEO fields of every kind of object: a table of fields (name -> rule)
 * under a storage prefix — posts' `_yoast_wpseo_*` post meta (meta-fields.ts), terms'
 * `wpseo_*` term meta (term-seo-fields.ts), users' `wpseo_*` user meta (user-seo-fields.ts) — and
 * the functions every table shares: reading stored values, the REST `meta` entries and their
 * schema, checking and normalising what a client sends, and the advanced-field permission.
 */
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';

/**
 * text, url, id (an attachment id), flag ('' / '1'), noindex (posts: '' / '1' noindex / '2' index),
 * term-noindex (terms: 'default' / 'index' / 'noindex'), on (users: '' / 'on').
 */
export type FieldKind = 'text' | 'url' | 'id' | 'flag' | 'noindex' | 'term-noindex' | 'on';

export interface FieldDef {
  kind: FieldKind;
  /** Longest value accepted (characters). */
  max: number;
  /** Yoast's "advanced" settings: written only by who has wpseo_edit_advanced_metadata. */
  advanced?: boolean;
}

export const TEXT: FieldDef = { kind: 'text', max: 300 };
export const LONG_TEXT: FieldDef = { kind: 'text', max: 1000 };
export const URL_FIELD: FieldDef = { kind: 'url', max: 2048 };
export const ID_FIELD: FieldDef = { kind: 'id', max: 10 };
export const KEYPHRASE: FieldDef = { kind: 'text', max: 191 };

/** A kind of object's fields: stored (and named in `meta`) as prefix + name. */
export interface FieldTable<N extends string = string> {
  prefix: string;
  fields: Readonly<Record<N, FieldDef>>;
}

export function fieldNames<N extends string>(table: FieldTable<N>): N[] {
  return Object.keys(table.fields) as N[];
}

/** The stored keys of a table, in its order. */
export function storedKeys(table: FieldTable): string[] {
  return fieldNames(table).map((name) => table.prefix + name);
}

const namesAndKeys = new WeakMap<FieldTable, ReadonlyArray<readonly [string, string]>>();

/** Each field's name and stored key, made once per table (every record read needs them). */
function namesAndKeysOf<N extends string>(table: FieldTable<N>): ReadonlyArray<readonly [N, string]> {
  let pairs = namesAndKeys.get(table);
  if (!pairs) namesAndKeys.set(table, (pairs = fieldNames(table).map((name) => [name, table.prefix + name] as const)));
  return pairs as ReadonlyArray<readonly [N, string]>;
}

/** An object's fields from its stored meta (key -> first value; '' when absent). */
export function fieldsFromMeta<N extends string>(table: FieldTable<N>, meta: ReadonlyMap<string, string>): Readonly<Record<N, string>> {
  const out = Object.create(null) as Record<N, string>;
  for (const [name, key] of namesAndKeysOf(table)) out[name] = meta.get(key) ?? '';
  return out;
}

/** The fields as REST `meta` entries (every key, '' when absent: registered meta with a default). */
export function metaJsonOf<N extends string>(table: FieldTable<N>, fields: Readonly<Record<N, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, key] of namesAndKeysOf(table)) out[key] = fields[name];
  return out;
}

export interface MetaKeySchema {
  type: 'string';
  title: string;
  description: string;
  default: string;
  context: string[];
  enum?: string[];
  format?: string;
  maxLength?: number;
}

/**
 * JSON Schema of each key in a record's `meta` (register_meta with show_in_rest). Shown in the
 * edit context only: keyphrases are editors' notes, and the public values are in the head anyway.
 */
export function metaSchemaOf(table: FieldTable): Record<string, MetaKeySchema> {
  const out: Record<string, MetaKeySchema> = {};
  for (const name of fieldNames(table)) {
    const def = table.fields[name];
    const key = table.prefix + name;
    const base = { type: 'string' as const, title: '', description: '', default: '', context: ['edit'] };
    if (def.kind === 'noindex') out[key] = { ...base, enum: ['', '0', '1', '2'] };
    else if (def.kind === 'flag') out[key] = { ...base, enum: ['', '0', '1'] };
    else if (def.kind === 'term-noindex') out[key] = { ...base, enum: ['', 'default', 'index', 'noindex'] };
    else if (def.kind === 'on') out[key] = { ...base, enum: ['', 'on', 'off'] };
    else if (def.kind === 'url') out[key] = { ...base, format: 'uri', maxLength: def.max };
    else out[key] = { ...base, maxLength: def.max };
  }
  return out;
}

/** Changes to write: field -> new value, null to delete. */
export type FieldChanges<N extends string = string> = Partial<Record<N, string | null>>;

/** Where a refused value was sent: REST's `meta[<key>]`, or another face's name for the field. */
export interface FieldPlace {
  param: string;
  label: string;
}

function invalid(place: FieldPlace, message: string): DomainError {
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${place.param}`, 400, { params: { [place.param]: `${place.label} ${message}` } });
}

function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new globalThis.URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** One value checked and normalised as Yoast's sanitisers keep it (null deletes: Yoast removes a field set back to its default). */
export function normaliseField(def: FieldDef, key: FieldPlace, value: unknown): string | null {
  if (value === null) return null;
  if (def.kind === 'id' && typeof value === 'number') value = String(value);
  if ((def.kind === 'flag' || def.kind === 'noindex') && typeof value === 'boolean') value = value ? '1' : '0';
  if (def.kind === 'on' && typeof value === 'boolean') value = value ? 'on' : '';
  if (typeof value !== 'string') throw invalid(key, 'is not of type string.');
  // Text fields lose tags and collapse their whitespace (WPSEO_Utils::sanitize_text_field).
  const text = def.kind === 'text' ? value.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim() : value.trim();
  if ([...text].length > def.max) throw invalid(key, `must be at most ${def.max} characters long.`);
  if (text === '') return null;
  switch (def.kind) {
    case 'url':
      if (!isHttpUrl(text)) throw invalid(key, 'is not a valid URL.');
      // Stored normalised: characters a URL may not hold are percent-encoded.
      return new globalThis.URL(text).href;
    case 'id':
      if (!/^\d+$/.test(text) || Number(text) > 2147483647) throw invalid(key, 'is not a valid attachment ID.');
      if (Number(text) === 0) return null;
      return String(Number(text));
    case 'flag':
      if (text !== '0' && text !== '1') throw invalid(key, 'is not one of 0 and 1.');
      return text === '1' ? '1' : null;
    case 'noindex':
      if (text !== '0' && text !== '1' && text !== '2') throw invalid(key, 'is not one of 0, 1 and 2.');
      return text === '0' ? null : text;
    case 'term-noindex':
      if (text !== 'default' && text !== 'index' && text !== 'noindex') throw invalid(key, 'is not one of default, index and noindex.');
      return text === 'default' ? null : text;
    case 'on':
      if (text !== 'on' && text !== 'off') throw invalid(key, 'is not one of on and off.');
      return text === 'on' ? 'on' : null;
  }
  return text;
}

/**
 * The table's changes in a `meta` object sent by a client (other keys are not ours: ignored here).
 * Throws rest_invalid_param for a bad value; permissions are checked against the stored values.
 */
export function changesFromMeta<N extends string>(table: FieldTable<N>, meta: unknown): FieldChanges<N> | undefined {
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  const changes: FieldChanges<N> = {};
  let any = false;
  for (const name of fieldNames(table)) {
    const key = table.prefix + name;
    if (!Object.prototype.hasOwnProperty.call(meta, key)) continue;
    changes[name] = normaliseField(table.fields[name], { param: 'meta', label: `meta[${key}]` }, (meta as Record<string, unknown>)[key]);
    any = true;
  }
  return any ? changes : undefined;
}

/** The image fields of a table given both as an attachment id and as an address. */
const IMAGE_PAIRS = [['opengraph-image-id', 'opengraph-image'], ['twitter-image-id', 'twitter-image']] as const;

/**
 * The table's changes from fields named by the table's own names (another face's input, already
 * renamed: GraphQL's `seo` inputs), checked and normalised as `meta` is; `place` names a refused
 * field as the client sent it. Names outside the table are ignored. An image given by attachment
 * id replaces an image address set before (the head then shows the attachment's file).
 */
export function changesFromFields<N extends string>(table: FieldTable<N>, values: ReadonlyMap<N, unknown>, place: (name: N) => FieldPlace): FieldChanges<N> | undefined {
  if (values.size === 0) return undefined;
  const changes: FieldChanges<N> = {};
  for (const [name, value] of values) {
    if (!Object.prototype.hasOwnProperty.call(table.fields, name)) continue;
    changes[name] = normaliseField(table.fields[name], place(name), value);
  }
  const byName = changes as Partial<Record<string, string | null>>;
  for (const [id, url] of IMAGE_PAIRS) {
    if (!Object.prototype.hasOwnProperty.call(table.fields, url)) continue;
    if (byName[id] !== undefined && byName[url] === undefined) byName[url] = null;
  }
  return changes;
}

/** wpseo_edit_advanced_metadata (Yoast grants it to administrators and editors). */
export function canEditAdvancedSeo(viewer: Viewer): boolean {
  return viewer.can('edit_others_posts');
}

/**
 * Refuses a change of an advanced field by who may not make it. As WordPress's meta fields do, a
 * value sent unchanged is no change (clients send back the whole `meta` they read).
 */
export function checkFieldChanges<N extends string>(table: FieldTable<N>, viewer: Viewer, changes: FieldChanges<N>, current: Readonly<Record<N, string>>): void {
  for (const name of fieldNames(table)) {
    const value = changes[name];
    if (value === undefined || (value ?? '') === current[name]) continue;
    if (table.fields[name].advanced && !canEditAdvancedSeo(viewer)) {
      throw forbidden('rest_cannot_update', `Sorry, you are not allowed to edit the ${table.prefix + name} custom field.`, viewer);
    }
  }
}

/** Only the fields whose value changes (what a write has to touch). */
export function changedFields<N extends string>(table: FieldTable<N>, changes: FieldChanges<N>, current: Readonly<Record<N, string>>): Array<[N, string | null]> {
  const out: Array<[N, string | null]> = [];
  for (const name of fieldNames(table)) {
    const value = changes[name];
    if (value !== undefined && (value ?? '') !== current[name]) out.push([name, value]);
  }
  return out;
}
