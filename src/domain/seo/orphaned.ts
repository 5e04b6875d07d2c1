/**
 * Orphaned content (Yoast's "orphaned content" filter): published items that search engines may
 * index but no other published content links to — read from the stored links (SeoLink) and
 * indexables, never from the texts. Cornerstone content comes first (an orphaned cornerstone
 * article is the plugin's first warning), then the newest. Links from the item to itself, and
 * from drafts, private or trashed items, do not count; a term description's links do (its archive
 * is published). The permission is the score dashboards' (wpseo_manage_options).
 */
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { plainText } from './plain-text';
import { requireSeo } from './permissions';
import { readSeoOption, seoOptionValue } from './options';
import { SCORED_CONTENT_TYPES } from './scores';

/** The content types orphaned content is looked for in (the dashboards' types). */
export const ORPHAN_CONTENT_TYPES: readonly string[] = SCORED_CONTENT_TYPES;
export const ORPHANS_MAX_PER_PAGE = 100;

export interface OrphanedQuery {
  /** One content type; all of ORPHAN_CONTENT_TYPES when absent. */
  postType?: string;
  /** From 1. */
  page?: number;
  perPage?: number;
}

export interface OrphanedItem {
  id: number;
  type: string;
  title: string;
  permalink: string;
  isCornerstone: boolean;
  publishedAt: Date | null;
}

export interface OrphanedPage {
  items: OrphanedItem[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
}

function invalid(param: string, message: string): DomainError {
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${param}`, 400, { params: { [param]: message } });
}

interface Checked {
  types: string[];
  page: number;
  perPage: number;
}

function check(query: OrphanedQuery): Checked {
  const types = query.postType === undefined ? [...ORPHAN_CONTENT_TYPES] : [query.postType];
  if (!types.every((type) => ORPHAN_CONTENT_TYPES.includes(type))) throw invalid('postType', `postType is not one of ${ORPHAN_CONTENT_TYPES.join(', ')}.`);
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 10;
  if (!Number.isInteger(page) || page < 1) throw invalid('page', 'page must be greater than or equal to 1');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > ORPHANS_MAX_PER_PAGE) throw invalid('perPage', `perPage must be between 1 (inclusive) and ${ORPHANS_MAX_PER_PAGE} (inclusive)`);
  return { types, page, perPage };
}

/** The FROM/WHERE of orphaned items of `types` (placeholders from 1), and its parameters. */
async function orphanedFrom(ctx: DomainContext, types: string[]): Promise<{ sql: string; params: unknown[] }> {
  const pg = ctx.db.provider === 'postgresql';
  const p = (n: number) => (pg ? `$${n}` : '?');
  const bool = (value: boolean) => (pg ? String(value) : value ? '1' : '0');
  // Items follow their type's robots setting unless they chose (isRobotsNoindex null: the type's).
  const titles = await readSeoOption(ctx.db, 'wpseo_titles');
  const indexedByDefault = types.filter((type) => seoOptionValue(titles, 'wpseo_titles', `noindex-${type}`) !== true);
  const params: unknown[] = [...types, ...indexedByDefault];
  const typeList = types.map((_, i) => p(i + 1)).join(', ');
  const defaultList = indexedByDefault.map((_, i) => p(types.length + i + 1)).join(', ');
  const robots = indexedByDefault.length
    ? `(I."isRobotsNoindex" = ${bool(false)} OR (I."isRobotsNoindex" IS NULL AND I."objectSubType" IN (${defaultList})))`
    : `I."isRobotsNoindex" = ${bool(false)}`;
  const sql =
    `FROM "SeoIndexable" I JOIN "Content" C ON C."id" = I."objectId" ` +
    `WHERE I."objectType" = 'post' AND I."objectSubType" IN (${typeList}) AND I."postStatus" = 'publish' ` +
    `AND (I."isPublic" IS NULL OR I."isPublic" = ${bool(true)}) AND ${robots} ` +
    `AND NOT EXISTS (SELECT 1 FROM "SeoLink" L JOIN "SeoIndexable" S ON S."id" = L."indexableId" ` +
    `WHERE L."targetIndexableId" = I."id" AND L."type" = 'internal' AND L."indexableId" <> I."id" AND (S."postStatus" = 'publish' OR S."postStatus" IS NULL))`;
  return { sql, params };
}

const ORDER = `ORDER BY I."isCornerstone" DESC, I."objectPublishedAt" DESC, I."objectId" DESC`;

type OrphanRow = { id: unknown; type: unknown; title: unknown; permalink: unknown; cornerstone: unknown; published: unknown };

function itemOf(row: OrphanRow): OrphanedItem {
  return {
    id: Number(row.id),
    type: String(row.type),
    title: plainText(String(row.title ?? '')),
    permalink: String(row.permalink ?? ''),
    isCornerstone: row.cornerstone === true || Number(row.cornerstone) === 1,
    publishedAt: row.published === null || row.published === undefined ? null : new Date(row.published as string | number | Date),
  };
}

/** Items `offset` to `offset + limit` of the orphaned list of `types`, and its length. */
async function orphanedSlice(ctx: DomainContext, types: string[], offset: number, limit: number): Promise<{ items: OrphanedItem[]; total: number }> {
  // A join and NOT EXISTS over the stored links that the tracked fast path does not compile; the answer is not cached by the site.
  const prisma = ctx.db.untracked('orphaned content: anti-join over SeoLink and SeoIndexable');
  const { sql, params } = await orphanedFrom(ctx, types);
  const counted = await prisma.$queryRawUnsafe<Array<{ n: unknown }>>(`SELECT COUNT(*) AS "n" ${sql}`, ...params);
  const rows = await prisma.$queryRawUnsafe<OrphanRow[]>(
    `SELECT I."objectId" AS "id", I."objectSubType" AS "type", C."title" AS "title", I."permalink" AS "permalink", I."isCornerstone" AS "cornerstone", I."objectPublishedAt" AS "published" ${sql} ${ORDER} LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
    ...params,
  );
  return { items: rows.map(itemOf), total: Number(counted[0]?.n ?? 0) };
}

