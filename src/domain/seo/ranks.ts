/**
 * The plugin's ranks (WPSEO_Rank) and the dashboards' score groups: a 0–100 score is `bad` from 1
 * to 40, `ok` from 41 to 70 and `good` from 71 to 100; an SEO score without a focus keyphrase is
 * `na`, and an item kept out of search results is `noindex` whatever its score.
 */
export type Rank = 'na' | 'bad' | 'ok' | 'good' | 'noindex';

/** The ranks in the order the plugin lists them (WPSEO_Rank::get_all_ranks). */
export const RANKS: readonly Rank[] = ['na', 'bad', 'ok', 'good', 'noindex'];

/** Score bounds of the scored ranks. */
export const RANK_BOUNDS: Readonly<Record<'bad' | 'ok' | 'good', readonly [min: number, max: number]>> = {
  bad: [1, 40],
  ok: [41, 70],
  good: [71, 100],
};

/** WPSEO_Rank::from_numeric_score: a score of 0 (or none) is `na`. */
export function rankOfScore(score: number | null): Exclude<Rank, 'noindex'> {
  if (score === null) return 'na';
  const rounded = Math.round(score);
  for (const rank of ['good', 'ok', 'bad'] as const) {
    const [min, max] = RANK_BOUNDS[rank];
    if (rounded >= min && rounded <= max) return rank;
  }
  return 'na';
}

/** An item's SEO rank: `noindex` first, then `na` without a keyphrase, then its score's rank. */
export function seoRank(item: { keyphrase: string | null; score: number | null; noindex: boolean }): Rank {
  if (item.noindex) return 'noindex';
  if (!item.keyphrase) return 'na';
  return rankOfScore(item.score);
}

/** A check's own rating (yoastseo's scoreToRating): 0 feedback, up to 4 bad, up to 7 ok, above good. */
export function ratingOfCheck(score: number): 'feedback' | 'bad' | 'ok' | 'good' {
  if (score === 0) return 'feedback';
  if (score <= 4) return 'bad';
  if (score <= 7) return 'ok';
  return 'good';
}
