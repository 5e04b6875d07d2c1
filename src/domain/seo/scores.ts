/**
 * The dashboards' score counts (seo/v1 `seo_scores` and `readability_scores`): how many published
 * items of a content type — optionally only those with one term — fall in each score group, read
 * from the stored analysis (never analysing again). As the plugin: SEO counts leave out items the
 * author kept out of search results; plain answers are kept 60 seconds per content type (and term),
 * answered with `cacheUsed: true`; troubleshooting skips that cache and lists each group's ids.
 */
import type { PrismaClient } from '../../db/client';
import type { DomainContext } from '../context';
import { EVENT_CATEGORY, EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE } from '../events/types';
import { requireSeo } from './permissions';
import { FILTER_KEY, SCORE_GROUPS, type ScoreGroupName, type ScoreKind } from './score-groups';

/** How long a plain answer is reused (the plugin's transient: a minute). */
export const SCORES_CACHE_MS = 60_000;

/** Content types the dashboards count (the plugin's indexable post types, without media). */
export const SCORED_CONTENT_TYPES: readonly string[] = ['post', 'page', EVENT_TYPE, VENUE_TYPE, ORGANIZER_TYPE];

/** The taxonomy each content type may be filtered by, with its query variable on the posts list. */
const FILTER_TAXONOMY: Readonly<Record<string, { taxonomy: string; queryVar: string }>> = {
  post: { taxonomy: 'category', queryVar: 'category_name' },
  [EVENT_TYPE]: { taxonomy: EVENT_CATEGORY, queryVar: EVENT_CATEGORY },
};

/** A refused argument: the plugin answers `{error}` with this status, not a WordPress error. */
export class ScoresArgumentError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface ScoresQuery {
  contentType: string;
  taxonomy: string;
  term: number | null;
  troubleshooting: boolean;
}

export interface CurrentScore {
  name: ScoreGroupName;
  amount: number;
  links: { view?: string };
  ids?: string;
}

export interface ScoresAnswer {
  scores: CurrentScore[];
  queryTime: number;
  cacheUsed: boolean;
}

interface Validated {
  contentType: string;
  taxonomy: { taxonomy: string; queryVar: string } | null;
  term: { id: number; slug: string } | null;
}

/** get_content_type, get_taxonomy, get_validated_term_id, with the plugin's messages. */
async function validate(ctx: DomainContext, query: ScoresQuery): Promise<Validated> {
  if (!SCORED_CONTENT_TYPES.includes(query.contentType)) throw new ScoresArgumentError('Invalid content type.');
  let taxonomy: Validated['taxonomy'] = null;
  if (query.taxonomy !== '') {
    const allowed = Object.prototype.hasOwnProperty.call(FILTER_TAXONOMY, query.contentType) ? FILTER_TAXONOMY[query.contentType] : undefined;
    if (!allowed || allowed.taxonomy !== query.taxonomy) throw new ScoresArgumentError('Invalid taxonomy.');
    taxonomy = allowed;
  }
  if (query.term !== null && taxonomy === null) throw new ScoresArgumentError('Term needs a provided taxonomy.');
  if (query.term === null && taxonomy !== null) throw new ScoresArgumentError('Taxonomy needs a provided term.');
  let term: Validated['term'] = null;
  if (query.term !== null && taxonomy) {
    const rows = query.term > 0 && query.term <= 2147483647 ? await ctx.db.read.term.findMany({ where: { id: query.term }, select: { id: true, slug: true, taxonomy: true } }) : [];
    if (rows.length === 0 || rows[0].taxonomy !== taxonomy.taxonomy) throw new ScoresArgumentError('Invalid term.');
    term = { id: rows[0].id, slug: rows[0].slug };
  }
  return { contentType: query.contentType, taxonomy, term };
}

/** The column a kind's score is in, and what tells an analysed item. */
const COLUMNS: Readonly<Record<ScoreKind, { score: string; analysed: string | null; noindex: boolean }>> = {
  seo: { score: '"primaryFocusKeywordScore"', analysed: null, noindex: true },
  readability: { score: '"readabilityScore"', analysed: '"estimatedReadingTimeMinutes"', noindex: false },
};

/** The SQL condition of each group (constants only: no client value is ever part of the text). */
function groupCondition(kind: ScoreKind, bounds: readonly [number, number] | null): string {
  const { score, analysed } = COLUMNS[kind];
  if (bounds === null) return analysed ? `${score} = 0 AND ${analysed} IS NULL` : `${score} IS NULL`;
  const range = `${score} >= ${bounds[0]} AND ${score} <= ${bounds[1]}`;
  return analysed ? `${range} AND ${analysed} IS NOT NULL` : range;
}

