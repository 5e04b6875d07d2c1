/**
 * GET /menu-items as WP_Query runs it for nav_menu_item: status, id, slug, date, menu and
 * menu_order filters, WordPress's search (terms, quoted phrases, `-` exclusions, exact mode),
 * and the orderings the collection declares (menu_order ascending by default).
 */
import { textFilter } from '../text-search';
import type { Prisma } from '../../db/client';
import { parseSiteDate } from '../content/dates';
import { sanitizeSlug } from '../content/slug';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import type { SiteOptions } from '../settings/options';

export interface MenuTermFilter {
  terms: number[];
  /** Only for inclusion: every listed menu (AND) or any of them (OR, the default). */
  operator?: 'AND' | 'OR';
}

export interface MenuItemListQuery {
  context?: string;
  page?: number;
  perPage?: number;
  offset?: number;
  search?: string;
  searchColumns?: readonly string[];
  /** search_semantics=exact: whole-column matches instead of substrings. */
  exactSearch?: boolean;
  after?: string;
  before?: string;
  modifiedAfter?: string;
  modifiedBefore?: string;
  include?: readonly number[];
  exclude?: readonly number[];
  order?: 'asc' | 'desc';
  orderby?: string;
  slugs?: readonly string[];
  statuses?: readonly string[];
  menus?: MenuTermFilter;
  menusExclude?: MenuTermFilter;
  taxRelation?: 'AND' | 'OR';
  menuOrder?: number;
}

type Where = Prisma.ContentWhereInput;

