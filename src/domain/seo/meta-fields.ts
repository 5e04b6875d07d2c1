/**
 * Yoast's per-item SEO fields (WPSEO_Meta::$meta_fields), stored as the plugin stores them: one
 * post meta row per field under `_yoast_wpseo_<name>`, strings, absent when empty (Yoast deletes a
 * field set back to its default). The same keys are the names clients write through a record's
 * `meta`. Validation and the "advanced fields" permission are meta-field-rules.ts's, shared with
 * terms' and users' tables.
 */
import type { Viewer } from '../viewer';
import {
  canEditAdvancedSeo as canEditAdvanced, changesFromMeta, checkFieldChanges, fieldNames, fieldsFromMeta, ID_FIELD, KEYPHRASE, LONG_TEXT, metaJsonOf, metaSchemaOf, storedKeys, TEXT, URL_FIELD,
  type FieldChanges, type FieldDef, type FieldTable, type MetaKeySchema,
} from './meta-field-rules';

export const SEO_META_PREFIX = '_yoast_wpseo_';

/** Field name (after the prefix) -> its rule, in Yoast's order. */
export const SEO_META_FIELDS = {
  title: TEXT,
  metadesc: LONG_TEXT,
  focuskw: KEYPHRASE,
  canonical: { ...URL_FIELD, advanced: true },
  'meta-robots-noindex': { kind: 'noindex', max: 1, advanced: true },
  'meta-robots-nofollow': { kind: 'flag', max: 1, advanced: true },
  bctitle: { ...TEXT, advanced: true },
  'opengraph-title': TEXT,
  'opengraph-description': LONG_TEXT,
  'opengraph-image': URL_FIELD,
  'opengraph-image-id': ID_FIELD,
  'twitter-title': TEXT,
  'twitter-description': LONG_TEXT,
  'twitter-image': URL_FIELD,
  'twitter-image-id': ID_FIELD,
  is_cornerstone: { kind: 'flag', max: 1 },
} as const satisfies Record<string, FieldDef>;

export type SeoFieldName = keyof typeof SEO_META_FIELDS;

/** Posts', pages' and events' table (post meta). */
export const POST_SEO_TABLE: FieldTable<SeoFieldName> = { prefix: SEO_META_PREFIX, fields: SEO_META_FIELDS };

export const SEO_FIELD_NAMES = fieldNames(POST_SEO_TABLE);

/** The stored meta keys (`_yoast_wpseo_title`...). */
export const SEO_META_KEYS: readonly string[] = storedKeys(POST_SEO_TABLE);

/** An item's SEO fields as stored ('' for an absent field). */
export type SeoFields = Readonly<Record<SeoFieldName, string>>;

export function emptySeoFields(): Record<SeoFieldName, string> {
  const out = Object.create(null) as Record<SeoFieldName, string>;
  for (const name of SEO_FIELD_NAMES) out[name] = '';
  return out;
}

/** The fields of an item from its meta (key -> first value). */
export function seoFieldsFromMeta(meta: ReadonlyMap<string, string>): SeoFields {
  return fieldsFromMeta(POST_SEO_TABLE, meta);
}

/** The fields as REST `meta` entries (every key, '' when absent: registered meta with a default). */
export function seoMetaJson(fields: SeoFields): Record<string, string> {
  return metaJsonOf(POST_SEO_TABLE, fields);
}

/** JSON Schema of each key in a record's `meta` (edit context only). */
export function seoMetaSchema(): Record<string, MetaKeySchema> {
  return metaSchemaOf(POST_SEO_TABLE);
}

/** Changes to write: field -> new value, null to delete. */
export type SeoFieldChanges = FieldChanges<SeoFieldName>;

/** The SEO changes in a `meta` object sent by a client (throws rest_invalid_param for a bad value). */
export function seoChangesFromMeta(meta: unknown): SeoFieldChanges | undefined {
  return changesFromMeta(POST_SEO_TABLE, meta);
}

/** wpseo_edit_advanced_metadata (Yoast grants it to administrators and editors). */
export function canEditAdvancedSeo(viewer: Viewer): boolean {
  return canEditAdvanced(viewer);
}

/** Refuses a change of an advanced field by who may not make it (a value sent unchanged is no change). */
export function checkSeoChanges(viewer: Viewer, changes: SeoFieldChanges, current: SeoFields): void {
  checkFieldChanges(POST_SEO_TABLE, viewer, changes, current);
}
