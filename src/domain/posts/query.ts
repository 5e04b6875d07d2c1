/**
 * GET /{posts|pages}: WP_REST_Posts_Controller::get_items over WP_Query. Filters become one
 * Prisma `where`; the page is read with one count and one select (orderings SQL cannot express
 * portably — relevance, include, include_slugs — sort the matching ids in memory first).
 */
import { windowOffset } from '../paging';
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import { parseSiteDate } from '../content/dates';
import { queryTaxonomiesOf } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { formatFilter } from './formats';
import { excludableIds, isInt32, matchableIds } from './ids';
import { canEditPost, canReadPost } from './permissions';
import { canSeeAttachment } from '../media/media-items';
import { loadRecords, postTypeDef, siteOf } from './records';
import { parseSearch, relevanceRank, searchWhere, type SearchSpec } from '../search/wp-query';
import type { PostRecord, PostTypeName } from './types';

export interface TermFilter {
  terms: number[];
  includeChildren: boolean;
  operator: 'AND' | 'OR';
}

export interface PostListQuery {
  context: string;
  page: number;
  perPage: number;
  offset?: number;
  search?: string;
  searchColumns?: string[];
  exactSearch?: boolean;
  after?: string;
  before?: string;
  modifiedAfter?: string;
  modifiedBefore?: string;
  author?: number[];
  authorExclude?: number[];
  include?: number[];
  exclude?: number[];
  slugs?: string[];
  statuses: string[];
  order: 'asc' | 'desc';
  orderby: string;
  taxRelation?: 'AND' | 'OR';
  /** Include / exclude filters by taxonomy slug (category, post_tag). */
  taxonomies?: Partial<Record<string, { include?: TermFilter; exclude?: TermFilter }>>;
  sticky?: boolean;
  ignoreSticky?: boolean;
  formats?: string[];
  parent?: number[];
  parentExclude?: number[];
  menuOrder?: number;
  /** WP_Query's post_type as a list (WPGraphQL's contentNodes): overrides the list's own type. */
  types?: string[];
  /** WP_Query `title`: the exact title. */
  title?: string;
  /** has_password: true only protected items, false only unprotected ones. */
  hasPassword?: boolean;
  /** post_password: items with exactly this password. */
  password?: string;
  /** date_query: instants ranges on the date or modified column (site time resolved by the caller). */
  dateRanges?: DateRange[];
  /** WP_Query's orderby as a list of columns (WPGraphQL's `orderby: [{field, order}]`); ties go by id in the last direction. */
  orderbyList?: Array<{ orderby: string; order: 'asc' | 'desc' }>;
  /** page templates (the `_wp_page_template` values). */
  templates?: string[];
  /** post_mime_type (attachments): full types or their first part (`image`). */
  mimeTypes?: string[];
}

/** One date_query clause as instants: `gt`/`gte`/`lt`/`lte` bounds on a column. */
export interface DateRange {
  column: 'date' | 'modified';
  gt?: Date;
  gte?: Date;
  lt?: Date;
  lte?: Date;
}

export interface PostList {
  records: PostRecord[];
  /** Matching items, ignoring the page window (X-WP-Total). */
  total: number;
  page: number;
  perPage: number;
}

// ---------------------------------------------------------------------------------------------
// Permission rules of the collection
// ---------------------------------------------------------------------------------------------

/**
 * sanitize_post_statuses(): a status other than the default needs the type's edit_posts (private
 * also passes with read_private_posts). WordPress reports it as a sanitize-phase failure: 400
 * rest_invalid_param wrapping rest_forbidden_status (401/403).
 */
export function statusFilterError(ctx: DomainContext, type: PostTypeName, statuses: readonly string[], defaultStatus = 'publish'): DomainError | null {
  const caps = postTypeDef(type).caps;
  for (const status of statuses) {
    // The collection's default status needs no capability (`inherit` for media).
    if (status === 'publish' || status === defaultStatus) continue;
    if (ctx.viewer.can(caps.edit_posts) || (status === 'private' && ctx.viewer.can(caps.read_private_posts))) continue;
    const inner = forbidden('rest_forbidden_status', 'Status is forbidden.', ctx.viewer);
    return new DomainError('rest_invalid_param', 'Invalid parameter(s): status', 400, {
      params: { status: inner.message },
      details: { status: { code: inner.code, message: inner.message, data: { status: inner.status } } },
    });
  }
  return null;
}

