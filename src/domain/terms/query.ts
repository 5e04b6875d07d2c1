/**
 * GET /{taxonomy}: the terms collection as WP_REST_Terms_Controller::get_items and WP_Term_Query
 * build it — include/exclude, slug, parent, search, hide_empty, ordering (case-insensitive name
 * order, as MySQL's collation sorts), offset or page — with the total counted under the same
 * filters. `?post=ID` lists one record's terms from the request's termsByContent loader, so the
 * `_embed` of a page of posts costs a constant number of queries.
 */
import { windowOffset } from '../paging';
import type { Database } from '../../db/client';
import type { Term } from '../../generated/prisma-sqlite/client';
import { Prisma } from '../../generated/prisma-sqlite/client';
import { listTag } from '../../cache/tags';
import type { TaxonomyDef } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { sanitizeSlug } from '../content/slug';
import { containsSql, foldCase } from '../search/text-match';
import { contentSummaryById, isStorableId, termsByContent, toTerm, type RawTerm } from './loaders';
import { canEditTermsOf, canReadTermsOfContent } from './permissions';
import { describeTerms, termTaxonomy, type TermView } from './terms';

export type TermOrderBy = 'id' | 'include' | 'name' | 'slug' | 'include_slugs' | 'term_group' | 'description' | 'count';

export interface TermListQuery {
  context?: string;
  page?: number;
  perPage?: number;
  /** REST declares it for flat taxonomies only (as WordPress); the domain honours it for all. */
  offset?: number;
  search?: string;
  include?: readonly number[];
  exclude?: readonly number[];
  order?: 'asc' | 'desc';
  orderby?: string;
  hideEmpty?: boolean;
  /** Hierarchical taxonomies only; 0 means top-level terms. */
  parent?: number;
  /** Only the terms of this content record (0 or absent: no restriction). */
  post?: number;
  slugs?: readonly string[];
}

export interface TermList {
  terms: TermView[];
  /** Matching terms, ignoring the window. */
  total: number;
  /** The page the window starts on (derived from `offset` when one is given). */
  page: number;
  perPage: number;
}

// ---------------------------------------------------------------------------------------------
// Permission
// ---------------------------------------------------------------------------------------------

/** get_items_permissions_check: why this viewer may not run this query, or null. */
export async function listTermsPermissionError(ctx: DomainContext, taxonomySlug: string, query: Pick<TermListQuery, 'context' | 'post'>): Promise<DomainError | null> {
  const taxonomy = termTaxonomy(taxonomySlug);
  if (query.context === 'edit' && !canEditTermsOf(ctx.viewer, taxonomy)) {
    return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit terms in this taxonomy.', ctx.viewer);
  }
  if (query.post) {
    const content = isStorableId(query.post) ? await contentSummaryById(ctx).load(query.post) : null;
    if (!content) return new DomainError('rest_post_invalid_id', 'Invalid post ID.', 400);
    if (!canReadTermsOfContent(ctx.viewer, taxonomy, content)) {
      return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to view terms for this post.', ctx.viewer);
    }
  }
  return null;
}

export async function canListTerms(ctx: DomainContext, taxonomySlug: string, query: Pick<TermListQuery, 'context' | 'post'>): Promise<boolean> {
  return (await listTermsPermissionError(ctx, taxonomySlug, query)) === null;
}

// ---------------------------------------------------------------------------------------------
// Normalised filters (WP_Term_Query's reading of the query vars)
// ---------------------------------------------------------------------------------------------

export interface Filters {
  taxonomy: TaxonomyDef;
  /** null: no restriction; otherwise the only ids allowed (possibly none). */
  include: number[] | null;
  exclude: number[];
  slugs: string[] | null;
  parent: number | null;
  search: string | null;
  hideEmpty: boolean;
  orderby: TermOrderBy;
  descending: boolean;
  /** The lists `include` / `include_slugs` order by. */
  includeOrder: number[];
  slugOrder: string[];
}

/** wp_parse_id_list(): absolute integer values, duplicates dropped. */
function parseIdList(ids: readonly number[] | undefined): number[] {
  return [...new Set((ids ?? []).map((id) => Math.abs(Math.trunc(id))))];
}

