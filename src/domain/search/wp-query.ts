/**
 * WP_Query's search, the one implementation every searching list uses — posts and pages, their
 * revisions, menu items, /search and the calendar's events:
 *   - parse_search / parse_search_terms: the terms of a search string (quoted phrases, stopwords,
 *     `-excluded` words);
 *   - the condition they make: each term in one of the searched columns, excluded terms in none,
 *     matched literally and ignoring ASCII case (text-match.ts; WordPress escapes `%` and `_` with
 *     $wpdb->esc_like), whole columns with search_semantics=exact; password-protected records
 *     never match an anonymous search;
 *   - parse_search_order: the relevance tiers, as SQL for lists ordered by the database and as a
 *     rank for lists ordered in memory.
 */
import { listTag } from '../../cache/tags';
import type { Provider } from '../../config';
import type { Prisma as PrismaTypes } from '../../db/client';
import { Prisma } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { containsSql, equalsSql, foldCase } from './text-match';

export type SearchColumn = 'post_title' | 'post_excerpt' | 'post_content';
type Field = 'title' | 'excerpt' | 'content';
const DEFAULT_COLUMNS: readonly SearchColumn[] = ['post_title', 'post_excerpt', 'post_content'];
const FIELD: Record<SearchColumn, Field> = { post_title: 'title', post_excerpt: 'excerpt', post_content: 'content' };

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

export interface SearchOptions {
  /** search_columns (post_title, post_excerpt, post_content); empty or absent: all three. */
  columns?: readonly string[];
  /** search_semantics=exact: whole-column matches instead of substrings. */
  exact?: boolean;
  /** Anonymous searches never match password-protected records. */
  anonymous: boolean;
}

/** A Content column as SQL (the caller's table alias included). */
export type ColumnSql = (name: Field | 'password') => Prisma.Sql;

/** The search condition over a Content row, as SQL. */
export function searchSql(provider: Provider, spec: SearchSpec, options: SearchOptions, column: ColumnSql): Prisma.Sql {
  const fields = (options.columns?.length ? options.columns : DEFAULT_COLUMNS).filter((c): c is SearchColumn => c in FIELD).map((c) => FIELD[c]);
  const and: Prisma.Sql[] = [];
  for (const raw of spec.terms) {
    const exclude = raw.startsWith('-');
    const term = exclude ? raw.slice(1) : raw;
    const hits = fields.map((field) => (options.exact ? equalsSql(provider, column(field), term) : containsSql(provider, column(field), term)));
    const any = hits.length ? Prisma.sql`(${Prisma.join(hits, ' OR ')})` : Prisma.sql`(1 = 0)`;
    and.push(exclude ? Prisma.sql`NOT ${any}` : any);
  }
  if (options.anonymous) and.push(Prisma.sql`${column('password')} = ''`);
  return and.length ? Prisma.join(and, ' AND ') : Prisma.sql`(1 = 1)`;
}

const plainColumn: ColumnSql = (name) => Prisma.raw(`"${name}"`);

/**
 * The search as a condition the Prisma-built lists can add to their `where`: the ids of the
 * records of `scope` that match, read with one statement (Prisma's `contains` would treat `%` and
 * `_` as wildcards).
 */
export async function searchWhere(
  ctx: DomainContext,
  spec: SearchSpec,
  options: SearchOptions,
  scope: { types: readonly string[]; parentId?: number },
): Promise<PrismaTypes.ContentWhereInput> {
  const and = [Prisma.sql`"type" IN (${Prisma.join([...scope.types])})`, searchSql(ctx.db.provider, spec, options, plainColumn)];
  if (scope.parentId !== undefined) and.push(Prisma.sql`"parentId" = ${scope.parentId}`);
  // Any write to a record of these types publishes its type's list tag.
  const rows = await ctx.db.read.query<{ id: number | bigint }>(
    Prisma.sql`SELECT "id" FROM "Content" WHERE ${Prisma.join(and, ' AND ')}`,
    scope.types.map((type) => listTag('Content', type)),
  );
  return { id: { in: rows.map((row) => Number(row.id)) } };
}

/**
 * One relevance tier: every listed text in the column (`all`), or any of them in the title (`any`).
 * A single term ranks title matches first; several rank the whole sentence in the title, then all
 * words in the title, any word in the title, the sentence in the excerpt, then in the content.
 */
export type RelevanceTier = { column: Field; all: readonly string[] } | { column: 'title'; any: readonly string[] };

/** parse_search_order(): the tiers a match can fall in, best first; matches in none come last. */
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

function tierSql(provider: Provider, tier: RelevanceTier, column: ColumnSql): Prisma.Sql {
  if ('any' in tier) return Prisma.join(tier.any.map((term) => containsSql(provider, column('title'), term)), ' OR ');
  return Prisma.join(tier.all.map((term) => containsSql(provider, column(tier.column), term)), ' AND ');
}

/** The relevance order as an SQL expression (1 best), or null when the search ranks nothing. */
export function relevanceOrderSql(provider: Provider, spec: SearchSpec, column: ColumnSql): Prisma.Sql | null {
  const tiers = relevanceTiers(spec);
  if (!tiers.length) return null;
  const cases = tiers.map((tier, i) => Prisma.sql`WHEN ${tierSql(provider, tier, column)} THEN ${Prisma.raw(String(i + 1))}`);
  return Prisma.sql`CASE ${Prisma.join(cases, ' ')} ELSE ${Prisma.raw(String(tiers.length + 1))} END`;
}

/** The same rank computed in memory (1 best), folding case as the database does. */
export function relevanceRank(spec: SearchSpec, row: Record<Field, string>): number {
  const tiers = relevanceTiers(spec);
  const has = (field: Field, term: string) => foldCase(row[field]).includes(foldCase(term));
  const at = tiers.findIndex((tier) => ('any' in tier ? tier.any.some((term) => has('title', term)) : tier.all.every((term) => has(tier.column, term))));
  return at === -1 ? tiers.length + 1 : at + 1;
}
