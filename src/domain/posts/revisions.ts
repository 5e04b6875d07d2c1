/**
 * Revisions of posts and pages: saving one after an update (wp_save_post_revision) and the
 * revisions routes (WP_REST_Revisions_Controller): list, read, delete.
 */
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';
import { excludableIds, matchableIds } from './ids';
import { contentById, FOOTNOTES_KEY, revisionsByParent } from './loaders';
import { canDeletePost, canEditPost } from './permissions';
import { MAX_ID, siteOf } from './records';
import { parseSearch, relevanceRank, searchWhere } from '../search/wp-query';
import type { PostTypeName } from './types';

type Tx = Prisma.TransactionClient;

/** The fields a revision keeps (_wp_post_revision_fields). */
export const REVISION_FIELDS = ['title', 'content', 'excerpt'] as const;

/** normalize_whitespace(): revisions ignore differences in line endings and runs of blanks. */
export function normalizeWhitespace(text: string): string {
  return text.trim().replace(/\r/g, '\n').replace(/\n+/g, '\n').replace(/[ \t]+/g, ' ');
}

export const revisionSlug = (parentId: number): string => `${parentId}-revision-v1`;
export const autosaveSlug = (parentId: number): string => `${parentId}-autosave-v1`;

export function isAutosave(revision: Pick<Content, 'slug' | 'parentId'>): boolean {
  return revision.slug.includes(`${revision.parentId}-autosave`);
}

async function footnotesOf(tx: Tx, id: number): Promise<string | null> {
  const row = await tx.contentMeta.findFirst({ where: { contentId: id, key: FOOTNOTES_KEY }, orderBy: { id: 'asc' } });
  return row ? row.value : null;
}

/** A revision row for a post (the fields given, the rest empty), with its GUID and footnotes. */
export async function insertRevision(
  tx: Tx,
  siteUrl: string,
  post: Content,
  values: Partial<Record<(typeof REVISION_FIELDS)[number], string>>,
  options: { authorId: number; slug: string; date: Date; footnotes: string | null },
): Promise<Content> {
  const created = await tx.content.create({
    data: {
      type: 'revision',
      status: 'inherit',
      authorId: options.authorId,
      parentId: post.id,
      slug: options.slug,
      title: values.title ?? '',
      content: values.content ?? '',
      excerpt: values.excerpt ?? '',
      date: options.date,
      modified: options.date,
      commentStatus: 'closed',
      pingStatus: 'closed',
    },
  });
  if (options.footnotes !== null) await tx.contentMeta.create({ data: { contentId: created.id, key: FOOTNOTES_KEY, value: options.footnotes } });
  return tx.content.update({ where: { id: created.id }, data: { guid: `${siteUrl}/?p=${created.id}` } });
}

/**
 * wp_save_post_revision(), called after every update inside its transaction: the first update
 * always makes a revision; later ones only when title, content, excerpt or footnotes changed
 * since the latest revision. The revision stores the post as saved and is authored by the editor.
 */
export async function saveRevision(tx: Tx, siteUrl: string, post: Content, editorId: number): Promise<Content | null> {
  if (post.status === 'auto-draft') return null;
  const latest = await tx.content.findFirst({
    where: { parentId: post.id, type: 'revision', slug: revisionSlug(post.id) },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
  });
  const footnotes = await footnotesOf(tx, post.id);
  if (latest) {
    const changed =
      REVISION_FIELDS.some((field) => normalizeWhitespace(post[field]) !== normalizeWhitespace(latest[field])) ||
      footnotes !== (await footnotesOf(tx, latest.id));
    if (!changed) return null;
  }
  const values = { title: post.title, content: post.content, excerpt: post.excerpt };
  return insertRevision(tx, siteUrl, post, values, { authorId: editorId, slug: revisionSlug(post.id), date: post.modified, footnotes });
}

// ---------------------------------------------------------------------------------------------
// The revisions routes
// ---------------------------------------------------------------------------------------------

function invalidParent(): DomainError {
  return new DomainError('rest_post_invalid_parent', 'Invalid post parent ID.', 404);
}

