/**
 * GET /menu-items as WP_Query runs it for nav_menu_item: status, id, slug, date, menu and
 * menu_order filters, WordPress's search (the one WP_Query search, search/wp-query.ts),
 * and the orderings the collection declares (menu_order ascending by default).
 */
import type { Prisma } from '../../db/client';
import { parseSiteDate } from '../content/dates';
import { sanitizeSlug } from '../content/slug';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { parseSearch, relevanceRank, searchWhere } from '../search/wp-query';
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
  /** Only the children of these menu items (0: top-level items), WPGraphQL's parentDatabaseId. */
  parents?: readonly number[];
  /**
   * Whose visibility rule applies: REST's (menus readable by anyone who edits some post type) by
   * default; 'located' is WPGraphQL's (access.ts canSeeMenu): items of a menu shown at a theme
   * location are public, the others need edit_theme_options.
   */
  visibility?: 'rest' | 'located';
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
// The query
// ---------------------------------------------------------------------------------------------

/** The WHERE of a listing; `options` (the site's time zone) is needed only when dates are filtered. */
export async function menuItemWhere(ctx: DomainContext, query: MenuItemListQuery, options: SiteOptions | null): Promise<Where> {
  const and: Where[] = [{ type: 'nav_menu_item' }, statusWhere(query.statuses ?? ['publish'])];
  if (query.include?.length) and.push({ id: { in: [...query.include] } });
  if (query.exclude?.length) and.push({ id: { notIn: [...query.exclude] } });
  if (query.slugs?.length) and.push({ slug: { in: query.slugs.map((s) => sanitizeSlug(s)) } });
  if (query.menuOrder !== undefined) and.push({ menuOrder: query.menuOrder });
  if (query.parents) and.push({ menuItem: { menuItemParent: { in: [...query.parents] } } });
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
  if (search !== '') {
    const options = { columns: query.searchColumns, exact: query.exactSearch === true, anonymous: ctx.viewer.isAnonymous };
    and.push(await searchWhere(ctx, parseSearch(search), options, { types: ['nav_menu_item'] }));
  }
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
    const spec = parseSearch(query.search ?? '');
    return [...rows].sort((a, b) => relevanceRank(spec, a) - relevanceRank(spec, b) || b.date.getTime() - a.date.getTime() || b.id - a.id);
  }
  const rank = orderby === 'include' ? (r: R) => (query.include ?? []).indexOf(r.id) : (r: R) => (query.slugs ?? []).map((s) => sanitizeSlug(s)).indexOf(r.slug);
  return [...rows].sort((a, b) => (desc ? rank(b) - rank(a) : rank(a) - rank(b)));
}
