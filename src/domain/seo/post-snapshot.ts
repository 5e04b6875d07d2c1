/**
 * What the analysis of one post, page or calendar record reads, taken under the record's row lock
 * in a short transaction of its own: that lock waits for a write still holding it, so the analysis
 * reads the record as that write committed it (or as it stands, when nothing is writing).
 */
import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import { calendarPermalink } from '../events/records';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE } from '../events/types';
import { ancestorSlugsIn } from '../posts/ancestors';
import { permalink } from '../posts/render';
import { readOptionsFrom, type SiteOptions } from '../settings/options';
import { anonymous } from '../viewer';
import { focusKeyphraseOf, ITEM_META_KEYS, itemMetaOf, type ItemMeta } from './item-meta';

type Tx = Prisma.TransactionClient;

/** Post types that get an indexable (the public ones: posts, pages and the calendar's). */
export const INDEXED_POST_TYPES: readonly string[] = ['post', 'page', EVENT_TYPE, VENUE_TYPE, ORGANIZER_TYPE];
/** Post types whose text is analysed (the issue: posts, pages and events). */
export const ANALYSED_POST_TYPES: readonly string[] = ['post', 'page', EVENT_TYPE];
/** Statuses that never get an indexable (WordPress's auto-drafts; revisions and attachments are other types). */
export const UNINDEXED_STATUSES: readonly string[] = ['auto-draft', 'inherit'];

const CALENDAR_TYPES = new Set([EVENT_TYPE, VENUE_TYPE, ORGANIZER_TYPE]);

export interface PostSnapshot {
  row: Content;
  meta: ItemMeta;
  permalink: string;
  options: SiteOptions;
  /** Ids of other indexed items with the same focus keyphrase (at most two). */
  keyphraseUsedBy: number[];
  /** A fingerprint of the row and meta the analysis read. */
  fingerprint: string;
}

/** Takes the row lock (and with it, waits out a write of the record). */
export async function lockContentRow(tx: Tx, id: number): Promise<void> {
  await tx.$executeRaw`UPDATE "Content" SET "id" = "id" WHERE "id" = ${id}`;
}

async function metaOf(tx: Tx, id: number): Promise<ItemMeta> {
  return itemMetaOf(await tx.contentMeta.findMany({ where: { contentId: id, key: { in: [...ITEM_META_KEYS] } }, orderBy: { id: 'asc' }, select: { key: true, value: true } }));
}

export function fingerprintOf(row: Content, meta: ItemMeta): string {
  const parts = [row.type, row.status, row.title, row.content, row.slug, row.parentId, row.authorId, row.password !== '', ITEM_META_KEYS.map((key) => meta[key] ?? null)];
  return createHash('sha1').update(JSON.stringify(parts)).digest('hex');
}

/** The record's public address, as its own type builds it (a private or draft record's plain form). */
export async function permalinkIn(tx: Tx, config: Config, options: SiteOptions, row: Content): Promise<string> {
  if (CALENDAR_TYPES.has(row.type)) return calendarPermalink(config, row);
  const ancestors = row.type === 'page' ? await ancestorSlugsIn(tx, row) : [];
  return permalink({ url: config.siteUrl, pretty: config.permalinks === 'pretty', options }, row, ancestors, anonymous);
}

/** Other items whose focus keyphrase is `keyphrase` (the plugin's keyword usage: two tell "several"). */
async function keyphraseUsers(tx: Tx, id: number, keyphrase: string): Promise<number[]> {
  if (!keyphrase) return [];
  const rows = await tx.seoIndexable.findMany({
    where: { objectType: 'post', primaryFocusKeyword: keyphrase, objectId: { not: id }, postStatus: { notIn: ['trash', ...UNINDEXED_STATUSES] } },
    orderBy: { objectId: 'asc' },
    take: 2,
    select: { objectId: true },
  });
  return rows.map((r) => r.objectId);
}

/**
 * The record as the analysis needs it; 'absent' when it does not exist (yet: a create not
 * committed; or any more), 'unindexed' for a type or status without an indexable.
 */
export async function readPostSnapshot(tx: Tx, config: Config, id: number): Promise<PostSnapshot | 'absent' | 'unindexed'> {
  await lockContentRow(tx, id);
  const row = await tx.content.findUnique({ where: { id } });
  if (!row) return 'absent';
  if (!INDEXED_POST_TYPES.includes(row.type) || UNINDEXED_STATUSES.includes(row.status)) return 'unindexed';
  const meta = await metaOf(tx, id);
  const options = await readOptionsFrom(tx);
  return {
    row,
    meta,
    permalink: await permalinkIn(tx, config, options, row),
    options,
    keyphraseUsedBy: await keyphraseUsers(tx, id, focusKeyphraseOf(meta)),
    fingerprint: fingerprintOf(row, meta),
  };
}

/** The fingerprint of the record as it stands (under its lock), or null when it is gone. */
export async function currentFingerprint(tx: Tx, id: number): Promise<string | null> {
  await lockContentRow(tx, id);
  const row = await tx.content.findUnique({ where: { id } });
  return row ? fingerprintOf(row, await metaOf(tx, id)) : null;
}
