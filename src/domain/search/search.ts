/**
 * Site search (WP_REST_Search_Controller with its three handlers): published posts and pages,
 * terms of the public taxonomies, and post formats. Open to everybody, as in WordPress: the post
 * handler only ever finds published content (for administrators too), and hides password
 * protected posts from anonymous searches.
 *
 * Matching follows WordPress (WP_Query's word splitting, `-excluded` words, relevance ordering;
 * WP_Term_Query's name-or-slug search; the format names), with case folded the same way on
 * SQLite and PostgreSQL (see text-match.ts). Posts are searched by the one WP_Query search
 * (wp-query.ts) the posts collections use; addresses come from the posts and terms permalink rules. Each search
 * costs a constant number of queries: one for the page of results (its total rides along as a
 * window count), plus the batched loads addresses need (front-page options, one query per level
 * of page ancestors, one for category ancestors).
 */
import { isStorableId } from '../terms/loaders';
import { listTag } from '../../cache/tags';
import { Prisma } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { renderTitle } from '../content/format';
import { POST_TYPES } from '../content/post-types';
import { TAXONOMIES } from '../content/taxonomies';
import { DomainError } from '../errors';
import { formatOfTermSlug, formatTermSlug, POST_FORMAT_STRINGS } from '../posts/formats';
import { contentById } from '../posts/loaders';
import { siteOf } from '../posts/records';
import { permalink, type Site } from '../posts/render';
import { DEFAULT_OPTIONS } from '../settings/options';
import { termChain } from '../terms/loaders';
import { termLink } from '../terms/permalinks';
import { containsSql, foldCase, sortKeySql } from './text-match';
import { parseSearch, relevanceOrderSql, searchSql } from './wp-query';

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

/** The search handlers, in WordPress's registration order (the first is the default type). */
export const SEARCH_TYPES = ['post', 'term', 'post-format'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The subtype that stands for all of a handler's subtypes. */
export const ANY_SUBTYPE = 'any';

/** Each handler's subtypes: public REST post types except attachments, public REST taxonomies. */
export const SEARCH_SUBTYPES: Readonly<Record<SearchType, readonly string[]>> = {
  post: Object.values(POST_TYPES).filter((t) => t.viewable && t.showInRest && t.slug !== 'attachment').map((t) => t.slug),
  // nav_menu is REST-visible but not public.
  term: ['category', 'post_tag'],
  'post-format': [],
};

/** Every subtype any handler knows, once each, in handler order. */
export const ALL_SUBTYPES: readonly string[] = [...new Set(SEARCH_TYPES.flatMap((type) => SEARCH_SUBTYPES[type]))];

export interface SearchQuery {
  type: string;
  /** Subtypes to look in; `any` (the default) means all of the type's. */
  subtypes?: readonly string[];
  search?: string;
  page?: number;
  perPage?: number;
  include?: readonly number[];
  exclude?: readonly number[];
}

export type SearchHit =
  | { kind: 'post'; id: number; title: string; url: string; subtype: string }
  | { kind: 'term'; id: number; title: string; url: string; taxonomy: string }
  | { kind: 'post-format'; id: string; title: string; url: string };

export interface SearchResults {
  hits: SearchHit[];
  /** Matches across all pages. */
  total: number;
  page: number;
  perPage: number;
}

interface Window {
  search: string;
  offset: number;
  limit: number;
  include: number[];
  exclude: number[];
}

export function isSearchType(value: string): value is SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value);
}

/** sanitize_subtypes(): `any` wins; otherwise only the type's own subtypes are kept. */
export function subtypesFor(type: SearchType, requested: readonly string[]): string[] {
  const own = SEARCH_SUBTYPES[type];
  if (requested.includes(ANY_SUBTYPE)) return [...own];
  return requested.filter((subtype, i) => own.includes(subtype) && requested.indexOf(subtype) === i);
}

/** absint() and de-duplication, as wp_parse_id_list and WP_Query treat id lists. */
function idList(ids: readonly number[] | undefined): number[] {
  return [...new Set((ids ?? []).map((id) => Math.abs(Math.trunc(id))))];
}

const column = (name: string): Prisma.Sql => Prisma.raw(`"${name}"`);


