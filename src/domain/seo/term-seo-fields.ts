/**
 * Yoast's per-term SEO fields (the keys of its wpseo_taxonomy_meta: `wpseo_title`, `wpseo_desc`,
 * `wpseo_focuskw`, `wpseo_canonical`, `wpseo_noindex`...), stored as term meta rows, one per field,
 * absent when empty; written through the `meta` of core/v2 categories and tags by who may edit the
 * term (the term write checks that), advanced fields by who has wpseo_edit_advanced_metadata. The
 * rules are meta-field-rules.ts's, as for posts.
 */
import DataLoader from 'dataloader';
import type { Prisma } from '../../db/client';
import { EVENT_CATEGORY } from '../events/types';
import { defineLoader, groupByKeys } from '../loaders';
import type { Viewer } from '../viewer';
import {
  changedFields, changesFromMeta, checkFieldChanges, fieldsFromMeta, ID_FIELD, KEYPHRASE, LONG_TEXT, metaJsonOf, metaSchemaOf, storedKeys, TEXT, URL_FIELD,
  type FieldChanges, type FieldDef, type FieldTable, type MetaKeySchema,
} from './meta-field-rules';

const TERM_SEO_FIELDS = {
  title: TEXT,
  desc: LONG_TEXT,
  focuskw: KEYPHRASE,
  canonical: { ...URL_FIELD, advanced: true },
  noindex: { kind: 'term-noindex', max: 7, advanced: true },
  bctitle: { ...TEXT, advanced: true },
  'opengraph-title': TEXT,
  'opengraph-description': LONG_TEXT,
  'opengraph-image': URL_FIELD,
  'opengraph-image-id': ID_FIELD,
  'twitter-title': TEXT,
  'twitter-description': LONG_TEXT,
  'twitter-image': URL_FIELD,
  'twitter-image-id': ID_FIELD,
} as const satisfies Record<string, FieldDef>;

export type TermSeoFieldName = keyof typeof TERM_SEO_FIELDS;
export const TERM_SEO_TABLE: FieldTable<TermSeoFieldName> = { prefix: 'wpseo_', fields: TERM_SEO_FIELDS };
export type TermSeoFields = Readonly<Record<TermSeoFieldName, string>>;
export type TermSeoChanges = FieldChanges<TermSeoFieldName>;

const TERM_SEO_KEYS = storedKeys(TERM_SEO_TABLE);

/**
 * The taxonomies whose terms have SEO fields: those with archives and heads — categories and tags
 * (written through core/v2's `meta` and GraphQL), event categories (GraphQL only: The Events
 * Calendar's REST terms have no `meta`).
 */
export function hasTermSeoFields(taxonomy: string): boolean {
  return taxonomy === 'category' || taxonomy === 'post_tag' || taxonomy === EVENT_CATEGORY;
}

/** A page of terms' fields at once. */
export const termSeoByTerm = defineLoader('seo.termSeo', (db) =>
  new DataLoader<number, TermSeoFields>(async (ids) => {
    const rows = await db.read.termMeta.findMany({ where: { termId: { in: [...ids] }, key: { in: TERM_SEO_KEYS } }, orderBy: { id: 'asc' } });
    return groupByKeys(ids, rows, (row) => row.termId).map((list) => {
      const meta = new Map<string, string>();
      for (const row of list) if (!meta.has(row.key)) meta.set(row.key, row.value);
      return fieldsFromMeta(TERM_SEO_TABLE, meta);
    });
  }),
);

export function termSeoMetaJson(fields: TermSeoFields): Record<string, string> {
  return metaJsonOf(TERM_SEO_TABLE, fields);
}

export function termSeoMetaSchema(): Record<string, MetaKeySchema> {
  return metaSchemaOf(TERM_SEO_TABLE);
}

/** The term SEO changes in a client's `meta` (throws rest_invalid_param for a bad value). */
export function termSeoChangesFromMeta(meta: unknown): TermSeoChanges | undefined {
  return changesFromMeta(TERM_SEO_TABLE, meta);
}

/** Writes a term's SEO fields inside the term write's transaction (the caller checked edit_term). */
export async function writeTermSeoFields(tx: Prisma.TransactionClient, viewer: Viewer, termId: number, changes: TermSeoChanges | undefined): Promise<void> {
  if (!changes) return;
  const rows = await tx.termMeta.findMany({ where: { termId, key: { in: TERM_SEO_KEYS } }, orderBy: { id: 'asc' } });
  const stored = new Map<string, string>();
  for (const row of rows) if (!stored.has(row.key)) stored.set(row.key, row.value);
  const current = fieldsFromMeta(TERM_SEO_TABLE, stored);
  checkFieldChanges(TERM_SEO_TABLE, viewer, changes, current);
  for (const [name, value] of changedFields(TERM_SEO_TABLE, changes, current)) {
    const key = TERM_SEO_TABLE.prefix + name;
    await tx.termMeta.deleteMany({ where: { termId, key } });
    if (value !== null) await tx.termMeta.create({ data: { termId, key, value } });
  }
}