/** The default status of a list's collection: `inherit` when it lists media only. */
export function defaultStatusOf(query: Pick<PostListQuery, 'types'>): string {
  return query.types?.length && query.types.every((t) => t === 'attachment') ? 'inherit' : 'publish';
}

/** get_items_permissions_check(): edit context needs the type's edit_posts. */
export function listPermissionError(ctx: DomainContext, type: PostTypeName, context: string | undefined): DomainError | null {
  if (context === 'edit' && !ctx.viewer.can(postTypeDef(type).caps.edit_posts)) {
    return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.', ctx.viewer);
  }
  return null;
}

export function canListPosts(ctx: DomainContext, type: PostTypeName, context: string | undefined): boolean {
  return listPermissionError(ctx, type, context) === null;
}

// ---------------------------------------------------------------------------------------------
// The WHERE clause
// ---------------------------------------------------------------------------------------------

const TRASH_LIKE = ['trash', 'auto-draft'];

function statusWhere(statuses: readonly string[]): Prisma.ContentWhereInput {
  if (statuses.includes('any')) return { status: { notIn: TRASH_LIKE } };
  return { status: { in: [...new Set(statuses)] } };
}

/** Term ids of a taxonomy filter: only terms of that taxonomy, plus their descendants when asked. */
function expandTerms(filter: TermFilter, taxonomy: string, terms: ReadonlyArray<{ id: number; taxonomy: string; parentId: number }>): number[] {
  const inTaxonomy = terms.filter((t) => t.taxonomy === taxonomy);
  const known = new Set(inTaxonomy.map((t) => t.id));
  const ids = filter.terms.filter((id) => known.has(id));
  if (!filter.includeChildren) return [...new Set(ids)];
  const out = new Set(ids);
  const queue = [...ids];
  while (queue.length) {
    const current = queue.shift() as number;
    for (const child of inTaxonomy) {
      if (child.parentId === current && !out.has(child.id)) {
        out.add(child.id);
        queue.push(child.id);
      }
    }
  }
  return [...out];
}

const NOTHING: Prisma.ContentWhereInput = { id: -1 };

/** WP_Tax_Query for the REST taxonomy filters and the format filter, combined by tax_relation. */
async function taxonomyWhere(ctx: DomainContext, type: PostTypeName, query: PostListQuery): Promise<Prisma.ContentWhereInput | null> {
  const clauses: Prisma.ContentWhereInput[] = [];
  // post_format is no REST filter (REST names formats through `format`), but a PostFormat's posts pin it.
  const wanted = queryTaxonomiesOf(type).filter((tax) => query.taxonomies?.[tax.slug]?.include?.terms.length || query.taxonomies?.[tax.slug]?.exclude?.terms.length);
  if (wanted.length) {
    const terms = await ctx.db.read.term.findMany({ where: { taxonomy: { in: wanted.map((t) => t.slug) } }, select: { id: true, taxonomy: true, parentId: true } });
    for (const tax of wanted) {
      const { include, exclude } = query.taxonomies?.[tax.slug] ?? {};
      if (include?.terms.length) {
        const ids = expandTerms(include, tax.slug, terms);
        const requested = new Set(include.terms).size;
        if (include.operator === 'AND') {
          // An AND query naming a term that does not exist matches nothing (inexistent_terms).
          clauses.push(ids.length < requested ? NOTHING : { AND: ids.map((termId) => ({ terms: { some: { termId } } })) });
        } else {
          clauses.push(ids.length ? { terms: { some: { termId: { in: ids } } } } : NOTHING);
        }
      }
      if (exclude?.terms.length) {
        const ids = expandTerms(exclude, tax.slug, terms);
        if (ids.length) clauses.push({ terms: { none: { termId: { in: ids } } } });
      }
    }
  }
  if (query.formats?.length) clauses.push(formatFilter(query.formats));
  if (clauses.length === 0) return null;
  return query.taxRelation === 'OR' ? { OR: clauses } : { AND: clauses };
}

/** A date filter's instant (`zone`: the site's, null when the request has no date filter to read). */
function instantOf(text: string | undefined, zone: Parameters<typeof parseSiteDate>[1] | null): Date | null {
  return text && zone ? parseSiteDate(text, zone) : null;
}