export function normalise(taxonomy: TaxonomyDef, query: TermListQuery): Filters {
  const include = parseIdList(query.include);
  const exclude = parseIdList(query.exclude);
  // A non-empty include disables exclude; an include that reads as "0" restricts nothing (PHP's empty("0")).
  const includeActive = include.length > 0 && include.join(',') !== '0';
  const slugs = (query.slugs ?? []).map((s) => sanitizeSlug(String(s)));
  const search = query.search && query.search !== '0' ? query.search : null;
  let parent: number | null = null;
  if (taxonomy.hierarchical && query.parent !== undefined && query.parent !== null) parent = query.parent;
  const orderby = (query.orderby ?? 'name') as TermOrderBy;
  return {
    taxonomy,
    include: includeActive ? include : null,
    exclude: include.length > 0 ? [] : exclude,
    slugs: slugs.length ? slugs : null,
    parent,
    search,
    // With `post` WordPress drops hide_empty (the relationship already proves use).
    hideEmpty: query.hideEmpty === true && !query.post,
    orderby: orderby === 'include' && include.length === 0 ? 'name' : orderby === 'include_slugs' && slugs.length === 0 ? 'name' : orderby,
    descending: query.order === 'desc',
    includeOrder: include,
    slugOrder: slugs,
  };
}

// ---------------------------------------------------------------------------------------------
// SQL path
// ---------------------------------------------------------------------------------------------

const NEVER = Prisma.sql`1 = 0`;

export function whereClauses(db: Database, filters: Filters): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`"taxonomy" = ${filters.taxonomy.slug}`];
  if (filters.include) {
    const ids = filters.include.filter(isStorableId);
    where.push(ids.length ? Prisma.sql`"id" IN (${Prisma.join(ids)})` : NEVER);
  }
  const excluded = filters.exclude.filter(isStorableId);
  if (excluded.length) where.push(Prisma.sql`"id" NOT IN (${Prisma.join(excluded)})`);
  if (filters.slugs) where.push(Prisma.sql`"slug" IN (${Prisma.join(filters.slugs)})`);
  if (filters.parent !== null) where.push(Math.abs(filters.parent) <= 2147483647 ? Prisma.sql`"parentId" = ${filters.parent}` : NEVER);
  if (filters.search !== null) {
    const search = filters.search;
    where.push(Prisma.sql`(${Prisma.join(['name', 'slug'].map((column) => containsSql(db.provider, Prisma.raw(`"${column}"`), search)), ' OR ')})`);
  }
  return where;
}

/** ORDER BY as WP_Term_Query::parse_orderby maps the REST values, with the id as a stable tie-break. */
export function orderClause(db: Database, filters: Filters): Prisma.Sql {
  // PostgreSQL's locale collation would ignore punctuation; "C" compares like SQLite and MySQL's binary fallback.
  // Positions are written inline: as parameters PostgreSQL would type them as text and sort "10" before "2".
  const position = (i: number) => Prisma.raw(String(i));
  const text = (column: string) => Prisma.raw(db.provider === 'postgresql' ? `lower("${column}") COLLATE "C"` : `lower("${column}")`);
  let expr: Prisma.Sql;
  switch (filters.orderby) {
    case 'id':
    case 'term_group':
      expr = Prisma.raw('"id"');
      break;
    case 'include':
      expr = Prisma.sql`CASE "id" ${Prisma.join(filters.includeOrder.filter(isStorableId).map((id, i) => Prisma.sql`WHEN ${id} THEN ${position(i)}`), ' ')} ELSE ${position(filters.includeOrder.length)} END`;
      break;
    case 'include_slugs':
      expr = Prisma.sql`CASE "slug" ${Prisma.join(filters.slugOrder.map((slug, i) => Prisma.sql`WHEN ${slug} THEN ${position(i)}`), ' ')} ELSE ${position(filters.slugOrder.length)} END`;
      break;
    case 'slug':
      expr = text('slug');
      break;
    case 'description':
      expr = text('description');
      break;
    case 'count':
      expr = Prisma.raw('"count"');
      break;
    default:
      expr = text('name');
  }
  return Prisma.sql`ORDER BY ${expr} ${Prisma.raw(filters.descending ? 'DESC' : 'ASC')}, "id" ASC`;
}

/**
 * hide_empty on a hierarchical taxonomy keeps empty terms that have a non-empty descendant
 * (WP_Term_Query drops only "really empty" terms). Returns those empty-but-kept ids.
 */
