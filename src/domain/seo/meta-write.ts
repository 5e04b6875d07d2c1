/**
 * Writing an item's SEO fields inside the caller's transaction (the post or event write), after
 * the permission check of each changed advanced field. Empty values delete the row, as Yoast does.
 */
import type { Prisma } from '../../db/client';
import type { Viewer } from '../viewer';
import { checkSeoChanges, SEO_FIELD_NAMES, SEO_META_KEYS, SEO_META_PREFIX, seoFieldsFromMeta, type SeoFieldChanges } from './meta-fields';

type Tx = Prisma.TransactionClient;

export async function writeSeoFields(tx: Tx, viewer: Viewer, contentId: number, changes: SeoFieldChanges | undefined): Promise<void> {
  if (!changes) return;
  const rows = await tx.contentMeta.findMany({ where: { contentId, key: { in: [...SEO_META_KEYS] } }, orderBy: { id: 'asc' } });
  const stored = new Map<string, string>();
  for (const row of rows) if (!stored.has(row.key)) stored.set(row.key, row.value);
  checkSeoChanges(viewer, changes, seoFieldsFromMeta(stored));
  for (const name of SEO_FIELD_NAMES) {
    const value = changes[name];
    if (value === undefined) continue;
    const key = SEO_META_PREFIX + name;
    if ((value ?? '') === (stored.get(key) ?? '')) continue;
    await tx.contentMeta.deleteMany({ where: { contentId, key } });
    if (value !== null) await tx.contentMeta.create({ data: { contentId, key, value } });
  }
}
