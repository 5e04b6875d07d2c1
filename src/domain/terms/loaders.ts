/**
 * Batched term reads for one request (and the `_embed` sub-requests sharing its LoaderCache): the
 * terms of many content records, single terms, ancestor chains for hierarchical links, the content
 * a `?post=` filter names, and the site options the capability checks need. Each costs one query
 * per batch, however many records ask.
 */
import DataLoader from 'dataloader';
import { contentTag, termTag } from '../../cache/tags';
import type { Database } from '../../db/client';
import type { Term } from '../../generated/prisma-sqlite/client';
import { Prisma } from '../../generated/prisma-sqlite/client';
import type { ContentRef } from '../content/permissions';
import { byKeys, defineLoader, groupByKeys } from '../loaders';

/** The largest value the Int id columns hold; anything above cannot exist (and would overflow PostgreSQL). */
export const MAX_ID = 2147483647;

export function isStorableId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= MAX_ID;
}

export const termById = defineLoader('termById', (db) =>
  new DataLoader<number, Term | null>(async (ids) => {
    const wanted = ids.filter(isStorableId);
    const rows = wanted.length ? await db.read.term.findMany({ where: { id: { in: [...wanted] } } }) : [];
    return byKeys(ids, rows, (t) => t.id);
  }),
);

/** A Term row read with raw SQL: integer columns come back as number or bigint depending on the driver. */
export interface RawTerm {
  id: number | bigint;
  taxonomy: string;
  name: string;
  slug: string;
  description: string;
  parentId: number | bigint;
  count: number | bigint;
}

export function toTerm(row: RawTerm): Term {
  return { id: Number(row.id), taxonomy: row.taxonomy, name: row.name, slug: row.slug, description: row.description, parentId: Number(row.parentId), count: Number(row.count) };
}

interface RawContentTerm extends RawTerm {
  contentId: number | bigint;
}

/** Every term (of every taxonomy) attached to each content id, in one joined query; callers filter by taxonomy. */
export const termsByContent = defineLoader('termsByContent', (db) =>
  new DataLoader<number, Term[]>(async (contentIds) => {
    const wanted = [...new Set(contentIds.filter(isStorableId))];
    if (wanted.length === 0) return contentIds.map(() => []);
    const rows = await db.read.query<RawContentTerm>(
      Prisma.sql`
      SELECT r."contentId", t."id", t."taxonomy", t."name", t."slug", t."description", t."parentId", t."count"
      FROM "TermRelationship" r JOIN "Term" t ON t."id" = r."termId"
      WHERE r."contentId" IN (${Prisma.join(wanted)})`,
      (found) => [...wanted.map(contentTag), ...found.map((r) => termTag(Number(r.id)))],
    );
    const grouped = groupByKeys(contentIds, rows, (r) => Number(r.contentId));
    return grouped.map((list) => list.map(toTerm));
  }),
);

/** The fields of a content record the `?post=` filter checks. */
export interface ContentSummary extends ContentRef {
  id: number;
}

export const contentSummaryById = defineLoader('termsContentSummaryById', (db) =>
  new DataLoader<number, ContentSummary | null>(async (ids) => {
    const wanted = ids.filter(isStorableId);
    const rows = wanted.length
      ? await db.read.content.findMany({ where: { id: { in: [...wanted] } }, select: { id: true, type: true, status: true, authorId: true } })
      : [];
    return byKeys(ids, rows, (c) => c.id);
  }),
);

/** One link of an ancestor chain. */
export interface TermNode {
  id: number;
  parentId: number;
  slug: string;
  taxonomy: string;
}

/** Raw rows come back with bigint or number ids depending on the driver. */
interface RawNode {
  id: number | bigint;
  parentId: number | bigint;
  slug: string;
  taxonomy: string;
}

async function loadChains(db: Database, ids: readonly number[]): Promise<TermNode[][]> {
  const wanted = [...new Set(ids.filter(isStorableId))];
  if (wanted.length === 0) return ids.map(() => []);
  // UNION (not UNION ALL) stops on a cycle, should the data ever hold one.
  const rows = await db.read.query<RawNode>(
    Prisma.sql`
    WITH RECURSIVE chain("id", "parentId", "slug", "taxonomy") AS (
      SELECT "id", "parentId", "slug", "taxonomy" FROM "Term" WHERE "id" IN (${Prisma.join(wanted)})
      UNION
      SELECT t."id", t."parentId", t."slug", t."taxonomy" FROM "Term" t JOIN chain c ON t."id" = c."parentId"
    )
    SELECT "id", "parentId", "slug", "taxonomy" FROM chain`,
    // Every term of the chain (a changed parent re-links it through its own tag).
    (found) => [...wanted.map(termTag), ...found.map((r) => termTag(Number(r.id)))],
  );
  const nodes = new Map<number, TermNode>();
  for (const r of rows) nodes.set(Number(r.id), { id: Number(r.id), parentId: Number(r.parentId), slug: r.slug, taxonomy: r.taxonomy });
  return ids.map((id) => {
    const chain: TermNode[] = [];
    const seen = new Set<number>();
    let node = nodes.get(id);
    while (node && !seen.has(node.id) && (chain.length === 0 || node.taxonomy === chain[0].taxonomy)) {
      chain.push(node);
      seen.add(node.id);
      node = node.parentId ? nodes.get(node.parentId) : undefined;
    }
    return chain;
  });
}

/** The term with this id followed by its ancestors, nearest first (empty when the id does not exist). */
export const termChain = defineLoader('termChain', (db) => new DataLoader<number, TermNode[]>((ids) => loadChains(db, ids)));

