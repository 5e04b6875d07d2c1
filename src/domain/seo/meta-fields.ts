/**
 * Yoast's per-item SEO fields (WPSEO_Meta::$meta_fields), stored as the plugin stores them: one
 * post meta row per field under `_yoast_wpseo_<name>`, strings, absent when empty (Yoast deletes a
 * field set back to its default). The same keys are the names clients write through a record's
 * `meta`. Validation and the "advanced fields" permission live here once.
 */
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';

export const SEO_META_PREFIX = '_yoast_wpseo_';

type FieldKind = 'text' | 'url' | 'id' | 'flag' | 'noindex';

interface FieldDef {
  kind: FieldKind;
  /** Longest value accepted (characters). */
  max: number;
  /** Yoast's "advanced" tab: written only by who has wpseo_edit_advanced_metadata. */
  advanced?: boolean;
}

const TEXT: FieldDef = { kind: 'text', max: 300 };
const LONG_TEXT: FieldDef = { kind: 'text', max: 1000 };
const URL: FieldDef = { kind: 'url', max: 2048 };
const ID: FieldDef = { kind: 'id', max: 10 };

/** Field name (after the prefix) -> its rule, in Yoast's order. */
export const SEO_META_FIELDS = {
  title: TEXT,
  metadesc: LONG_TEXT,
  focuskw: { kind: 'text', max: 191 },
  canonical: { ...URL, advanced: true },
  'meta-robots-noindex': { kind: 'noindex', max: 1, advanced: true },
  'meta-robots-nofollow': { kind: 'flag', max: 1, advanced: true },
  bctitle: { ...TEXT, advanced: true },
  'opengraph-title': TEXT,
  'opengraph-description': LONG_TEXT,
  'opengraph-image': URL,
  'opengraph-image-id': ID,
  'twitter-title': TEXT,
  'twitter-description': LONG_TEXT,
  'twitter-image': URL,
  'twitter-image-id': ID,
  is_cornerstone: { kind: 'flag', max: 1 },
} as const satisfies Record<string, FieldDef>;

export type SeoFieldName = keyof typeof SEO_META_FIELDS;
export const SEO_FIELD_NAMES = Object.keys(SEO_META_FIELDS) as SeoFieldName[];

/** The stored meta keys (`_yoast_wpseo_title`...). */
export const SEO_META_KEYS: readonly string[] = SEO_FIELD_NAMES.map((name) => SEO_META_PREFIX + name);

/** An item's SEO fields as stored ('' for an absent field). */
export type SeoFields = Readonly<Record<SeoFieldName, string>>;

export function emptySeoFields(): Record<SeoFieldName, string> {
  const out = Object.create(null) as Record<SeoFieldName, string>;
  for (const name of SEO_FIELD_NAMES) out[name] = '';
  return out;
}

/** The fields of an item from its meta (key -> first value). */
export function seoFieldsFromMeta(meta: ReadonlyMap<string, string>): SeoFields {
  const out = emptySeoFields();
  for (const name of SEO_FIELD_NAMES) out[name] = meta.get(SEO_META_PREFIX + name) ?? '';
  return out;
}

/** The fields as REST `meta` entries (every key, '' when absent: registered meta with a default). */
export function seoMetaJson(fields: SeoFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of SEO_FIELD_NAMES) out[SEO_META_PREFIX + name] = fields[name];
  return out;
}

/**
 * JSON Schema of each key in a record's `meta` (register_meta with show_in_rest). Shown in the
 * edit context only: the keyphrase and cornerstone flag are editors' notes, and the public values
 * are in the head object anyway.
 */
