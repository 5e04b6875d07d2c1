/**
 * Indexing (seo/v1 `indexing/*` and `link-indexing/*`, the plugin's Indexing_Route): resumable
 * batches that bring every object's indexable up to date — posts (analysed), terms, post type
 * archives, the general pages — and then the links of posts and terms. Each batch takes the
 * objects that still have no current indexable, lowest id first, so a client that stops after any
 * batch and calls again later goes on where it stopped: nothing is skipped, and an object indexed
 * once is not taken again (the unique key keeps one row per object even when two clients overlap).
 * `next` is true while a batch was full: there may be more.
 */
import type { Config } from '../../config';
import type { Database, PrismaClient } from '../../db/client';
import type { DomainContext } from '../context';
import { indexPostLinks, indexTermLinks } from './link-indexing';
import { writeSeoOption } from './options';
import { GENERAL_INDEXABLES, indexGeneral, indexPostTypeArchive, indexTerm, INDEXED_TAXONOMIES, ARCHIVED_POST_TYPES } from './other-indexables';
import { requireSeo } from './permissions';
import { INDEXABLE_VERSION, refreshPostIndexable } from './post-indexables';
import { INDEXED_POST_TYPES, UNINDEXED_STATUSES } from './post-snapshot';

/** Objects per batch (the plugin's wpseo_post_indexation_limit and friends). */
export const INDEXING_LIMIT = 25;
/** Items per link batch (wpseo_link_indexing_limit). */
export const LINK_INDEXING_LIMIT = 5;

export type IndexingAction = 'prepare' | 'posts' | 'terms' | 'post-type-archives' | 'general' | 'indexables-complete' | 'complete';
export type LinkIndexingAction = 'posts' | 'terms';

export interface IndexingBatch {
  objects: Record<string, unknown>[];
  /** A full batch was processed: call again. */
  next: boolean;
}

type IndexableRow = Awaited<ReturnType<PrismaClient['seoIndexable']['findFirstOrThrow']>>;

/** An indexable as the plugin's routes list it (its columns, snake_case). */
export function indexableJson(row: IndexableRow): Record<string, unknown> {
  const iso = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '') : null);
  return {
    id: row.id,
    object_id: row.objectId || null,
    object_type: row.objectType,
    object_sub_type: row.objectSubType || null,
    author_id: row.authorId,
    post_parent: row.postParent,
    permalink: row.permalink,
    permalink_hash: row.permalinkHash,
    canonical: row.canonical,
    title: row.title,
    description: row.description,
    breadcrumb_title: row.breadcrumbTitle,
    is_cornerstone: row.isCornerstone,
    is_robots_noindex: row.isRobotsNoindex,
    is_robots_nofollow: row.isRobotsNofollow,
    is_public: row.isPublic,
    post_status: row.postStatus,
    primary_focus_keyword: row.primaryFocusKeyword,
    primary_focus_keyword_score: row.primaryFocusKeywordScore,
    readability_score: row.readabilityScore,
    estimated_reading_time_minutes: row.estimatedReadingTimeMinutes,
    link_count: row.linkCount,
    incoming_link_count: row.incomingLinkCount,
    language: row.language,
    object_last_modified: iso(row.objectLastModified),
    object_published_at: iso(row.objectPublishedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    version: row.version,
  };
}

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** Ids of posts of indexed types without a current indexable, lowest first (constants only in the SQL text). */
async function unindexedPostIds(prisma: PrismaClient, provider: string, limit: number): Promise<number[]> {
  const p = (n: number) => (provider === 'postgresql' ? `$${n}` : '?');
  const rows = await prisma.$queryRawUnsafe<Array<{ id: unknown }>>(
    `SELECT C."id" AS "id" FROM "Content" C WHERE C."type" IN (${quoted(INDEXED_POST_TYPES)}) AND C."status" NOT IN (${quoted(UNINDEXED_STATUSES)})
     AND NOT EXISTS (SELECT 1 FROM "SeoIndexable" I WHERE I."objectType" = 'post' AND I."objectId" = C."id" AND I."version" >= ${p(1)})
     ORDER BY C."id" LIMIT ${p(2)}`,
    INDEXABLE_VERSION,
    limit,
  );
  return rows.map((r) => Number(r.id));
}

async function unindexedTermIds(prisma: PrismaClient, provider: string, limit: number): Promise<number[]> {
  const p = (n: number) => (provider === 'postgresql' ? `$${n}` : '?');
  const rows = await prisma.$queryRawUnsafe<Array<{ id: unknown }>>(
    `SELECT T."id" AS "id" FROM "Term" T WHERE T."taxonomy" IN (${quoted(INDEXED_TAXONOMIES)})
     AND NOT EXISTS (SELECT 1 FROM "SeoIndexable" I WHERE I."objectType" = 'term' AND I."objectId" = T."id" AND I."version" >= ${p(1)})
     ORDER BY T."id" LIMIT ${p(2)}`,
    INDEXABLE_VERSION,
    limit,
  );
  return rows.map((r) => Number(r.id));
}

