/**
 * A post's, page's or calendar record's indexable, made from the record and its analysis: read
 * under the record's lock (post-snapshot.ts), analysed outside any transaction (the library takes
 * milliseconds to a second on long texts; no lock is held meanwhile), then stored in a second
 * short transaction only if the record still reads as it did — a result computed from an older
 * version never overwrites a newer one (the caller analyses again). With `links`, the item's links
 * are indexed in the same transaction (on save; the indexing routes do links in their own pass).
 */
import type { Config } from '../../config';
import type { Database, Prisma } from '../../db/client';
import { renderContent, renderTitle } from '../content/format';
import type { AnalysisInput, AnalysisOutput } from './analysis';
import { analysisPoolOf } from './analysis-pool';
import { analysedSeoTitle } from './analysis-title';
import {
  BREADCRUMB_TITLE_KEY, CANONICAL_KEY, focusKeyphraseOf, isCornerstoneIn, isNofollowIn, META_DESCRIPTION_KEY, noindexChoiceIn, optionalText, SEO_TITLE_KEY,
} from './item-meta';
import { adoptIncomingLinks, forgetIndexable, permalinkHashOf, storeLinks } from './indexable-links';
import { extractLinks, siteAddressOf } from './link-extraction';
import { ANALYSED_POST_TYPES, currentFingerprint, readPostSnapshot, type PostSnapshot } from './post-snapshot';

type Tx = Prisma.TransactionClient;

/** Bumped when what an indexable holds changes meaning: older rows are indexed again. */
export const INDEXABLE_VERSION = 1;

/** Longest focus keyphrase kept (the plugin's column holds 191 characters). */
const MAX_KEYPHRASE = 191;

export type RefreshOutcome = 'stored' | 'missing' | 'changed' | 'skipped';

/** What the analysis of a snapshot reads, with the SEO title its head prints (analysis-title.ts). */
export function analysisInputOf(snapshot: PostSnapshot, title: string): AnalysisInput {
  return {
    html: renderContent(snapshot.row.content),
    keyphrase: focusKeyphraseOf(snapshot.meta).slice(0, MAX_KEYPHRASE),
    title,
    description: optionalText(snapshot.meta, META_DESCRIPTION_KEY) ?? '',
    slug: snapshot.row.slug,
    permalink: snapshot.permalink,
    locale: snapshot.options.language || 'en_US',
    isCornerstone: isCornerstoneIn(snapshot.meta),
    keyphraseUsedBy: snapshot.keyphraseUsedBy,
  };
}

/** The indexable's columns (Indexable_Post_Builder), with the analysis when there is one. */
export function postIndexableData(snapshot: PostSnapshot, analysis: AnalysisOutput | null, now: Date): Prisma.SeoIndexableUncheckedCreateInput {
  const { row, meta } = snapshot;
  const keyphrase = focusKeyphraseOf(meta).slice(0, MAX_KEYPHRASE) || null;
  const noindex = noindexChoiceIn(meta);
  const isPublic = noindex === true || row.status !== 'publish' || row.password !== '' ? false : null;
  return {
    objectType: 'post',
    objectSubType: row.type,
    objectId: row.id,
    authorId: row.authorId,
    postParent: row.parentId,
    postStatus: row.status,
    permalink: snapshot.permalink,
    permalinkHash: permalinkHashOf(snapshot.permalink),
    title: optionalText(meta, SEO_TITLE_KEY),
    description: optionalText(meta, META_DESCRIPTION_KEY),
    breadcrumbTitle: optionalText(meta, BREADCRUMB_TITLE_KEY) ?? renderTitle(row.title),
    canonical: optionalText(meta, CANONICAL_KEY),
    isCornerstone: isCornerstoneIn(meta),
    isRobotsNoindex: noindex,
    isRobotsNofollow: isNofollowIn(meta),
    isPublic,
    primaryFocusKeyword: keyphrase,
    primaryFocusKeywordScore: analysis && keyphrase ? analysis.seoScore : null,
    readabilityScore: analysis?.readabilityScore ?? 0,
    estimatedReadingTimeMinutes: analysis ? analysis.readingTimeMinutes : null,
    seoResults: analysis ? JSON.stringify(analysis.seoResults) : null,
    readabilityResults: analysis ? JSON.stringify(analysis.readabilityResults) : null,
    objectLastModified: row.modified,
    objectPublishedAt: row.date,
    analysisHash: snapshot.fingerprint,
    analysedAt: now,
    language: (snapshot.options.language || 'en_US').split(/[_-]/)[0],
    version: INDEXABLE_VERSION,
  };
}

/**
 * Writes the indexable (one row per object, whoever wrote it before: the database's unique key
 * decides, so two instances indexing one object at once leave one row) and returns its id.
 */
export async function upsertIndexable(tx: Tx, data: Prisma.SeoIndexableUncheckedCreateInput): Promise<number> {
  const key = { objectType: data.objectType, objectSubType: data.objectSubType ?? '', objectId: data.objectId ?? 0 };
  const row = await tx.seoIndexable.upsert({ where: { objectType_objectSubType_objectId: key }, create: data, update: data, select: { id: true } });
  return row.id;
}

/** Stores a snapshot's indexable (and its links) if the record still reads as the snapshot did. */
async function store(tx: Tx, config: Config, snapshot: PostSnapshot, analysis: AnalysisOutput | null, links: boolean): Promise<RefreshOutcome> {
  const now = await currentFingerprint(tx, snapshot.row.id);
  if (now === null) {
    await forgetIndexable(tx, { objectType: 'post', objectId: snapshot.row.id });
    return 'missing';
  }
  if (now !== snapshot.fingerprint) return 'changed';
  const data = postIndexableData(snapshot, analysis, new Date());
  const id = await upsertIndexable(tx, data);
  await adoptIncomingLinks(tx, id, snapshot.permalink, snapshot.row.id);
  if (links) {
    const html = renderContent(snapshot.row.content);
    await storeLinks(tx, id, snapshot.row.id, extractLinks(html, snapshot.permalink, siteAddressOf(config.siteUrl)));
  }
  return 'stored';
}


/**
 * Reads, analyses and stores one record's indexable. 'missing': no such record (yet, or any more:
 * its indexable is then removed); 'changed': it was written meanwhile, nothing stored; 'skipped':
 * a record of a type without indexables.
 */
export async function refreshPostIndexable(db: Database, config: Config, id: number, options: { links: boolean }): Promise<RefreshOutcome> {
  // The analysis writes after (or outside) any request, with the process's own client.
  const prisma = db.untracked('SEO analysis writes the indexable outside the request');
  const snapshot = await prisma.$transaction((tx) => readPostSnapshot(tx, config, id));
  if (snapshot === 'unindexed') return 'skipped';
  if (snapshot === 'absent') {
    await prisma.$transaction((tx) => forgetIndexable(tx, { objectType: 'post', objectId: id }));
    return 'missing';
  }
  let analysis: AnalysisOutput | null = null;
  try {
    // In a worker thread (analysis-pool.ts): the CPU work stays off the event loop.
    if (ANALYSED_POST_TYPES.includes(snapshot.row.type)) analysis = await analysisPoolOf(db, config).analyse(analysisInputOf(snapshot, await analysedSeoTitle(db, config, snapshot.row)));
  } catch (error) {
    // A text the library cannot analyse still gets its indexable (without scores): indexing goes on.
    process.emitWarning(`SEO analysis of record ${id} failed: ${error instanceof Error ? error.message : String(error)}`, 'SeoAnalysisWarning');
  }
  return prisma.$transaction((tx) => store(tx, config, snapshot, analysis, options.links));
}
