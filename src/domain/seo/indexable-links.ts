/**
 * An item's links, stored (Yoast's seo_links) and counted: its own `linkCount` (the internal links
 * in its text, as the plugin counts them) and every target's `incomingLinkCount` (internal links to
 * it from other items), which is how content nobody links to is found. All inside the caller's
 * transaction, so the counts never disagree with the rows.
 */
import { createHash } from 'node:crypto';
import type { Prisma } from '../../db/client';
import { normalisedPermalink, plainPostId, type FoundLink } from './link-extraction';

type Tx = Prisma.TransactionClient;

/** The plugin's permalink_hash: `<length>:<md5>`. */
export function permalinkHashOf(permalink: string): string {
  return `${permalink.length}:${createHash('md5').update(permalink).digest('hex')}`;
}

/** Sets each target's incoming count from the rows (internal links from other items). */
export async function recountIncoming(tx: Tx, indexableIds: Iterable<number>): Promise<void> {
  for (const id of new Set(indexableIds)) {
    const count = await tx.seoLink.count({ where: { targetIndexableId: id, type: 'internal', indexableId: { not: id } } });
    await tx.seoIndexable.updateMany({ where: { id }, data: { incomingLinkCount: count } });
  }
}

interface Target {
  postId: number | null;
  indexableId: number | null;
}

/** What an internal address points at: the indexable with that permalink, or a plain `?p=` id's. */
async function targetsOf(tx: Tx, links: readonly FoundLink[]): Promise<Map<string, Target>> {
  const internal = [...new Set(links.filter((l) => l.type === 'internal').map((l) => l.url))];
  const byUrl = new Map<string, Target>();
  if (internal.length === 0) return byUrl;
  const hashes = new Map(internal.map((url) => [url, permalinkHashOf(normalisedPermalink(url))]));
  const plainIds = new Map(internal.map((url) => [url, plainPostId(url)]));
  const found = await tx.seoIndexable.findMany({
    where: {
      OR: [
        { permalinkHash: { in: [...new Set(hashes.values())] } },
        { objectType: 'post', objectId: { in: [...plainIds.values()].filter((id): id is number => id !== null) } },
      ],
    },
    select: { id: true, objectType: true, objectId: true, permalinkHash: true },
  });
  for (const url of internal) {
    const plain = plainIds.get(url) ?? null;
    const hit = found.find((f) => f.permalinkHash === hashes.get(url)) ?? (plain !== null ? found.find((f) => f.objectType === 'post' && f.objectId === plain) : undefined);
    byUrl.set(url, { indexableId: hit?.id ?? null, postId: hit?.objectType === 'post' ? hit.objectId : plain });
  }
  return byUrl;
}

/**
 * Replaces the links of indexable `indexableId` (in post `postId`, 0 for a term) with `links`,
 * sets its link count and recounts the incoming links of every target it had or has.
 */
export async function storeLinks(tx: Tx, indexableId: number, postId: number, links: readonly FoundLink[]): Promise<void> {
  const before = await tx.seoLink.findMany({ where: { indexableId, targetIndexableId: { not: null } }, select: { targetIndexableId: true } });
  await tx.seoLink.deleteMany({ where: { indexableId } });
  const targets = await targetsOf(tx, links);
  if (links.length) {
    await tx.seoLink.createMany({
      data: links.map((link) => {
        const target = targets.get(link.url);
        return { url: link.url, postId, indexableId, type: link.type, targetPostId: target?.postId ?? null, targetIndexableId: target?.indexableId ?? null };
      }),
    });
  }
  await tx.seoIndexable.update({ where: { id: indexableId }, data: { linkCount: links.filter((l) => l.type === 'internal').length } });
  const touched = [...before.map((b) => b.targetIndexableId as number), ...[...targets.values()].map((t) => t.indexableId).filter((id): id is number => id !== null)];
  await recountIncoming(tx, touched);
}

/** Links written before their target had an indexable now point at it (by its address), and it is counted. */
export async function adoptIncomingLinks(tx: Tx, indexableId: number, permalink: string, postId: number | null): Promise<void> {
  const url = normalisedPermalink(permalink);
  const urls = [...new Set([url, permalink, url.replace(/\/$/, '')])];
  await tx.seoLink.updateMany({ where: { targetIndexableId: null, type: 'internal', url: { in: urls } }, data: { targetIndexableId: indexableId, ...(postId ? { targetPostId: postId } : {}) } });
  if (postId) await tx.seoLink.updateMany({ where: { targetIndexableId: null, type: 'internal', targetPostId: postId }, data: { targetIndexableId: indexableId } });
  await recountIncoming(tx, [indexableId]);
}

/** An object is gone: its indexable and links go, and the items it linked to are recounted. */
export async function forgetIndexable(tx: Tx, where: { objectType: string; objectId: number }): Promise<void> {
  const rows = await tx.seoIndexable.findMany({ where: { objectType: where.objectType, objectId: where.objectId }, select: { id: true } });
  for (const { id } of rows) {
    const targets = await tx.seoLink.findMany({ where: { indexableId: id, targetIndexableId: { not: null } }, select: { targetIndexableId: true } });
    await tx.seoLink.deleteMany({ where: { indexableId: id } });
    await tx.seoLink.updateMany({ where: { targetIndexableId: id }, data: { targetIndexableId: null } });
    await tx.seoIndexable.delete({ where: { id } });
    await recountIncoming(tx, targets.map((t) => t.targetIndexableId as number));
  }
}