async function rowsByIds(prisma: PrismaClient, ids: number[]): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.seoIndexable.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
  return rows.map(indexableJson);
}

/** One batch of posts: analysed and stored (links in their own pass). */
export async function indexPostsBatch(db: Database, config: Config, limit = INDEXING_LIMIT): Promise<IndexingBatch> {
  const prisma = db.prisma;
  const ids = await unindexedPostIds(prisma, db.provider, limit);
  const done: number[] = [];
  for (const id of ids) if ((await refreshPostIndexable(db, config, id, { links: false })) === 'stored') done.push(id);
  const rows = done.length ? await prisma.seoIndexable.findMany({ where: { objectType: 'post', objectId: { in: done } }, orderBy: { objectId: 'asc' } }) : [];
  return { objects: rows.map(indexableJson), next: ids.length >= limit };
}

async function indexTermsBatch(prisma: PrismaClient, provider: string, config: Config, limit = INDEXING_LIMIT): Promise<IndexingBatch> {
  const ids = await unindexedTermIds(prisma, provider, limit);
  const made: number[] = [];
  for (const termId of ids) {
    const id = await prisma.$transaction((tx) => indexTerm(tx, config, termId));
    if (id !== null) made.push(id);
  }
  return { objects: await rowsByIds(prisma, made), next: ids.length >= limit };
}

async function indexArchives(prisma: PrismaClient, config: Config): Promise<IndexingBatch> {
  const existing = await prisma.seoIndexable.findMany({ where: { objectType: 'post-type-archive', version: { gte: INDEXABLE_VERSION } }, select: { objectSubType: true } });
  const made: number[] = [];
  for (const type of Object.keys(ARCHIVED_POST_TYPES)) {
    if (existing.some((e) => e.objectSubType === type)) continue;
    made.push(await prisma.$transaction((tx) => indexPostTypeArchive(tx, config, type)));
  }
  return { objects: await rowsByIds(prisma, made), next: false };
}

async function indexGeneralBatch(prisma: PrismaClient, config: Config): Promise<IndexingBatch> {
  const existing = await prisma.seoIndexable.findMany({ where: { objectId: 0, objectType: { in: [...new Set(GENERAL_INDEXABLES.map((g) => g.objectType))] }, version: { gte: INDEXABLE_VERSION } }, select: { objectType: true, objectSubType: true } });
  const made: number[] = [];
  for (const which of GENERAL_INDEXABLES) {
    if (existing.some((e) => e.objectType === which.objectType && e.objectSubType === which.objectSubType)) continue;
    made.push(await prisma.$transaction((tx) => indexGeneral(tx, config, which)));
  }
  return { objects: await rowsByIds(prisma, made), next: false };
}

/** One batch of the link pass over posts or terms whose links were never indexed. */
export async function indexLinksBatch(prisma: PrismaClient, config: Config, kind: LinkIndexingAction, limit = LINK_INDEXING_LIMIT): Promise<IndexingBatch> {
  const where = kind === 'posts'
    ? { objectType: 'post', objectSubType: { in: [...INDEXED_POST_TYPES] }, linkCount: null }
    : { objectType: 'term', linkCount: null };
  const batch = await prisma.seoIndexable.findMany({ where, orderBy: { id: 'asc' }, take: limit, select: { id: true, objectId: true, permalink: true } });
  for (const indexable of batch) {
    await prisma.$transaction(async (tx) => {
      if (kind === 'posts') await indexPostLinks(tx, config, indexable);
      else await indexTermLinks(tx, config, indexable);
    });
  }
  return { objects: await rowsByIds(prisma, batch.map((b) => b.id)), next: batch.length >= limit };
}

/** POST indexing/{action}: `edit_posts`, as the plugin's can_index. */
export async function runIndexing(ctx: DomainContext, action: IndexingAction): Promise<IndexingBatch> {
  requireSeo(ctx.viewer, 'edit_posts');
  const prisma = ctx.db.prisma;
  switch (action) {
    case 'prepare':
      await prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo', { indexing_started: Math.floor(Date.now() / 1000) }));
      return { objects: [], next: false };
    case 'posts':
      return indexPostsBatch(ctx.db, ctx.config);
    case 'terms':
      return indexTermsBatch(prisma, ctx.db.provider, ctx.config);
    case 'post-type-archives':
      return indexArchives(prisma, ctx.config);
    case 'general':
      return indexGeneralBatch(prisma, ctx.config);
    case 'indexables-complete':
      await prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo', { indexables_indexing_completed: true }));
      return { objects: [], next: false };
    case 'complete':
      await prisma.$transaction((tx) => writeSeoOption(tx, 'wpseo', { indexing_started: null, indexing_first_time: false }));
      return { objects: [], next: false };
  }
}

/** POST link-indexing/{posts|terms}: `edit_posts`. */
export async function runLinkIndexing(ctx: DomainContext, kind: LinkIndexingAction): Promise<IndexingBatch> {
  requireSeo(ctx.viewer, 'edit_posts');
  return indexLinksBatch(ctx.db.prisma, ctx.config, kind);
}