/** A page of orphaned content, cornerstone first. */
export async function orphanedContent(ctx: DomainContext, query: OrphanedQuery = {}): Promise<OrphanedPage> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const { types, page, perPage } = check(query);
  const { items, total } = await orphanedSlice(ctx, types, (page - 1) * perPage, perPage);
  return { items, total, page, perPage, totalPages: Math.ceil(total / perPage) };
}

/** Any stretch of the list (a connection's window: offsets, not pages), with its length. */
export async function orphanedWindow(ctx: DomainContext, postType: string | undefined, offset: number, limit: number): Promise<{ items: OrphanedItem[]; total: number }> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const { types } = check({ postType });
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 0) throw invalid('offset', 'offset and limit must be whole numbers from 0.');
  return orphanedSlice(ctx, types, offset, limit);
}

/** Where item `id` stands (0-based) in the orphaned list of `postType`, or null when it is not in it (a connection's cursor). */
export async function orphanedPosition(ctx: DomainContext, postType: string | undefined, id: number): Promise<number | null> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const { types } = check({ postType });
  const prisma = ctx.db.untracked('orphaned content: the position of one item');
  const { sql, params } = await orphanedFrom(ctx, types);
  const p = ctx.db.provider === 'postgresql' ? `$${params.length + 1}` : '?';
  const rows = await prisma.$queryRawUnsafe<Array<{ pos: unknown }>>(
    `SELECT X."pos" AS "pos" FROM (SELECT I."objectId" AS "id", ROW_NUMBER() OVER (${ORDER}) AS "pos" ${sql}) X WHERE X."id" = ${p}`,
    ...params,
    id,
  );
  return rows.length ? Number(rows[0].pos) - 1 : null;
}