/** The rows counted: published (or status-less) items of the type, without noindex for SEO, with the term. */
function whereOf(kind: ScoreKind, provider: string, withTerm: boolean): string {
  const p = (n: number) => (provider === 'postgresql' ? `$${n}` : '?');
  const noindex = COLUMNS[kind].noindex ? ` AND (I."isRobotsNoindex" IS NULL OR I."isRobotsNoindex" = ${provider === 'postgresql' ? 'false' : '0'})` : '';
  const term = withTerm ? ` AND I."objectId" IN (SELECT "contentId" FROM "TermRelationship" WHERE "termId" = ${p(2)})` : '';
  return `FROM "SeoIndexable" I WHERE (I."postStatus" = 'publish' OR I."postStatus" IS NULL) AND I."objectType" = 'post' AND I."objectSubType" = ${p(1)}${noindex}${term}`;
}

async function countGroups(prisma: PrismaClient, provider: string, kind: ScoreKind, v: Validated): Promise<Record<ScoreGroupName, number>> {
  const fields = SCORE_GROUPS.map((g) => `COUNT(CASE WHEN ${groupCondition(kind, g.bounds).replace(/"(\w+)"/g, 'I."$1"')} THEN 1 END) AS "${g.name}"`).join(', ');
  const params: unknown[] = v.term ? [v.contentType, v.term.id] : [v.contentType];
  const rows = await prisma.$queryRawUnsafe<Array<Record<string, unknown>>>(`SELECT ${fields} ${whereOf(kind, provider, v.term !== null)}`, ...params);
  const out = {} as Record<ScoreGroupName, number>;
  for (const g of SCORE_GROUPS) out[g.name] = Number(rows[0]?.[g.name] ?? 0);
  return out;
}

async function idsOfGroups(prisma: PrismaClient, provider: string, kind: ScoreKind, v: Validated): Promise<Record<ScoreGroupName, number[]>> {
  const cases = SCORE_GROUPS.map((g) => `WHEN ${groupCondition(kind, g.bounds).replace(/"(\w+)"/g, 'I."$1"')} THEN '${g.name}'`).join(' ');
  const params: unknown[] = v.term ? [v.contentType, v.term.id] : [v.contentType];
  const rows = await prisma.$queryRawUnsafe<Array<{ objectId: unknown; grp: unknown }>>(`SELECT I."objectId" AS "objectId", CASE ${cases} END AS "grp" ${whereOf(kind, provider, v.term !== null)} ORDER BY I."objectId"`, ...params);
  const out = Object.fromEntries(SCORE_GROUPS.map((g) => [g.name, [] as number[]])) as Record<ScoreGroupName, number[]>;
  for (const row of rows) if (typeof row.grp === 'string' && row.grp in out) out[row.grp as ScoreGroupName].push(Number(row.objectId));
  return out;
}

/** The posts list of a group (Score_Group_Link_Collector::get_view_link). */
function viewLink(ctx: DomainContext, kind: ScoreKind, filterValue: string, v: Validated): string {
  const args = new URLSearchParams({ post_status: 'publish', post_type: v.contentType, [FILTER_KEY[kind]]: filterValue });
  if (v.taxonomy && v.term) args.set(v.taxonomy.queryVar, v.term.slug);
  return `${ctx.config.siteUrl}/wp-admin/edit.php?${args.toString()}`;
}

/** Plain answers of this process, per kind, content type and term. */
const cache = new Map<string, { expires: number; counts: Record<ScoreGroupName, number> }>();
const MAX_CACHED = 1000;

/** Forgets the cached answers (tests; an operator's reindex). */
export function clearScoresCache(): void {
  cache.clear();
}

export async function currentScores(ctx: DomainContext, kind: ScoreKind, query: ScoresQuery): Promise<ScoresAnswer> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const v = await validate(ctx, query);
  // Aggregates over the stored analysis (CASE counts) that the tracked fast path does not compile; the answer is not cached by the site.
  const prisma = ctx.db.untracked('score counts: aggregate SQL over SeoIndexable');
  const key = `${ctx.db.url}\n${kind}\n${v.contentType}\n${v.term?.id ?? ''}`;
  const started = performance.now();
  let counts: Record<ScoreGroupName, number>;
  let ids: Record<ScoreGroupName, number[]> | null = null;
  let cacheUsed = false;
  const cached = query.troubleshooting ? undefined : cache.get(key);
  if (cached && cached.expires > Date.now()) {
    counts = cached.counts;
    cacheUsed = true;
  } else if (query.troubleshooting) {
    ids = await idsOfGroups(prisma, ctx.db.provider, kind, v);
    counts = Object.fromEntries(SCORE_GROUPS.map((g) => [g.name, ids![g.name].length])) as Record<ScoreGroupName, number>;
  } else {
    counts = await countGroups(prisma, ctx.db.provider, kind, v);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, { expires: Date.now() + SCORES_CACHE_MS, counts });
  }
  const queryTime = cacheUsed ? 0 : (performance.now() - started) / 1000;
  return {
    scores: SCORE_GROUPS.map((g) => ({
      name: g.name,
      amount: counts[g.name],
      links: { view: viewLink(ctx, kind, g.filterValue, v) },
      ...(ids ? { ids: ids[g.name].join(',') } : {}),
    })),
    queryTime,
    cacheUsed,
  };
}
