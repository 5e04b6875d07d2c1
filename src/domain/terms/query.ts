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
import { contentSummaryById, isStorableId, termById, termsByContent, toTerm, type RawTerm } from './loaders';
import { canEditTermsOf, canReadTermsOfContent } from './permissions';
import { describeTerms, termTaxonomy, type TermView } from './terms';

export type TermOrderBy = 'id' | 'include' | 'name' | 'slug' | 'include_slugs' | 'term_group' | 'term_order' | 'description' | 'count';

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
  /** WP_Term_Query `name`: terms with exactly one of these names. */
  names?: readonly string[];
  /** `name__like` / `description__like`: the text contains the value (case-insensitively). */
  nameLike?: string;
  descriptionLike?: string;
  /** `child_of`: every descendant of this term (hierarchical taxonomies; nothing on flat ones). */
  childOf?: number;
  /** `childless`: only terms without children. */
  childless?: boolean;
  /** `exclude_tree`: these terms and all their descendants left out. */
  excludeTree?: readonly number[];
  /** `object_ids`: only the terms attached to one of these content records. */
  objectIds?: readonly number[];
  /** `term_taxonomy_id`: our term_taxonomy_id is the term id. */
  termTaxonomyIds?: readonly number[];
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
  names: string[] | null;
  nameLike: string | null;
  descriptionLike: string | null;
  childOf: number | null;
  childless: boolean;
  excludeTree: number[];
  objectIds: number[] | null;
  termTaxonomyIds: number[] | null;
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
    names: query.names?.length ? [...query.names] : null,
    nameLike: query.nameLike ? query.nameLike : null,
    descriptionLike: query.descriptionLike ? query.descriptionLike : null,
    // child_of 0 restricts nothing (PHP's empty()).
    childOf: query.childOf ? query.childOf : null,
    childless: query.childless === true,
    excludeTree: parseIdList(query.excludeTree),
    objectIds: query.objectIds?.length ? parseIdList(query.objectIds) : null,
    termTaxonomyIds: query.termTaxonomyIds?.length ? parseIdList(query.termTaxonomyIds) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// SQL path
// ---------------------------------------------------------------------------------------------

const NEVER = Prisma.sql`1 = 0`;

/** The ids of these terms' descendants (and of the terms themselves when `self`), as a subquery. */
function treeSql(roots: readonly number[], self: boolean): Prisma.Sql {
  const start = self ? Prisma.sql`"id" IN (${Prisma.join(roots)})` : Prisma.sql`"parentId" IN (${Prisma.join(roots)})`;
  // UNION stops on a cycle, should the data ever hold one.
  return Prisma.sql`WITH RECURSIVE tree("id") AS (
      SELECT "id" FROM "Term" WHERE ${start}
      UNION SELECT c."id" FROM "Term" c JOIN tree ON c."parentId" = tree."id"
    ) SELECT "id" FROM tree`;
}

