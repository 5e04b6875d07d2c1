/**
 * wp_unique_post_slug(): a taken slug gets `-2`, `-3`… Uniqueness is per type (per type and
 * parent for pages) and rests on Content.slugKey, whose unique index settles races: a write that
 * loses one retries with the next free suffix (see write.ts). Writers of one slug take turns, so
 * races are rare (uniqueSlug).
 */
import type { Prisma } from '../../db/client';
import { lockName } from '../../db/locks';
import { slugKeyFor } from '../content/slug';

type Tx = Prisma.TransactionClient;

/** Slugs that would clash with feed and embed endpoints (wp_unique_post_slug's "bad" slugs). */
const RESERVED = new Set(['feed', 'rdf', 'rss', 'rss2', 'atom', 'embed']);
const MAX_SLUG = 200;

export interface SlugPlace {
  type: string;
  parentId: number;
}

/** The slugKey a published record of this place would have for this slug. */
export function keyFor(place: SlugPlace, slug: string): string {
  return slugKeyFor({ type: place.type, parentId: place.parentId, slug, status: 'publish' }) as string;
}

function isBadSlug(place: SlugPlace, slug: string): boolean {
  if (RESERVED.has(slug)) return true;
  // Pages may not look like a pagination segment (`2`, `page2`).
  return place.type === 'page' && /^(page)?\d+$/.test(slug);
}

/** The candidates in WordPress's order: the slug itself, then slug-2, slug-3… (truncated to fit 200). */
function* candidates(slug: string): Generator<string> {
  yield slug;
  for (let suffix = 2; ; suffix++) {
    const tail = `-${suffix}`;
    yield slug.slice(0, MAX_SLUG - tail.length) + tail;
  }
}

/** The first candidate that is neither bad nor taken (taken: the keys owned by other records). */
export function firstFreeSlug(place: SlugPlace, slug: string, taken: ReadonlySet<string>): string {
  for (const candidate of candidates(slug)) {
    if (!isBadSlug(place, candidate) && !taken.has(keyFor(place, candidate))) return candidate;
  }
  return slug; // unreachable: the generator is endless
}

/** Keys of other records that start like this slug: everything firstFreeSlug needs to know. */
export async function takenKeys(tx: Tx, place: SlugPlace, slug: string, selfId: number | null): Promise<Set<string>> {
  const prefix = keyFor(place, slug.slice(0, MAX_SLUG - 12));
  const rows = await tx.content.findMany({
    where: { slugKey: { startsWith: prefix }, ...(selfId ? { id: { not: selfId } } : {}) },
    select: { slugKey: true },
  });
  return new Set(rows.map((r) => r.slugKey as string));
}

/**
 * A unique slug for a record about to be written inside `tx`. Writers of one slug in one place take
 * turns (a named lock until the transaction ends), so concurrent ones get -2, -3… instead of all
 * choosing the same free candidate; the unique index and the retry remain as the last word.
 */
export async function uniqueSlug(tx: Tx, place: SlugPlace, slug: string, selfId: number | null): Promise<string> {
  await lockName(tx, `slug:${keyFor(place, slug.slice(0, MAX_SLUG - 12))}`);
  return firstFreeSlug(place, slug, await takenKeys(tx, place, slug, selfId));
}

/** Whether an error is the slugKey unique index refusing a concurrent duplicate. */
export function isSlugConflict(error: unknown): boolean {
  const e = error as { code?: string; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: unknown } } } } };
  if (e?.code !== 'P2002') return false;
  const fields = [e.meta?.target, e.meta?.driverAdapterError?.cause?.constraint?.fields].flat().map(String).join(' ');
  return fields === '' || /slugKey/.test(fields);
}
