/**
 * The dashboard widget's statistics (seo/v1 `statistics`, WPSEO_Statistics_Service): how many
 * published posts have each SEO rank — without a focus keyphrase, bad, ok, good, kept out of
 * search — the viewer's own only when they may not edit others' posts; ranks without posts are
 * left out, and a summary sentence heads them. Read from the stored analysis. The plugin keeps the
 * answer a day per user (cleared when a post is written); here it is counted on each call, as the
 * analysis itself lands after the write.
 */
import type { DomainContext } from '../context';
import { canSeo, requireSeo } from './permissions';
import { RANKS, seoRank, type Rank } from './ranks';

export interface StatisticsItem {
  seo_rank: Rank;
  label: string;
  count: number;
  link: string;
}

export interface StatisticsAnswer {
  header: string;
  seo_scores: StatisticsItem[];
}

const LABELS: Readonly<Record<Rank, string>> = {
  na: 'Posts <strong>without</strong> a focus keyphrase',
  bad: 'Posts with the SEO score: <strong>Needs improvement</strong>',
  ok: 'Posts with the SEO score: <strong>OK</strong>',
  good: 'Posts with the SEO score: <strong>Good</strong>',
  noindex: 'Posts that should not show up in search results',
};

const HEADERS = {
  none: "You don't have any published posts, your SEO scores will appear here once you make your first post!",
  good: 'Hey, your SEO is doing pretty well! Check out the stats:',
  other: "Below are your published posts' SEO scores. Now is as good a time as any to start improving some of your posts!",
};

/** Published posts (only the viewer's own when they may not edit others') counted by rank. */
async function rankCounts(ctx: DomainContext, ownOnly: boolean): Promise<Record<Rank, number>> {
  const rows = await ctx.db.read.seoIndexable.findMany({
    where: { objectType: 'post', objectSubType: 'post', postStatus: 'publish', ...(ownOnly ? { authorId: ctx.viewer.id } : {}) },
    select: { primaryFocusKeyword: true, primaryFocusKeywordScore: true, isRobotsNoindex: true },
  });
  const counts = Object.fromEntries(RANKS.map((rank) => [rank, 0])) as Record<Rank, number>;
  for (const row of rows) counts[seoRank({ keyphrase: row.primaryFocusKeyword, score: row.primaryFocusKeywordScore, noindex: row.isRobotsNoindex === true })] += 1;
  return counts;
}

export async function seoStatistics(ctx: DomainContext): Promise<StatisticsAnswer> {
  // WPSEO_Endpoint_Statistics asks WordPress's `read`: any signed-in user.
  requireSeo(ctx.viewer, 'read');
  const ownOnly = !canSeo(ctx.viewer, 'edit_others_posts');
  const counts = await rankCounts(ctx, ownOnly);
  const total = RANKS.reduce((sum, rank) => sum + counts[rank], 0);
  const link = (rank: Rank) => `${ctx.config.siteUrl}/wp-admin/edit.php?post_status=publish&post_type=post&seo_filter=${rank}${ownOnly ? `&author=${ctx.viewer.id}` : ''}`;
  const header = total === 0 ? HEADERS.none : counts.good / total > 0.66 ? HEADERS.good : HEADERS.other;
  return {
    header,
    seo_scores: RANKS.filter((rank) => counts[rank] !== 0).map((rank) => ({ seo_rank: rank, label: LABELS[rank], count: counts[rank], link: link(rank) })),
  };
}
