/**
 * Batched reads for posts and pages. A page of records (and every `_embed` sub-request made for
 * it) shares these loaders, so reading its terms, meta, revision counts, parents and featured
 * media costs one query each, whatever the page size.
 */
import DataLoader from 'dataloader';
import { Prisma, type Content } from '../../generated/prisma-sqlite/client';
import { contentTag, termTag } from '../../cache/tags';
import { byKeys, defineLoader, groupByKeys } from '../loaders';
import { SEO_META_KEYS } from '../seo/meta-fields';
import type { AttachedTerm } from './types';

/** Meta keys the records show: footnotes and the SEO fields (REST meta), the featured image, and the slug a trashed record wants back. */
export const FOOTNOTES_KEY = 'footnotes';
export const THUMBNAIL_KEY = '_thumbnail_id';
/** The slug a trashed record had, given back when it leaves the trash. */
export const DESIRED_SLUG_KEY = '_wp_desired_post_slug';

export const contentById = defineLoader('posts.contentById', (db) =>
  new DataLoader<number, Content | null>(async (ids) => byKeys(ids, await db.read.content.findMany({ where: { id: { in: [...ids] } } }), (row) => row.id)),
);

interface TermRow {
  contentId: number | bigint;
  id: number | bigint;
  taxonomy: string;
  slug: string;
  name: string;
}

/** The terms of each record (every taxonomy), ordered by name: one join for the whole batch. */
export const termsByContent = defineLoader('posts.termsByContent', (db) =>
  new DataLoader<number, AttachedTerm[]>(async (ids) => {
    const rows = await db.read.query<TermRow>(
      Prisma.sql`
      SELECT tr."contentId" AS "contentId", t."id" AS "id", t."taxonomy" AS "taxonomy", t."slug" AS "slug", t."name" AS "name"
      FROM "TermRelationship" tr JOIN "Term" t ON t."id" = tr."termId"
      WHERE tr."contentId" IN (${Prisma.join([...ids])})
      ORDER BY t."name" ASC, t."id" ASC`,
      (found) => [...ids.map(contentTag), ...found.map((r) => termTag(Number(r.id)))],
    );
    const terms = rows.map((r) => ({ contentId: Number(r.contentId), term: { id: Number(r.id), taxonomy: r.taxonomy, slug: r.slug, name: r.name } }));
    return groupByKeys(ids, terms, (r) => r.contentId).map((list) => list.map((r) => r.term));
  }),
);

/** The displayed meta of each record, as key -> value (first row per key, as get_post_meta single). */
export const metaByContent = defineLoader('posts.metaByContent', (db) =>
  new DataLoader<number, Map<string, string>>(async (ids) => {
    const rows = await db.read.contentMeta.findMany({
      where: { contentId: { in: [...ids] }, key: { in: [FOOTNOTES_KEY, THUMBNAIL_KEY, DESIRED_SLUG_KEY, ...SEO_META_KEYS] } },
      orderBy: { id: 'asc' },
    });
    return groupByKeys(ids, rows, (r) => r.contentId).map((list) => {
      const map = new Map<string, string>();
      for (const row of list) if (!map.has(row.key)) map.set(row.key, row.value);
      return map;
    });
  }),
);

export interface RevisionStats {
  count: number;
  latestId: number;
}

/**
 * wp_get_latest_revision_id_and_total_count() for each record. Revisions are inserted in time
 * order, so the newest is the one with the highest id.
 */
export const revisionStatsByParent = defineLoader('posts.revisionStats', (db) =>
  new DataLoader<number, RevisionStats>(async (ids) => {
    // A record's revisions are written with it (publishing c:<parent>), so the parents' tags cover them.
    const rows = await db.read.query<{ parentId: number | bigint; n: number | bigint; latest: number | bigint }>(
      Prisma.sql`
      SELECT "parentId" AS "parentId", count(*) AS "n", max("id") AS "latest" FROM "Content"
      WHERE "parentId" IN (${Prisma.join([...ids])}) AND "type" = 'revision' AND "status" = 'inherit'
      GROUP BY "parentId"`,
      ids.map(contentTag),
    );
    const found = byKeys(ids, rows, (r) => Number(r.parentId));
    return found.map((r) => ({ count: Number(r?.n ?? 0), latestId: Number(r?.latest ?? 0) }));
  }),
);

/**
 * The revisions (autosaves included) of each record, newest first: one read for a page of records.
 * A record's revisions are written with it (publishing c:<parent>), so the parents' tags cover them.
 */
export const revisionsByParent = defineLoader('posts.revisionsByParent', (db) =>
  new DataLoader<number, Content[]>(async (ids) => {
    const rows = await db.read.content.findMany({
      where: { parentId: { in: [...ids] }, type: 'revision', status: 'inherit' },
      orderBy: [{ date: 'desc' }, { id: 'desc' }],
    });
    return groupByKeys(ids, rows, (row) => row.parentId);
  }),
);

/** Owners of slug keys (Content.slugKey), for the slugs a record would get if saved now. */
export const slugKeyOwner = defineLoader('posts.slugKeyOwner', (db) =>
  new DataLoader<string, number | null>(async (keys) => {
    const rows = await db.read.content.findMany({ where: { slugKey: { in: [...keys] } }, select: { id: true, slugKey: true } });
    return byKeys(keys, rows, (r) => r.slugKey as string).map((r) => r?.id ?? null);
  }),
);

/** Slug keys that start with a prefix (the `-2`, `-3`… siblings of a wanted slug). */
export const slugKeysWithPrefix = defineLoader('posts.slugKeysWithPrefix', (db) =>
  new DataLoader<string, Array<{ id: number; slugKey: string }>>(async (prefixes) => {
    const rows = await db.read.content.findMany({
      where: { OR: prefixes.map((prefix) => ({ slugKey: { startsWith: prefix } })) },
      select: { id: true, slugKey: true },
    });
    const typed = rows.filter((r): r is { id: number; slugKey: string } => r.slugKey !== null);
    return prefixes.map((prefix) => typed.filter((r) => r.slugKey.startsWith(prefix)));
  }),
);