export async function buildWhere(ctx: DomainContext, type: PostTypeName, query: PostListQuery, search: SearchSpec | null): Promise<Prisma.ContentWhereInput> {
  // Only date filters are read in the site's time zone: a list without them does not wait for the
  // options, so its page goes to the database with the request's first reads (src/db/fast/pg-batch.ts).
  const dated = [query.after, query.before, query.modifiedAfter, query.modifiedBefore].some((text) => text);
  const zone = dated ? (await siteOf(ctx)).options : null;
  const and: Prisma.ContentWhereInput[] = [query.types?.length ? { type: { in: [...query.types] } } : { type }, statusWhere(query.statuses)];
  if (query.title !== undefined) and.push({ title: query.title });
  if (query.hasPassword === true) and.push({ password: { not: '' } });
  if (query.hasPassword === false) and.push({ password: '' });
  if (query.password !== undefined) and.push({ password: query.password });
  if (query.templates?.length) and.push({ template: { in: [...query.templates] } });
  if (query.mimeTypes?.length) and.push({ OR: query.mimeTypes.map((m) => (m.includes('/') ? { mimeType: m } : { mimeType: { startsWith: `${m}/` } })) });
  for (const range of query.dateRanges ?? []) {
    const bounds = Object.fromEntries(Object.entries(range).filter(([k, v]) => k !== 'column' && v !== undefined));
    if (Object.keys(bounds).length) and.push({ [range.column]: bounds });
  }
  if (query.include?.length) and.push({ id: { in: matchableIds(query.include) } });
  if (query.exclude?.length) and.push({ id: { notIn: excludableIds(query.exclude) } });
  if (query.author?.length) and.push({ authorId: { in: matchableIds(query.author) } });
  if (query.authorExclude?.length) and.push({ authorId: { notIn: excludableIds(query.authorExclude) } });
  if (query.slugs?.length) and.push({ slug: { in: [...query.slugs] } });
  if (query.parent?.length) and.push({ parentId: { in: matchableIds(query.parent) } });
  if (query.parentExclude?.length) and.push({ parentId: { notIn: excludableIds(query.parentExclude) } });
  if (query.menuOrder !== undefined) and.push(isInt32(query.menuOrder) ? { menuOrder: query.menuOrder } : NOTHING);
  if (query.sticky === true) and.push({ sticky: true });
  if (query.sticky === false) and.push({ sticky: false });
  const after = instantOf(query.after, zone);
  const before = instantOf(query.before, zone);
  const modifiedAfter = instantOf(query.modifiedAfter, zone);
  const modifiedBefore = instantOf(query.modifiedBefore, zone);
  if (after) and.push({ date: { gt: after } });
  if (before) and.push({ date: { lt: before } });
  if (modifiedAfter) and.push({ modified: { gt: modifiedAfter } });
  if (modifiedBefore) and.push({ modified: { lt: modifiedBefore } });
  if (search) and.push(await searchWhere(ctx, search, { columns: query.searchColumns, exact: query.exactSearch === true, anonymous: ctx.viewer.isAnonymous }, { types: [type] }));
  const tax = await taxonomyWhere(ctx, type, query);
  if (tax) and.push(tax);
  return { AND: and };
}

// ---------------------------------------------------------------------------------------------
// Ordering and the page window
// ---------------------------------------------------------------------------------------------

const ORDER_COLUMNS: Record<string, keyof Prisma.ContentOrderByWithRelationInput> = {
  author: 'authorId',
  date: 'date',
  id: 'id',
  modified: 'modified',
  parent: 'parentId',
  slug: 'slug',
  title: 'title',
  menu_order: 'menuOrder',
  comment_count: 'commentCount',
};

interface Window {
  rows: Content[];
  total: number;
}

/** The column an ordering the database can do sorts by first (ties go by id, the same way). */
export function orderColumnOf(query: PostListQuery): keyof Prisma.ContentOrderByWithRelationInput {
  return ORDER_COLUMNS[query.orderby] ?? 'date';
}

export function orderByOf(query: PostListQuery): Prisma.ContentOrderByWithRelationInput[] {
  if (query.orderbyList?.length) {
    const list = query.orderbyList.filter((o) => ORDER_COLUMNS[o.orderby]);
    const orderBy: Prisma.ContentOrderByWithRelationInput[] = list.map((o) => ({ [ORDER_COLUMNS[o.orderby]]: o.order }));
    if (!list.some((o) => ORDER_COLUMNS[o.orderby] === 'id')) orderBy.push({ id: list.at(-1)?.order ?? query.order });
    return orderBy;
  }
  const column = orderColumnOf(query);
  const orderBy: Prisma.ContentOrderByWithRelationInput[] = [{ [column]: query.order }];
  if (column !== 'id') orderBy.push({ id: query.order });
  return orderBy;
}

