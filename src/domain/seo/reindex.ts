/**
 * Reindexing everything (`npm run cli -- seo:reindex`): every post, page and calendar record is
 * analysed again and its links indexed, then every term, the archives and the general pages. A
 * run writes its start time first (option `seo_reindex_state`); an item whose indexable was
 * written after that time is done. So a run that stops — interrupted, or killed — is resumed by
 * the next one from what the indexables say, skipping what was done and losing nothing; a run
 * that finishes removes the mark (and the next starts afresh). `restart` starts afresh anyway.
 */
import type { Config } from '../../config';
import type { Database, PrismaClient } from '../../db/client';
import { indexTermLinks } from './link-indexing';
import { writeSeoOption } from './options';
import { ARCHIVED_POST_TYPES, GENERAL_INDEXABLES, indexGeneral, indexPostTypeArchive, indexTerm, INDEXED_TAXONOMIES } from './other-indexables';
import { INDEXABLE_VERSION, refreshPostIndexable } from './post-indexables';
import { INDEXED_POST_TYPES, UNINDEXED_STATUSES } from './post-snapshot';

export const REINDEX_STATE_OPTION = 'seo_reindex_state';

/** Items read per step. */
const PAGE = 100;
/** Analyses of an item written again during its analysis, before the run moves on (its writer's queue analyses it). */
const CHANGED_TRIES = 3;

export interface ReindexProgress {
  phase: 'posts' | 'terms' | 'pages';
  /** Items done so far, this run and before it. */
  done: number;
  total: number;
}

export interface ReindexOptions {
  restart?: boolean;
  onProgress?: (progress: ReindexProgress) => void;
  /** Asked before each item: true stops the run there (resumable). */
  shouldStop?: () => boolean;
}

export interface ReindexResult {
  resumed: boolean;
  /** Items analysed or indexed by this run. */
  indexed: number;
  /** Items this run found done already. */
  skipped: number;
  total: number;
  completed: boolean;
}

async function readState(prisma: PrismaClient): Promise<Date | null> {
  const row = await prisma.option.findUnique({ where: { name: REINDEX_STATE_OPTION } });
  if (!row) return null;
  try {
    const started = new Date(String((JSON.parse(row.value) as { startedAt?: unknown }).startedAt));
    return Number.isNaN(started.getTime()) ? null : started;
  } catch {
    return null;
  }
}

async function writeState(prisma: PrismaClient, startedAt: Date): Promise<void> {
  const value = JSON.stringify({ startedAt: startedAt.toISOString() });
  await prisma.option.upsert({ where: { name: REINDEX_STATE_OPTION }, create: { name: REINDEX_STATE_OPTION, value }, update: { value } });
}

const postWhere = { type: { in: [...INDEXED_POST_TYPES] }, status: { notIn: [...UNINDEXED_STATUSES] } };
const termWhere = { taxonomy: { in: [...INDEXED_TAXONOMIES] } };

/** Ids among `ids` whose indexable of `objectType` was written by this run already. */
async function doneAmong(prisma: PrismaClient, objectType: string, ids: number[], since: Date): Promise<Set<number>> {
  const rows = await prisma.seoIndexable.findMany({
    where: { objectType, objectId: { in: ids }, analysedAt: { gte: since }, version: { gte: INDEXABLE_VERSION } },
    select: { objectId: true },
  });
  return new Set(rows.map((r) => r.objectId));
}

export async function reindexAll(db: Database, config: Config, options: ReindexOptions = {}): Promise<ReindexResult> {
  const prisma = db.prisma;
  const previous = options.restart ? null : await readState(prisma);
  const startedAt = previous ?? new Date();
  if (!previous) await writeState(prisma, startedAt);
  const total = (await prisma.content.count({ where: postWhere })) + (await prisma.term.count({ where: termWhere })) + Object.keys(ARCHIVED_POST_TYPES).length + GENERAL_INDEXABLES.length;
  const result: ReindexResult = { resumed: previous !== null, indexed: 0, skipped: 0, total, completed: false };
  let done = 0;
  const tick = (phase: ReindexProgress['phase']) => options.onProgress?.({ phase, done, total });

  for (let cursor = 0; ; ) {
    const page = await prisma.content.findMany({ where: { ...postWhere, id: { gt: cursor } }, orderBy: { id: 'asc' }, take: PAGE, select: { id: true } });
    if (page.length === 0) break;
    cursor = page[page.length - 1].id;
    const finished = await doneAmong(prisma, 'post', page.map((p) => p.id), startedAt);
    for (const { id } of page) {
      if (finished.has(id)) {
        result.skipped += 1;
      } else {
        if (options.shouldStop?.()) return result;
        for (let attempt = 0; attempt < CHANGED_TRIES; attempt += 1) {
          if ((await refreshPostIndexable(db, config, id, { links: true })) !== 'changed') break;
        }
        result.indexed += 1;
      }
      done += 1;
      tick('posts');
    }
  }

  for (let cursor = 0; ; ) {
    const page = await prisma.term.findMany({ where: { ...termWhere, id: { gt: cursor } }, orderBy: { id: 'asc' }, take: PAGE, select: { id: true } });
    if (page.length === 0) break;
    cursor = page[page.length - 1].id;
    const finished = await doneAmong(prisma, 'term', page.map((p) => p.id), startedAt);
    for (const { id } of page) {
      if (finished.has(id)) {
        result.skipped += 1;
      } else {
        if (options.shouldStop?.()) return result;
        await prisma.$transaction(async (tx) => {
          const indexableId = await indexTerm(tx, config, id);
          if (indexableId !== null) {
            const row = await tx.seoIndexable.findUniqueOrThrow({ where: { id: indexableId }, select: { id: true, objectId: true, permalink: true } });
            await indexTermLinks(tx, config, row);
          }
        });
        result.indexed += 1;
      }
      done += 1;
      tick('terms');
    }
  }

  if (options.shouldStop?.()) return result;
  await prisma.$transaction(async (tx) => {
    for (const type of Object.keys(ARCHIVED_POST_TYPES)) await indexPostTypeArchive(tx, config, type);
    for (const which of GENERAL_INDEXABLES) await indexGeneral(tx, config, which);
  });
  result.indexed += Object.keys(ARCHIVED_POST_TYPES).length + GENERAL_INDEXABLES.length;
  done = total;
  tick('pages');

  await prisma.$transaction(async (tx) => {
    await writeSeoOption(tx, 'wpseo', { indexables_indexing_completed: true });
    await tx.option.deleteMany({ where: { name: REINDEX_STATE_OPTION } });
  });
  result.completed = true;
  return result;
}