function count(value: unknown): number {
  return typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Posts and pages (WP_REST_Post_Search_Handler over WP_Query)
// ---------------------------------------------------------------------------------------------

interface PostRow {
  id: number | bigint;
  type: string;
  status: string;
  title: string;
  slug: string;
  authorId: number | bigint;
  parentId: number | bigint;
  total: number | bigint;
}

/** Pages nest at most this deep when addresses are built (a guard against parent cycles). */
const MAX_DEPTH = 32;

/** Ids for an IN list: one no row can have stands as -1 (PostgreSQL refuses to compare its int column with it). */
const sqlIds = (ids: readonly number[]) => Prisma.join(ids.map((id) => (isStorableId(id) ? id : -1)));

/** The WHERE conditions of a post search and its ORDER BY. */
function postQueryParts(ctx: DomainContext, types: readonly string[], w: Window): { where: Prisma.Sql; orderBy: Prisma.Sql } {
  const provider = ctx.db.provider;
  const and: Prisma.Sql[] = [Prisma.sql`"type" IN (${Prisma.join([...types])})`, Prisma.sql`"status" = 'publish'`];
  // WP_Query: post__in, else post__not_in.
  if (w.include.length) and.push(Prisma.sql`"id" IN (${sqlIds(w.include)})`);
  else if (w.exclude.length) and.push(Prisma.sql`"id" NOT IN (${sqlIds(w.exclude)})`);
  let order = Prisma.sql`"date" DESC, "id" DESC`;
  if (w.search !== '' && w.search !== '0') {
    const spec = parseSearch(w.search);
    and.push(searchSql(provider, spec, { anonymous: ctx.viewer.isAnonymous }, column));
    const relevance = relevanceOrderSql(provider, spec, column);
    if (relevance) order = Prisma.sql`${relevance}, ${order}`;
  }
  return { where: Prisma.join(and, ' AND '), orderBy: order };
}

/** Slugs of a page's ancestors, root first (parents read through the shared loader, level by level). */
async function ancestorSlugs(ctx: DomainContext, page: { id: number; parentId: number }): Promise<string[]> {
  const slugs: string[] = [];
  const seen = new Set<number>([page.id]);
  let parentId = page.parentId;
  while (parentId > 0 && !seen.has(parentId) && seen.size <= MAX_DEPTH) {
    seen.add(parentId);
    const parent = await contentById(ctx).load(parentId);
    if (!parent) break;
    slugs.unshift(parent.slug);
    parentId = parent.parentId;
  }
  return slugs;
}

async function searchPosts(ctx: DomainContext, types: readonly string[], w: Window): Promise<{ hits: SearchHit[]; total: number }> {
  // An empty subtype list leaves WP_Query without post_type, which means posts.
  const searched = types.length ? types : ['post'];
  const { where, orderBy } = postQueryParts(ctx, searched, w);
  // Any write to a record of these types publishes its type's list tag.
  const tags = searched.map((type) => listTag('Content', type));
  const rows = await ctx.db.read.query<PostRow>(
    Prisma.sql`
    SELECT "id", "type", "status", "title", "slug", "authorId", "parentId", COUNT(*) OVER () AS "total"
    FROM "Content" WHERE ${where} ORDER BY ${orderBy} LIMIT ${w.limit} OFFSET ${w.offset}`,
    tags,
  );
  const total = rows.length ? count(rows[0].total) : w.offset > 0 ? await countRows(ctx, Prisma.sql`"Content"`, where, tags) : 0;
  const posts = rows.map((row) => ({ ...row, id: count(row.id), authorId: count(row.authorId), parentId: count(row.parentId) }));
  // Only pages can be the front page, so only they need the reading options.
  const site: Site = posts.some((p) => p.type === 'page')
    ? await siteOf(ctx)
    : { url: ctx.config.siteUrl, pretty: ctx.config.permalinks === 'pretty', options: DEFAULT_OPTIONS };
  const ancestors = await Promise.all(posts.map((p) => (p.type === 'page' && site.pretty ? ancestorSlugs(ctx, p) : Promise.resolve([]))));
  const hits: SearchHit[] = posts.map((p, i) => ({
    kind: 'post',
    id: p.id,
    title: renderTitle(p.title),
    url: permalink(site, p, ancestors[i], ctx.viewer),
    subtype: p.type,
  }));
  return { hits, total };
}

async function countRows(ctx: DomainContext, table: Prisma.Sql, where: Prisma.Sql, tags: readonly string[]): Promise<number> {
  const rows = await ctx.db.read.query<{ total: number | bigint }>(Prisma.sql`SELECT COUNT(*) AS "total" FROM ${table} WHERE ${where}`, tags);
  return count(rows[0]?.total);
}

// ---------------------------------------------------------------------------------------------
// Terms (WP_REST_Term_Search_Handler over WP_Term_Query)
// ---------------------------------------------------------------------------------------------

interface TermRow {
  id: number | bigint;
  taxonomy: string;
  name: string;
  slug: string;
  parentId: number | bigint;
  total: number | bigint;
}

async function searchTerms(ctx: DomainContext, taxonomies: readonly string[], w: Window): Promise<{ hits: SearchHit[]; total: number }> {
  const provider = ctx.db.provider;
  // An empty taxonomy list leaves WP_Term_Query unrestricted: every taxonomy.
  const scope = taxonomies.length ? taxonomies : Object.keys(TAXONOMIES);
  const and: Prisma.Sql[] = [Prisma.sql`"taxonomy" IN (${Prisma.join([...scope])})`];
  if (w.search !== '' && w.search !== '0') {
    and.push(Prisma.sql`(${containsSql(provider, column('name'), w.search)} OR ${containsSql(provider, column('slug'), w.search)})`);
  }
  // WP_Term_Query ignores `exclude` when `include` is given.
  if (w.include.length) and.push(Prisma.sql`"id" IN (${sqlIds(w.include)})`);
  else if (w.exclude.length) and.push(Prisma.sql`"id" NOT IN (${sqlIds(w.exclude)})`);
  const where = Prisma.join(and, ' AND ');
  const tags = scope.map((taxonomy) => listTag('Term', taxonomy));
  const rows = await ctx.db.read.query<TermRow>(
    Prisma.sql`
    SELECT "id", "taxonomy", "name", "slug", "parentId", COUNT(*) OVER () AS "total"
    FROM "Term" WHERE ${where} ORDER BY ${sortKeySql(provider, column('name'))}, "id" LIMIT ${w.limit} OFFSET ${w.offset}`,
    tags,
  );
  const total = rows.length ? count(rows[0].total) : w.offset > 0 ? await countRows(ctx, Prisma.sql`"Term"`, where, tags) : 0;
  const terms = rows.map((row) => ({ id: count(row.id), taxonomy: row.taxonomy, name: row.name, slug: row.slug, parentId: count(row.parentId) }));
  const chains = await Promise.all(terms.map((t) => (TAXONOMIES[t.taxonomy]?.hierarchical && t.parentId > 0 ? termChain(ctx).load(t.parentId) : Promise.resolve([]))));
  const hits: SearchHit[] = terms.map((t, i) => {
    const ancestors = chains[i].filter((node) => node.taxonomy === t.taxonomy).map((node) => node.slug);
    return { kind: 'term', id: t.id, title: t.name, url: termLink(ctx.config, t, ancestors), taxonomy: t.taxonomy };
  });
  return { hits, total };
}

// ---------------------------------------------------------------------------------------------
// Post formats (WP_REST_Post_Format_Search_Handler)
// ---------------------------------------------------------------------------------------------

/**
 * Formats with an archive: get_post_format_link() answers for a format once its post_format term
 * exists, which happens the first time a post gets that format.
 */
async function formatsWithTerms(ctx: DomainContext): Promise<Set<string>> {
  const slugs = Object.keys(POST_FORMAT_STRINGS).map(formatTermSlug);
  const rows = await ctx.db.read.query<{ slug: string }>(
    Prisma.sql`SELECT "slug" FROM "Term" WHERE "taxonomy" = 'post_format' AND "slug" IN (${Prisma.join(slugs)})`,
    [listTag('Term', 'post_format')],
  );
  return new Set(rows.map((row) => formatOfTermSlug(row.slug)));
}

/** get_post_format_link(): the format's archive (the post_format taxonomy's `type` rewrite base). */
function postFormatLink(ctx: DomainContext, format: string): string {
  const site = ctx.config.siteUrl;
  return ctx.config.permalinks === 'pretty' ? `${site}/type/${format}/` : `${site}/?post_format=${format}`;
}

async function searchPostFormats(ctx: DomainContext, w: Window): Promise<{ hits: SearchHit[]; total: number }> {
  const inUse = await formatsWithTerms(ctx);
  const needle = w.search !== '' && w.search !== '0' ? foldCase(w.search) : null;
  const found = Object.entries(POST_FORMAT_STRINGS)
    .filter(([slug, name]) => needle === null || foldCase(slug).includes(needle) || foldCase(name).includes(needle))
    .filter(([slug]) => inUse.has(slug));
  const hits: SearchHit[] = found
    .slice(w.offset, w.offset + w.limit)
    .map(([slug, name]) => ({ kind: 'post-format', id: slug, title: name, url: postFormatLink(ctx, slug) }));
  return { hits, total: found.length };
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/** GET /search: one page of results of one type, open to everybody. */
export async function searchSite(ctx: DomainContext, query: SearchQuery): Promise<SearchResults> {
  const type = query.type;
  if (!isSearchType(type)) throw new DomainError('rest_search_invalid_type', 'Invalid type parameter.', 400);
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const perPage = Math.max(1, Math.trunc(query.perPage ?? 10));
  const w: Window = {
    search: query.search ?? '',
    offset: (page - 1) * perPage,
    limit: perPage,
    include: idList(query.include),
    exclude: idList(query.exclude),
  };
  const subtypes = subtypesFor(type, query.subtypes ?? [ANY_SUBTYPE]);
  const { hits, total } =
    type === 'post' ? await searchPosts(ctx, subtypes, w) : type === 'term' ? await searchTerms(ctx, subtypes, w) : await searchPostFormats(ctx, w);
  if (total > 0 && page > Math.ceil(total / perPage)) {
    throw new DomainError('rest_search_invalid_page_number', 'The page number requested is larger than the number of pages available.', 400);
  }
  return { hits, total, page, perPage };
}