/** The WHERE conditions of a query; `taxonomies` widens it to several taxonomies (`terms(where: {taxonomies})`). */
export function whereClauses(db: Database, filters: Filters, taxonomies: readonly string[] = [filters.taxonomy.slug]): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`"taxonomy" IN (${Prisma.join([...taxonomies])})`];
  if (filters.names) where.push(Prisma.sql`"name" IN (${Prisma.join(filters.names)})`);
  if (filters.nameLike !== null) where.push(containsSql(db.provider, Prisma.raw('"name"'), filters.nameLike));
  if (filters.descriptionLike !== null) where.push(containsSql(db.provider, Prisma.raw('"description"'), filters.descriptionLike));
  if (filters.childOf !== null) {
    where.push(filters.taxonomy.hierarchical && isStorableId(filters.childOf) ? Prisma.sql`"id" IN (${treeSql([filters.childOf], false)})` : NEVER);
  }
  if (filters.childless) where.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "Term" c WHERE c."parentId" = "Term"."id")`);
  const trees = filters.excludeTree.filter(isStorableId);
  if (trees.length) where.push(Prisma.sql`"id" NOT IN (${treeSql(trees, true)})`);
  if (filters.objectIds) {
    const ids = filters.objectIds.filter(isStorableId);
    where.push(ids.length ? Prisma.sql`"id" IN (SELECT "termId" FROM "TermRelationship" WHERE "contentId" IN (${Prisma.join(ids)}))` : NEVER);
  }
  if (filters.termTaxonomyIds) {
    const ids = filters.termTaxonomyIds.filter(isStorableId);
    where.push(ids.length ? Prisma.sql`"id" IN (${Prisma.join(ids)})` : NEVER);
  }
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
    // term_order is a relationship's position; outside one post's terms every term's is 0, so the id orders them.
    case 'id':
    case 'term_group':
    case 'term_order':
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
  if (filters.names && !filters.names.includes(term.name)) return false;
  if (filters.nameLike !== null && !foldCase(term.name).includes(foldCase(filters.nameLike))) return false;
  if (filters.descriptionLike !== null && !foldCase(term.description).includes(foldCase(filters.descriptionLike))) return false;
  if (filters.termTaxonomyIds && !filters.termTaxonomyIds.includes(term.id)) return false;
  return true;
}

/** Filters that need the taxonomy's tree or other records: one record's terms then go through SQL. */
function needsSql(filters: Filters): boolean {
  return filters.childOf !== null || filters.childless || filters.excludeTree.length > 0 || filters.objectIds !== null;
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
      case 'term_order':
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
  const inMemory = Boolean(query.post) && !needsSql(filters);
  if (query.post && !inMemory) filters.objectIds = [...(filters.objectIds ?? [query.post])].filter((id) => id === query.post);
  const result = inMemory ? await queryContentTerms(ctx, filters, query.post as number, offset, perPage) : await querySql(ctx.db, filters, offset, perPage);
  return {
    terms: await describeTerms(ctx, taxonomy, result.terms),
    total: result.total,
    page: Math.ceil(offset / perPage + 1),
    perPage,
  };
}

/**
 * Every term a query selects, in its order, over one or more taxonomies (WPGraphQL's term
 * connections: the lists are small, and a cursor's position is read off the ordered list). The
 * window arguments (page, perPage, offset) are ignored.
 */
export async function listOrderedTerms(ctx: DomainContext, taxonomySlugs: readonly string[], query: TermListQuery): Promise<Term[]> {
  if (taxonomySlugs.length === 0) return [];
  const taxonomies = taxonomySlugs.map(termTaxonomy);
  for (const taxonomy of taxonomies) {
    const denied = await listTermsPermissionError(ctx, taxonomy.slug, query);
    if (denied) throw denied;
  }
  const filters = normalise(taxonomies[0], query);
  if (query.post) filters.objectIds = [...(filters.objectIds ?? [query.post])].filter((id) => id === query.post);
  // A filter only hierarchical taxonomies understand applies to the hierarchical ones alone.
  const slugs = taxonomies.filter((t) => (query.parent !== undefined && query.parent !== null) || query.childOf ? t.hierarchical : true).map((t) => t.slug);
  if (slugs.length === 0) return [];
  if (!filters.taxonomy.hierarchical && taxonomies.some((t) => t.hierarchical)) {
    filters.taxonomy = taxonomies.find((t) => t.hierarchical) as TaxonomyDef;
    if (query.parent !== undefined && query.parent !== null) filters.parent = query.parent;
  }
  const where = whereClauses(ctx.db, filters, slugs);
  if (filters.hideEmpty) {
    const kept = (await Promise.all(taxonomies.filter((t) => t.hierarchical).map((t) => emptyTermsWithUsedDescendants(ctx.db, t)))).flat();
    where.push(kept.length ? Prisma.sql`("count" > 0 OR "id" IN (${Prisma.join(kept)}))` : Prisma.sql`"count" > 0`);
  }
  const rows = await ctx.db.read.query<RawTerm>(
    Prisma.sql`
    SELECT "id", "taxonomy", "name", "slug", "description", "parentId", "count" FROM "Term"
    WHERE ${Prisma.join(where, ' AND ')} ${orderClause(ctx.db, filters)}`,
    slugs.map((slug) => listTag('Term', slug)),
  );
  const terms = rows.map(toTerm);
  for (const term of terms) termById(ctx).prime(term.id, term);
  return terms;
}
