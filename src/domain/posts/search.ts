/**
 * WP_Query's search (parse_search, parse_search_terms, parse_search_order): the terms of a search
 * string, the condition they make, and the relevance rank `orderby=relevance` sorts by.
 */
import { textFilter } from '../text-search';
import type { Prisma } from '../../db/client';
import type { Provider } from '../../config';

export type SearchColumn = 'post_title' | 'post_excerpt' | 'post_content';
const DEFAULT_COLUMNS: readonly SearchColumn[] = ['post_title', 'post_excerpt', 'post_content'];
const FIELD: Record<SearchColumn, 'title' | 'excerpt' | 'content'> = { post_title: 'title', post_excerpt: 'excerpt', post_content: 'content' };

/** get_search_stopwords() for an English site. */
const STOPWORDS = new Set('about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(','));

/** Quoted phrases and words, as WP_Query splits `s`. */
const TERM_RE = /".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g;

export interface SearchSpec {
  text: string;
  /** The terms every match must satisfy (a leading `-` excludes). */
  terms: string[];
  /** How many terms the text had before stopwords were removed. */
  termCount: number;
}

/** parse_search() + parse_search_terms(). */
export function parseSearch(raw: string): SearchSpec {
  const text = raw.replace(/[\r\n]/g, '');
  const found = text.match(TERM_RE);
  if (!found) return { text, terms: [text], termCount: 1 };
  const terms: string[] = [];
  for (let term of found) {
    term = /^".+"$/.test(term) ? term.replace(/^["']+|["']+$/g, '') : term.replace(/^["' ]+|["' ]+$/g, '');
    if (!term || (term.length === 1 && /^[a-z-]$/i.test(term))) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    terms.push(term);
  }
  if (terms.length === 0 || terms.length > 9) return { text, terms: [text], termCount: found.length };
  return { text, terms, termCount: found.length };
}

/** The WHERE part of a search: each term in one of the columns (excluded terms in none of them). */
export function searchWhere(spec: SearchSpec, columns: readonly string[], exact: boolean, provider: Provider, anonymous: boolean): Prisma.ContentWhereInput {
  const cols = (columns.length ? columns : DEFAULT_COLUMNS).filter((c): c is SearchColumn => c in FIELD);
  const and: Prisma.ContentWhereInput[] = [];
  for (const raw of spec.terms) {
    const exclude = raw.startsWith('-');
    const term = exclude ? raw.slice(1) : raw;
    const parts = cols.map((c) => ({ [FIELD[c]]: textFilter(provider, term, exact) }) as Prisma.ContentWhereInput);
    and.push(exclude ? { AND: parts.map((p) => ({ NOT: p })) } : { OR: parts });
  }
  // Anonymous searches never match password-protected posts.
  if (anonymous) and.push({ password: '' });
  return { AND: and };
}

const includes = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/** parse_search_order(): 1 (best) to 6, the CASE WordPress orders relevance searches by. */
export function relevanceRank(spec: SearchSpec, row: { title: string; excerpt: string; content: string }): number {
  const titleTerms = spec.terms.filter((t) => !t.startsWith('-'));
  if (spec.termCount <= 1) return titleTerms.length && includes(row.title, titleTerms[0]) ? 1 : 2;
  const sentence = /(?:\s|^)-/.test(spec.text) ? null : spec.text;
  if (sentence !== null && includes(row.title, sentence)) return 1;
  if (titleTerms.length < 7) {
    if (titleTerms.length && titleTerms.every((t) => includes(row.title, t))) return 2;
    if (titleTerms.length > 1 && titleTerms.some((t) => includes(row.title, t))) return 3;
  }
  if (sentence !== null && includes(row.excerpt, sentence)) return 4;
  if (sentence !== null && includes(row.content, sentence)) return 5;
  return 6;
}