export async function emptyTermsWithUsedDescendants(db: Database, taxonomy: TaxonomyDef): Promise<number[]> {
  const rows = await db.read.term.findMany({ where: { taxonomy: taxonomy.slug }, select: { id: true, parentId: true, count: true } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kept = new Set<number>();
  for (const row of rows) {
    if (row.count <= 0) continue;
    const seen = new Set<number>([row.id]);
    for (let parent = byId.get(row.parentId); parent && !seen.has(parent.id); parent = byId.get(parent.parentId)) {
      seen.add(parent.id);
      if (parent.count <= 0) kept.add(parent.id);
    }
  }
  return [...kept];
}

async function querySql(db: Database, filters: Filters, offset: number, perPage: number): Promise<{ terms: Term[]; total: number }> {
  const where = whereClauses(db, filters);
  // The count never pads with empty ancestors (wp_count_terms is not hierarchical).
  const countWhere = filters.hideEmpty ? [...where, Prisma.sql`"count" > 0`] : where;
  const listTags = [listTag('Term', filters.taxonomy.slug)];
  const counted = await db.read.query<{ total: number | bigint }>(Prisma.sql`SELECT COUNT(*) AS "total" FROM "Term" WHERE ${Prisma.join(countWhere, ' AND ')}`, listTags);
  const total = Number(counted[0]?.total ?? 0);
  const listWhere = [...where];
  let listed = total;
  if (filters.hideEmpty) {
    const kept = filters.taxonomy.hierarchical ? await emptyTermsWithUsedDescendants(db, filters.taxonomy) : [];
    listWhere.push(kept.length ? Prisma.sql`("count" > 0 OR "id" IN (${Prisma.join(kept)}))` : Prisma.sql`"count" > 0`);
    listed += kept.length;
  }
  // Nothing can lie past the last row (and a huge offset must not reach the database).
  if (offset >= listed) return { terms: [], total };
  const rows = await db.read.query<RawTerm>(
    Prisma.sql`
    SELECT "id", "taxonomy", "name", "slug", "description", "parentId", "count" FROM "Term"
    WHERE ${Prisma.join(listWhere, ' AND ')} ${orderClause(db, filters)} LIMIT ${perPage} OFFSET ${offset}`,
    listTags,
  );
  return { terms: rows.map(toTerm), total };
}

// ---------------------------------------------------------------------------------------------
// In-memory path (the terms of one content record, already loaded for the whole request)
// ---------------------------------------------------------------------------------------------

function matches(term: Term, filters: Filters): boolean {
  if (term.taxonomy !== filters.taxonomy.slug) return false;
  if (filters.include && !filters.include.includes(term.id)) return false;
  if (filters.exclude.includes(term.id)) return false;
  if (filters.slugs && !filters.slugs.includes(term.slug)) return false;
  if (filters.parent !== null && term.parentId !== filters.parent) return false;
  if (filters.search !== null) {
    const needle = foldCase(filters.search);
    if (!foldCase(term.name).includes(needle) && !foldCase(term.slug).includes(needle)) return false;
  }
  return true;
}

function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

function sortKey(filters: Filters): (a: Term, b: Term) => number {
  const position = (list: readonly unknown[], value: unknown) => {
    const i = list.indexOf(value);
    return i === -1 ? list.length : i;
  };
  const primary = (a: Term, b: Term): number => {
    switch (filters.orderby) {
      case 'id':
      case 'term_group':
        return a.id - b.id;
      case 'include':
        return position(filters.includeOrder, a.id) - position(filters.includeOrder, b.id);
      case 'include_slugs':
        return position(filters.slugOrder, a.slug) - position(filters.slugOrder, b.slug);
      case 'slug':
        return compareText(a.slug, b.slug);
      case 'description':
        return compareText(a.description, b.description);
      case 'count':
        return a.count - b.count;
      default:
        return compareText(a.name, b.name);
    }
  };
  return (a, b) => (filters.descending ? -primary(a, b) : primary(a, b)) || a.id - b.id;
}

async function queryContentTerms(ctx: DomainContext, filters: Filters, contentId: number, offset: number, perPage: number): Promise<{ terms: Term[]; total: number }> {
  const all = (await termsByContent(ctx).load(contentId)).filter((t) => matches(t, filters)).sort(sortKey(filters));
  return { terms: all.slice(offset, offset + perPage), total: all.length };
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/** GET /{taxonomy}: the page of terms this query selects, with its total. */
export async function listTerms(ctx: DomainContext, taxonomySlug: string, query: TermListQuery): Promise<TermList> {
  const taxonomy = termTaxonomy(taxonomySlug);
  const denied = await listTermsPermissionError(ctx, taxonomySlug, query);
  if (denied) throw denied;
  const filters = normalise(taxonomy, query);
  const perPage = query.perPage ?? 10;
  // REST only declares `offset` for flat taxonomies; GraphQL windows use it for every taxonomy.
  const offset = windowOffset(query.offset || undefined, query.page, perPage);
  const result = query.post ? await queryContentTerms(ctx, filters, query.post, offset, perPage) : await querySql(ctx.db, filters, offset, perPage);
  return {
    terms: await describeTerms(ctx, taxonomy, result.terms),
    total: result.total,
    page: Math.ceil(offset / perPage + 1),
    perPage,
  };
}