export function seoMetaSchema(): Record<string, { type: string; title: string; description: string; default: string; context: string[]; enum?: string[]; format?: string; maxLength?: number }> {
  const out: ReturnType<typeof seoMetaSchema> = {};
  for (const name of SEO_FIELD_NAMES) {
    const def: FieldDef = SEO_META_FIELDS[name];
    const key = SEO_META_PREFIX + name;
    const base = { type: 'string', title: '', description: '', default: '', context: ['edit'] };
    if (def.kind === 'noindex') out[key] = { ...base, enum: ['', '0', '1', '2'] };
    else if (def.kind === 'flag') out[key] = { ...base, enum: ['', '0', '1'] };
    else if (def.kind === 'url') out[key] = { ...base, format: 'uri', maxLength: def.max };
    else out[key] = { ...base, maxLength: def.max };
  }
  return out;
}

/** Changes to write: field -> new value, null to delete. */
export type SeoFieldChanges = Partial<Record<SeoFieldName, string | null>>;

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

/** One value checked and normalised as Yoast's sanitize_post_meta would keep it ('' deletes). */
function normalise(name: SeoFieldName, key: FieldPlace, value: unknown): string | null {
  if (value === null) return null;
  const def: FieldDef = SEO_META_FIELDS[name];
  if (def.kind === 'id' && typeof value === 'number') value = String(value);
  if ((def.kind === 'flag' || def.kind === 'noindex') && typeof value === 'boolean') value = value ? '1' : '0';
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
  }
  return text;
}

/**
 * The SEO changes in a `meta` object sent by a client (other keys are not ours: ignored here).
 * Throws rest_invalid_param for a bad value; permissions are checked against the stored values
 * when written (meta-write.ts).
 */
export function seoChangesFromMeta(meta: unknown): SeoFieldChanges | undefined {
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  const changes: SeoFieldChanges = {};
  let any = false;
  for (const name of SEO_FIELD_NAMES) {
    const key = SEO_META_PREFIX + name;
    if (!Object.prototype.hasOwnProperty.call(meta, key)) continue;
    changes[name] = normalise(name, { param: 'meta', label: `meta[${key}]` }, (meta as Record<string, unknown>)[key]);
    any = true;
  }
  return any ? changes : undefined;
}

/** wpseo_edit_advanced_metadata (Yoast grants it to administrators and editors). */
export function canEditAdvancedSeo(viewer: Viewer): boolean {
  return viewer.can('edit_others_posts');
}

/**
 * Refuses a change of an advanced field by who may not make it. As WordPress's meta fields do, a
 * value sent unchanged is no change (clients send back the whole `meta` they read).
 */
export function checkSeoChanges(viewer: Viewer, changes: SeoFieldChanges, current: SeoFields): void {
  for (const name of SEO_FIELD_NAMES) {
    const value = changes[name];
    if (value === undefined || (value ?? '') === current[name]) continue;
    const def: FieldDef = SEO_META_FIELDS[name];
    if (def.advanced && !canEditAdvancedSeo(viewer)) {
      throw forbidden('rest_cannot_update', `Sorry, you are not allowed to edit the ${SEO_META_PREFIX + name} custom field.`, viewer);
    }
  }
}

/**
 * The SEO changes of fields named by Yoast's field names (another face's input, already renamed),
 * checked as `meta` is; `place` names a refused field as the client sent it. An image given by
 * attachment id replaces an image address set before (the head then shows the attachment's file).
 */
export function seoChangesFromFields(values: ReadonlyMap<SeoFieldName, unknown>, place: (name: SeoFieldName) => FieldPlace): SeoFieldChanges | undefined {
  if (values.size === 0) return undefined;
  const changes: SeoFieldChanges = {};
  for (const [name, value] of values) {
    if (!Object.prototype.hasOwnProperty.call(SEO_META_FIELDS, name)) continue;
    changes[name] = normalise(name, place(name), value);
  }
  for (const [id, url] of [['opengraph-image-id', 'opengraph-image'], ['twitter-image-id', 'twitter-image']] as const) {
    if (changes[id] !== undefined && changes[url] === undefined) changes[url] = null;
  }
  return changes;
}