/** A sanitize-phase failure of one collection argument, as WordPress reports it. */
export function invalidParam(param: string, inner: DomainError): DomainError {
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${param}`, 400, {
    params: { [param]: inner.message },
    details: { [param]: { code: inner.code, message: inner.message, data: { status: inner.status, ...inner.data } } },
  });
}

const HIDDEN_FROM_ANY = ['trash', 'auto-draft'];

function statusWhere(statuses: readonly string[]): Where {
  if (!statuses.includes('any')) return { status: { in: [...statuses] } };
  const hidden = HIDDEN_FROM_ANY.filter((s) => !statuses.includes(s));
  return hidden.length ? { status: { notIn: hidden } } : {};
}

function dateWhere(text: string | undefined, column: 'date' | 'modified', op: 'gt' | 'lt', options: SiteOptions | null): Where | null {
  if (text === undefined || !options) return null;
  const instant = parseSiteDate(text, options);
  if (!instant) return null;
  return { [column]: { [op]: instant } };
}

function termWhere(filter: MenuTermFilter | undefined, exclude: boolean): Where | null {
  const terms = filter?.terms ?? [];
  if (terms.length === 0) return null;
  if (exclude) return { terms: { none: { termId: { in: terms } } } };
  if (filter?.operator === 'AND') return { AND: terms.map((termId) => ({ terms: { some: { termId } } })) };
  return { terms: { some: { termId: { in: terms } } } };
}

// ---------------------------------------------------------------------------------------------
// Search (WP_Query::parse_search)
// ---------------------------------------------------------------------------------------------

const STOPWORDS = new Set('about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(','));
const SEARCH_COLUMNS = { post_title: 'title', post_excerpt: 'excerpt', post_content: 'content' } as const;
type SearchColumn = keyof typeof SEARCH_COLUMNS;

const TERM_PATTERN = /".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g;

/** How many pieces the search splits into before short words and stopwords are dropped. */
function searchPieces(search: string): string[] {
  return search.replace(/[\r\n]/g, '').match(TERM_PATTERN) ?? [];
}

/** The search's terms: quoted phrases and words, short words and stopwords dropped (as a sentence when none remain or more than 9). */
export function searchTermsOf(search: string): string[] {
  const s = search.replace(/[\r\n]/g, '');
  const matches = searchPieces(s);
  if (matches.length === 0) return [s];
  const terms: string[] = [];
  for (const raw of matches) {
    // parse_search_terms(): a quoted phrase keeps its inner spaces.
    const term = /^".+"$/.test(raw) ? raw.replace(/^["']+|["']+$/g, '') : raw.replace(/^["' ]+|["' ]+$/g, '');
    if (term === '' || term === '0' || (term.length === 1 && /^[a-z-]$/i.test(term))) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    terms.push(term);
  }
  return terms.length === 0 || terms.length > 9 ? [s] : terms;
}

function searchWhere(ctx: DomainContext, search: string, columns: readonly string[], exact: boolean): Where {
  const wanted = (columns.length ? columns : Object.keys(SEARCH_COLUMNS)).filter((c): c is SearchColumn => c in SEARCH_COLUMNS);
  const and: Where[] = [];
  for (const raw of searchTermsOf(search)) {
    const excluded = raw.startsWith('-');
    const term = excluded ? raw.slice(1) : raw;
    const parts: Where[] = wanted.map((c) => ({ [SEARCH_COLUMNS[c]]: textFilter(ctx.db.provider, term, exact) }));
    and.push(excluded ? { NOT: { OR: parts } } : { OR: parts });
  }
  return { AND: and };
}

/** WP_Query::parse_search_order(): sentence in the title first, then all words, any word, excerpt, content. */
function relevanceRank(row: { title: string; excerpt: string; content: string }, search: string): number {
  const terms = searchTermsOf(search).filter((t) => !t.startsWith('-'));
  const has = (text: string, term: string) => text.toLowerCase().includes(term.toLowerCase());
  if (searchPieces(search).length <= 1) return terms.length && has(row.title, terms[0]) ? 1 : 2;
  const sentence = /(?:\s|^)-/.test(search) ? null : search;
  if (sentence !== null && has(row.title, sentence)) return 1;
  if (terms.length < 7 && terms.length && terms.every((t) => has(row.title, t))) return 2;
  if (terms.length < 7 && terms.length > 1 && terms.some((t) => has(row.title, t))) return 3;
  if (sentence !== null && has(row.excerpt, sentence)) return 4;
  if (sentence !== null && has(row.content, sentence)) return 5;
  return 6;
}

// ---------------------------------------------------------------------------------------------
// The query
// ---------------------------------------------------------------------------------------------

/** The WHERE of a listing; `options` (the site's time zone) is needed only when dates are filtered. */
export function menuItemWhere(ctx: DomainContext, query: MenuItemListQuery, options: SiteOptions | null): Where {
  const and: Where[] = [{ type: 'nav_menu_item' }, statusWhere(query.statuses ?? ['publish'])];
  if (query.include?.length) and.push({ id: { in: [...query.include] } });
  if (query.exclude?.length) and.push({ id: { notIn: [...query.exclude] } });
  if (query.slugs?.length) and.push({ slug: { in: query.slugs.map((s) => sanitizeSlug(s)) } });
  if (query.menuOrder !== undefined) and.push({ menuOrder: query.menuOrder });
  for (const clause of [
    dateWhere(query.before, 'date', 'lt', options),
    dateWhere(query.modifiedBefore, 'modified', 'lt', options),
    dateWhere(query.after, 'date', 'gt', options),
    dateWhere(query.modifiedAfter, 'modified', 'gt', options),
  ]) {
    if (clause) and.push(clause);
  }
  const tax = [termWhere(query.menus, false), termWhere(query.menusExclude, true)].filter((w): w is Where => w !== null);
  if (tax.length) and.push(query.taxRelation === 'OR' ? { OR: tax } : { AND: tax });
  const search = query.search ?? '';
  if (search !== '') and.push(searchWhere(ctx, search, query.searchColumns ?? [], query.exactSearch === true));
  return { AND: and };
}

const ORDER_COLUMNS: Record<string, keyof Prisma.ContentOrderByWithRelationInput> = {
  menu_order: 'menuOrder',
  date: 'date',
  modified: 'modified',
  id: 'id',
  title: 'title',
  slug: 'slug',
  parent: 'parentId',
  author: 'authorId',
};

/** ORDER BY for the orderings SQL can express; null when the order follows a list or relevance. */
export function menuItemOrderBy(query: MenuItemListQuery): Prisma.ContentOrderByWithRelationInput[] | null {
  const orderby = query.orderby ?? 'menu_order';
  const order: Prisma.SortOrder = query.order === 'desc' ? 'desc' : 'asc';
  if (orderby === 'include' || orderby === 'relevance' || (orderby === 'include_slugs' && query.slugs?.length)) return null;
  // FIELD(post_name) without slugs orders nothing; WP_Query then falls back to the date.
  const column = ORDER_COLUMNS[orderby] ?? 'date';
  return column === 'id' ? [{ id: order }] : [{ [column]: order }, { id: 'asc' }];
}

/** Sorts rows in memory for FIELD() and relevance orderings. */
export function sortInMemory<R extends { id: number; slug: string; title: string; excerpt: string; content: string; date: Date }>(rows: R[], query: MenuItemListQuery): R[] {
  const orderby = query.orderby ?? 'menu_order';
  const desc = query.order === 'desc';
  if (orderby === 'relevance') {
    const search = query.search ?? '';
    return [...rows].sort((a, b) => relevanceRank(a, search) - relevanceRank(b, search) || b.date.getTime() - a.date.getTime() || b.id - a.id);
  }
  const rank = orderby === 'include' ? (r: R) => (query.include ?? []).indexOf(r.id) : (r: R) => (query.slugs ?? []).map((s) => sanitizeSlug(s)).indexOf(r.slug);
  return [...rows].sort((a, b) => (desc ? rank(b) - rank(a) : rank(a) - rank(b)));
}