/** relevance, include and include_slugs: orderings the database cannot do portably, sorted in memory. */
export function ordersInMemory(query: PostListQuery, search: SearchSpec | null): boolean {
  return Boolean((query.orderby === 'relevance' && search) || (query.orderby === 'include' && query.include?.length) || (query.orderby === 'include_slugs' && query.slugs?.length));
}

/** A page of rows with an ORDER BY the database can do. */
async function windowBySql(ctx: DomainContext, where: Prisma.ContentWhereInput, query: PostListQuery, skip: number): Promise<Window> {
  const orderBy = orderByOf(query);
  const [total, rows] = await Promise.all([
    ctx.db.read.content.count({ where }),
    ctx.db.read.content.findMany({ where, orderBy, skip, take: query.perPage }),
  ]);
  return { rows, total };
}

/** relevance, include and include_slugs: rank the matching ids in memory, then read the page. */
async function windowInMemory(ctx: DomainContext, where: Prisma.ContentWhereInput, query: PostListQuery, skip: number, search: SearchSpec | null): Promise<Window> {
  const relevance = query.orderby === 'relevance' && search !== null;
  const candidates = await ctx.db.read.content.findMany({
    where,
    select: { id: true, slug: true, date: true, title: relevance, excerpt: relevance, content: relevance },
  });
  const byDateDesc = (a: { date: Date; id: number }, b: { date: Date; id: number }) => b.date.getTime() - a.date.getTime() || b.id - a.id;
  let sorted: typeof candidates;
  if (relevance) {
    const rank = new Map(candidates.map((c) => [c.id, relevanceRank(search, { title: c.title ?? '', excerpt: c.excerpt ?? '', content: c.content ?? '' })]));
    sorted = [...candidates].sort((a, b) => (rank.get(a.id) as number) - (rank.get(b.id) as number) || byDateDesc(a, b));
  } else {
    const list = query.orderby === 'include' ? (query.include ?? []).map(String) : (query.slugs ?? []);
    const position = (c: { id: number; slug: string }) => {
      const at = list.indexOf(query.orderby === 'include' ? String(c.id) : c.slug);
      return at === -1 ? Number.MAX_SAFE_INTEGER : at;
    };
    sorted = [...candidates].sort((a, b) => position(a) - position(b) || byDateDesc(a, b));
  }
  const ids = sorted.slice(skip, skip + query.perPage).map((c) => c.id);
  const rows = ids.length ? await ctx.db.read.content.findMany({ where: { id: { in: ids } } }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is Content => r !== undefined), total: candidates.length };
}

/**
 * WP_Query's sticky handling on page 1 of an unfiltered post list: sticky posts of the page move
 * to the front, then the other published sticky posts (not excluded) are prepended after them.
 */
async function withStickies(ctx: DomainContext, rows: Content[], query: PostListQuery): Promise<Content[]> {
  return stickiesFirst(rows, await publishedStickies(ctx, query));
}

/** The page's own sticky posts, then the other published ones (`stickies`, newest first, those of the page skipped), then the rest. */
export function stickiesFirst(rows: Content[], stickies: readonly Content[]): Content[] {
  const shown = new Set(rows.map((r) => r.id));
  return [...rows.filter((r) => r.sticky), ...stickies.filter((r) => !shown.has(r.id)), ...rows.filter((r) => !r.sticky)];
}

/** The published sticky posts a list's first page may lead with (the list's `exclude` left out), newest first. */
export function publishedStickies(ctx: DomainContext, query: PostListQuery): Promise<Content[]> {
  return ctx.db.read.content.findMany({
    where: { type: 'post', status: 'publish', sticky: true, id: { notIn: excludableIds(query.exclude ?? []) } },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
  });
}

export function stickiesApply(type: PostTypeName, query: PostListQuery, search: SearchSpec | null): boolean {
  // WordPress only does this on the "home" query: no search, taxonomy or format filter, no include.
  if (type !== 'post' || query.ignoreSticky !== false || query.page > 1) return false;
  // sticky=true limits the query to stickies (post__in), sticky=false excludes them (post__not_in).
  if (query.include?.length || query.sticky !== undefined || search) return false;
  const taxFiltered = Object.values(query.taxonomies ?? {}).some((f) => f?.include?.terms.length || f?.exclude?.terms.length);
  return !taxFiltered && !query.formats?.length;
}

