/**
 * The dashboards' score groups (the plugin's SEO and readability score groups): in order `good`
 * (71–100), `ok` (41–70), `bad` (1–40) and `notAnalyzed`, each with the value its posts-list
 * filter takes. An SEO score is "not analysed" without a score (no focus keyphrase); a readability
 * score is when the text was never analysed (no reading time), as the plugin tells them apart.
 */
import { RANK_BOUNDS } from './ranks';

export type ScoreKind = 'seo' | 'readability';
export type ScoreGroupName = 'good' | 'ok' | 'bad' | 'notAnalyzed';

export interface ScoreGroup {
  name: ScoreGroupName;
  /** The posts list's filter value (`seo_filter` / `readability_filter`). */
  filterValue: 'good' | 'ok' | 'bad' | 'na';
  /** Bounds; null for the group without a score. */
  bounds: readonly [number, number] | null;
}

export const SCORE_GROUPS: readonly ScoreGroup[] = [
  { name: 'good', filterValue: 'good', bounds: RANK_BOUNDS.good },
  { name: 'ok', filterValue: 'ok', bounds: RANK_BOUNDS.ok },
  { name: 'bad', filterValue: 'bad', bounds: RANK_BOUNDS.bad },
  { name: 'notAnalyzed', filterValue: 'na', bounds: null },
];

/** The posts list's query argument each kind filters by. */
export const FILTER_KEY: Readonly<Record<ScoreKind, string>> = { seo: 'seo_filter', readability: 'readability_filter' };

/** Which group a stored score falls in (null: none, e.g. an SEO score of 0). */
export function groupOf(kind: ScoreKind, score: number | null, analysed: boolean): ScoreGroupName | null {
  if (kind === 'seo' ? score === null : !analysed && score === 0) return 'notAnalyzed';
  if (kind === 'readability' && !analysed) return null;
  for (const group of SCORE_GROUPS) {
    if (group.bounds && score !== null && score >= group.bounds[0] && score <= group.bounds[1]) return group.name;
  }
  return null;
}