/** get_parent(): the parent of this type, or 404 rest_post_invalid_parent. */
export async function findRevisionParent(ctx: DomainContext, type: PostTypeName, parentId: number): Promise<Content> {
  if (!Number.isInteger(parentId) || parentId <= 0 || parentId > MAX_ID) throw invalidParent();
  const parent = await contentById(ctx).load(parentId);
  if (!parent || parent.type !== type) throw invalidParent();
  return parent;
}

/** get_items_permissions_check(): revisions are for those who may edit the parent. */
export async function assertCanReadRevisions(ctx: DomainContext, type: PostTypeName, parentId: number, noun = 'revisions'): Promise<Content> {
  const parent = await findRevisionParent(ctx, type, parentId);
  if (!canEditPost(ctx.viewer, parent)) throw forbidden('rest_cannot_read', `Sorry, you are not allowed to view ${noun} of this post.`, ctx.viewer);
  return parent;
}

export async function canReadRevisions(ctx: DomainContext, type: PostTypeName, parentId: number): Promise<boolean> {
  return succeeds(() => assertCanReadRevisions(ctx, type, parentId));
}

async function succeeds(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

export interface RevisionListQuery {
  page: number;
  /** No per_page means every revision (posts_per_page -1). */
  perPage?: number;
  offset?: number;
  search?: string;
  include?: number[];
  exclude?: number[];
  order: 'asc' | 'desc';
  orderby: string;
}

export interface RevisionList {
  revisions: Content[];
  total: number;
  page: number;
  /** The page size in effect (all revisions on one page when per_page was not given). */
  perPage: number;
}

/** GET /{posts|pages}/{parent}/revisions. */
export async function listRevisions(ctx: DomainContext, type: PostTypeName, parentId: number, query: RevisionListQuery): Promise<RevisionList> {
  const parent = await assertCanReadRevisions(ctx, type, parentId);
  const hasSearch = typeof query.search === 'string' && query.search !== '';
  if (query.orderby === 'relevance' && !hasSearch) {
    throw new DomainError('rest_no_search_term_defined', 'You need to define a search term to order by relevance.', 400);
  }
  if (query.orderby === 'include' && !query.include?.length) {
    throw new DomainError('rest_orderby_include_missing_include', 'You need to define an include parameter to order by include.', 400);
  }
  const search = hasSearch ? parseSearch(query.search as string) : null;
  let all: Content[];
  if (search || query.include?.length || query.exclude?.length) {
    const and: Prisma.ContentWhereInput[] = [{ parentId: parent.id, type: 'revision', status: 'inherit' }];
    if (query.include?.length) and.push({ id: { in: matchableIds(query.include) } });
    if (query.exclude?.length) and.push({ id: { notIn: excludableIds(query.exclude) } });
    if (search) and.push(await searchWhere(ctx, search, { anonymous: ctx.viewer.isAnonymous }, { types: ['revision'], parentId: parent.id }));
    all = await ctx.db.read.content.findMany({ where: { AND: and } });
  } else {
    // Unfiltered: the revisions of a whole page of records are read at once.
    all = await revisionsByParent(ctx).load(parent.id);
  }
  // Revisions of one post are few: sort them in memory, as WP_Query would in SQL.
  const sign = query.order === 'asc' ? 1 : -1;
  const byDate = (a: Content, b: Content) => sign * (a.date.getTime() - b.date.getTime() || a.id - b.id);
  const include = (query.include ?? []).map(Number);
  const comparators: Record<string, (a: Content, b: Content) => number> = {
    id: (a, b) => sign * (a.id - b.id),
    slug: (a, b) => sign * a.slug.localeCompare(b.slug) || byDate(a, b),
    title: (a, b) => sign * a.title.localeCompare(b.title) || byDate(a, b),
    include: (a, b) => include.indexOf(a.id) - include.indexOf(b.id),
    relevance: (a, b) => (search ? relevanceRank(search, a) - relevanceRank(search, b) : 0) || b.date.getTime() - a.date.getTime(),
  };
  const sorted = [...all].sort(comparators[query.orderby] ?? byDate);
  const total = sorted.length;
  const perPage = query.perPage;
  const maxPages = perPage ? Math.ceil(total / perPage) : total > 0 ? 1 : 0;
  const offset = query.offset ?? 0;
  if (total > 0) {
    if (offset >= total && query.offset !== undefined) {
      throw new DomainError('rest_revision_invalid_offset_number', 'The offset number requested is larger than or equal to the number of available revisions.', 400);
    }
    if (!offset && query.page > maxPages) {
      throw new DomainError('rest_revision_invalid_page_number', 'The page number requested is larger than the number of pages available.', 400);
    }
  }
  const start = query.offset !== undefined ? offset : perPage ? (query.page - 1) * perPage : 0;
  const revisions = perPage ? sorted.slice(start, start + perPage) : sorted.slice(start);
  return { revisions, total, page: query.page, perPage: perPage ?? Math.max(total, 1) };
}

function invalidRevision(): DomainError {
  return new DomainError('rest_post_invalid_id', 'Invalid revision ID.', 404);
}

/** get_revision(): a revision, or 404 rest_post_invalid_id. */
async function findRevision(ctx: DomainContext, id: number): Promise<Content> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw invalidRevision();
  const revision = await contentById(ctx).load(id);
  if (!revision || revision.type !== 'revision') throw invalidRevision();
  return revision;
}