/** GET /{posts|pages}: the items this viewer may see, filtered, ordered and paged. */
export async function listPosts(ctx: DomainContext, type: PostTypeName, query: PostListQuery): Promise<PostList> {
  const statusDenied = statusFilterError(ctx, type, query.statuses, defaultStatusOf(query));
  if (statusDenied) throw statusDenied;
  const denied = listPermissionError(ctx, type, query.context);
  if (denied) throw denied;
  const hasSearch = typeof query.search === 'string' && query.search !== '';
  if (query.orderby === 'relevance' && !hasSearch) {
    throw new DomainError('rest_no_search_term_defined', 'You need to define a search term to order by relevance.', 400);
  }
  if (query.orderby === 'include' && !query.include?.length) {
    throw new DomainError('rest_orderby_include_missing_include', 'You need to define an include parameter to order by include.', 400);
  }
  const search = hasSearch ? parseSearch(query.search as string) : null;
  const where = await buildWhere(ctx, type, query, search);
  const skip = windowOffset(query.offset, query.page, query.perPage);
  const window = ordersInMemory(query, search) ? await windowInMemory(ctx, where, query, skip, search) : await windowBySql(ctx, where, query, skip);

  assertPageExists(query, window.total);
  const rows = stickiesApply(type, query, search) ? await withStickies(ctx, window.rows, query) : window.rows;
  return listOf(ctx, query, rows, window.total);
}

export function assertPageExists(query: PostListQuery, total: number): void {
  if (total > 0 && query.page > Math.ceil(total / query.perPage)) {
    throw new DomainError('rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.', 400);
  }
}

/** The list of a page of rows: items this viewer may not see (or, in edit context, edit) are skipped but still counted. */
export async function listOf(ctx: DomainContext, query: PostListQuery, rows: readonly Content[], total: number): Promise<PostList> {
  const readable = await Promise.all(
    rows.map((row) => (query.context === 'edit' ? canEditPost(ctx.viewer, row) : row.type === 'attachment' ? canSeeAttachment(ctx, row) : canReadPost(ctx.viewer, row))),
  );
  const visible = rows.filter((_, i) => readable[i]);
  return { records: await loadRecords(ctx, visible), total, page: query.page, perPage: query.perPage };
}

/** A connection's window of a list query: `limit` items from `offset`, stickies leading the first window only. */
export function postWindow(query: PostListQuery, offset: number, limit: number): PostListQuery {
  const window: PostListQuery = { ...query, page: 1, perPage: limit, offset };
  if (offset > 0 && window.ignoreSticky === false) window.ignoreSticky = true;
  return window;
}

/**
 * Where the item with this id stands in the list (0-based), or null when it is not in it: a
 * keyset count of the matching items ordered before it on the order's columns (ties by id), so a
 * cursor keeps its place when items are inserted before or after it. Orderings done in memory
 * (relevance, include, include_slugs) rank the matching ids the same way the windows do.
 */
export async function positionInList(ctx: DomainContext, type: PostTypeName, query: PostListQuery, id: number): Promise<number | null> {
  if (!isInt32(id) || id <= 0) return null;
  const hasSearch = typeof query.search === 'string' && query.search !== '';
  const search = hasSearch ? parseSearch(query.search as string) : null;
  const where = await buildWhere(ctx, type, query, search);
  if (ordersInMemory(query, search)) {
    const all = await windowInMemory(ctx, where, { ...query, perPage: Number.MAX_SAFE_INTEGER }, 0, search);
    const at = all.rows.findIndex((r) => r.id === id);
    return at === -1 ? null : at;
  }
  const row = await ctx.db.read.content.findFirst({ where: { AND: [where, { id }] } });
  if (!row) return null;
  const order = orderByOf(query).map((o) => Object.entries(o)[0] as [keyof Content, 'asc' | 'desc']);
  const before: Prisma.ContentWhereInput[] = order.map(([column, direction], i) => ({
    AND: [...order.slice(0, i).map(([c]) => ({ [c]: row[c] })), { [column]: { [direction === 'asc' ? 'lt' : 'gt']: row[column] } }],
  }));
  return ctx.db.read.content.count({ where: { AND: [where, { OR: before }] } });
}

/** The number of matching items (a connection paging backwards from the end). */
export async function countList(ctx: DomainContext, type: PostTypeName, query: PostListQuery): Promise<number> {
  const hasSearch = typeof query.search === 'string' && query.search !== '';
  return ctx.db.read.content.count({ where: await buildWhere(ctx, type, query, hasSearch ? parseSearch(query.search as string) : null) });
}
