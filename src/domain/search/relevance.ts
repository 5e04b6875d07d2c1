/**
 * The relevance order of WP_Query searches (parse_search_order) as SQL, so that a page of results
 * can be cut in the database: the tiers a match can fall in, best first; matches in none come last.
 * The search string is read by posts/search.ts (parse_search), shared with the posts collections.
 */
import type { SearchSpec } from '../posts/search';

/**
 * One tier: every listed text in the column (`all`), or any of them in the title (`any`). A single
 * term ranks title matches first; several rank the whole sentence in the title, then all words in
 * the title, any word in the title, the sentence in the excerpt, then in the content.
 */
export type RelevanceTier =
  | { column: 'title' | 'excerpt' | 'content'; all: readonly string[] }
  | { column: 'title'; any: readonly string[] };

export function relevanceTiers(spec: SearchSpec): RelevanceTier[] {
  const titleTerms = spec.terms.filter((term) => !term.startsWith('-'));
  if (titleTerms.length === 0) return [];
  if (spec.termCount <= 1) return [{ column: 'title', all: [titleTerms[0]] }];
  // A sentence with negative words is not ranked as a sentence.
  const sentence = /(?:\s|^)-/.test(spec.text) ? null : spec.text;
  const tiers: RelevanceTier[] = [];
  if (sentence !== null) tiers.push({ column: 'title', all: [sentence] });
  if (titleTerms.length < 7) {
    tiers.push({ column: 'title', all: titleTerms });
    if (titleTerms.length > 1) tiers.push({ column: 'title', any: titleTerms });
  }
  if (sentence !== null) tiers.push({ column: 'excerpt', all: [sentence] }, { column: 'content', all: [sentence] });
  return tiers;
}