/** GET /{posts|pages}/{parent}/revisions/{id}. */
export async function getRevision(ctx: DomainContext, type: PostTypeName, parentId: number, id: number): Promise<Content> {
  const parent = await assertCanReadRevisions(ctx, type, parentId);
  const revision = await findRevision(ctx, id);
  if (revision.parentId !== parent.id) {
    throw new DomainError('rest_revision_parent_id_mismatch', `The revision does not belong to the specified parent with id of "${parent.id}"`, 404);
  }
  return revision;
}

/**
 * map_meta_cap( 'delete_post' ) for a revision: do_not_allow, for everybody, administrators
 * included (WordPress's own test_delete_item expects 403 rest_cannot_delete; only a map_meta_cap
 * filter lifts it). So the revisions DELETE route answers 403 whatever `force` says.
 */
export function canDeleteRevision(_viewer: Viewer, _revision: Content): boolean {
  return false;
}

/** delete_item_permissions_check() of the revisions controller. */
export async function assertCanDeleteRevision(ctx: DomainContext, type: PostTypeName, parentId: number, id: number): Promise<Content> {
  const parent = await findRevisionParent(ctx, type, parentId);
  const site = await siteOf(ctx);
  if (!canDeletePost(ctx.viewer, parent, site.options)) {
    throw forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete revisions of this post.', ctx.viewer);
  }
  const revision = await findRevision(ctx, id);
  await assertCanReadRevisions(ctx, type, parentId);
  if (!canDeleteRevision(ctx.viewer, revision)) throw forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this revision.', ctx.viewer);
  return revision;
}

export async function canDeleteRevisionAt(ctx: DomainContext, type: PostTypeName, parentId: number, id: number): Promise<boolean> {
  return succeeds(() => assertCanDeleteRevision(ctx, type, parentId, id));
}

/**
 * DELETE /{posts|pages}/{parent}/revisions/{id}. Stock capabilities refuse it to everybody (see
 * canDeleteRevision); were it allowed, revisions cannot be trashed: `force` false asks for a trash
 * they do not have (501, as REST answers), unsaid (WPGraphQL's deleteRevision) it deletes, and the
 * revision is returned as it was.
 */
export async function deleteRevision(ctx: DomainContext, type: PostTypeName, parentId: number, id: number, force?: boolean): Promise<Content> {
  const revision = await assertCanDeleteRevision(ctx, type, parentId, id);
  if (force === false) throw new DomainError('rest_trash_not_supported', "Revisions do not support trashing. Set 'force=true' to delete.", 501);
  await ctx.db.prisma.$transaction(async (tx) => {
    await tx.content.delete({ where: { id: revision.id } });
  });
  ctx.loaders.clear();
  return revision;
}
