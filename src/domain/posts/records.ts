/**
 * Reading posts and pages: one record with WordPress's read checks (get_item_permissions_check),
 * and the batched loading of everything a page of records shows (terms, meta, revision counts,
 * ancestors, featured media, links).
 */
import { siteOptionsOf } from '../settings/options';
import type { Content } from '../../generated/prisma-sqlite/client';
import { canReadContent } from '../content/permissions';
import { postType, type PostTypeDef } from '../content/post-types';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { contentById, FOOTNOTES_KEY, metaByContent, revisionStatsByParent, slugKeyOwner, slugKeysWithPrefix, termsByContent, THUMBNAIL_KEY } from './loaders';
import { canEditPost, canReadPost } from './permissions';
import { permalink, type Site } from './render';
import { seoFieldsFromMeta } from '../seo/meta-fields';
import { userById } from '../users/loaders';
import { firstFreeSlug, keyFor } from './slugs';
import { sanitizeSlug } from '../content/slug';
import type { PostRecord, PostTypeName } from './types';

/** The largest id the Int columns hold; anything above cannot exist. */
export const MAX_ID = 2147483647;

/** Pages nest at most this deep when links are built (a guard against parent cycles). */
const MAX_DEPTH = 32;

export function postTypeDef(type: PostTypeName): PostTypeDef {
  const def = postType(type);
  if (!def) throw new Error(`unknown post type ${type}`);
  return def;
}

export async function siteOf(ctx: DomainContext): Promise<Site> {
  const options = await siteOptionsOf(ctx);
  return { url: ctx.config.siteUrl, pretty: ctx.config.permalinks === 'pretty', options };
}

export function invalidPostId(): DomainError {
  return new DomainError('rest_post_invalid_id', 'Invalid post ID.', 404);
}

/** get_post() of the controller: the record of this type, or 404 rest_post_invalid_id. */
export async function findPost(ctx: DomainContext, type: PostTypeName, id: number): Promise<Content> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw invalidPostId();
  const row = await contentById(ctx).load(id);
  if (!row || row.type !== type) throw invalidPostId();
  return row;
}

/** Slugs of a record's ancestors, root first (parents read in batches, level by level). */
async function ancestorSlugsOf(ctx: DomainContext, row: Content): Promise<string[]> {
  const slugs: string[] = [];
  const seen = new Set<number>([row.id]);
  let parentId = row.parentId;
  while (parentId > 0 && !seen.has(parentId) && seen.size <= MAX_DEPTH) {
    seen.add(parentId);
    const parent = await contentById(ctx).load(parentId);
    if (!parent) break;
    slugs.unshift(parent.slug);
    parentId = parent.parentId;
  }
  return slugs;
}

/** Whether the viewer may see a featured image (its link is only given then). */
export function mediaVisible(ctx: DomainContext, media: Content | null): boolean {
  if (!media || media.type !== 'attachment') return false;
  if (media.status === 'inherit' || media.status === 'publish') return true;
  return canReadContent(ctx.viewer, media);
}

/** An attachment the viewer may see (until the media routes exist, what featured images point at). */
export async function getAttachment(ctx: DomainContext, id: number): Promise<Content> {
  const media = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await contentById(ctx).load(id) : null;
  if (!media || !mediaVisible(ctx, media)) throw new DomainError('rest_post_invalid_id', 'Invalid post ID.', 404);
  return media;
}

/** Loads the details of rows already read (all in batches). */
export async function loadRecords(ctx: DomainContext, rows: readonly Content[]): Promise<PostRecord[]> {
  const site = await siteOf(ctx);
  // What a record shows needs its author too (the head's Person, `_embed`, GraphQL's author): asked
  // now, the authors travel with the terms and meta (one round trip on PostgreSQL, src/db/fast/pg-batch.ts).
  for (const authorId of new Set(rows.map((row) => row.authorId))) if (authorId > 0) userById(ctx).load(authorId).catch(() => undefined);
  return Promise.all(
    rows.map(async (row) => {
      const [terms, meta, revisions, ancestorSlugs] = await Promise.all([
        termsByContent(ctx).load(row.id),
        metaByContent(ctx).load(row.id),
        revisionStatsByParent(ctx).load(row.id),
        row.type === 'page' ? ancestorSlugsOf(ctx, row) : Promise.resolve([]),
      ]);
      const featuredMedia = Number.parseInt(meta.get(THUMBNAIL_KEY) ?? '0', 10) || 0;
      const media = featuredMedia > 0 && featuredMedia <= MAX_ID ? await contentById(ctx).load(featuredMedia) : null;
      return {
        row,
        type: postTypeDef(row.type as PostTypeName),
        terms,
        footnotes: meta.get(FOOTNOTES_KEY) ?? '',
        seo: seoFieldsFromMeta(meta),
        featuredMedia,
        featuredMediaVisible: mediaVisible(ctx, media),
        revisionCount: revisions.count,
        latestRevisionId: revisions.latestId,
        ancestorSlugs,
        link: permalink(site, row, ancestorSlugs, ctx.viewer),
      };
    }),
  );
}

export async function loadRecord(ctx: DomainContext, row: Content): Promise<PostRecord> {
  return (await loadRecords(ctx, [row]))[0];
}

/** get_permalink() of any record by id ('' when it does not exist). */
export async function permalinkOf(ctx: DomainContext, id: number): Promise<string> {
  const row = id > 0 && id <= MAX_ID ? await contentById(ctx).load(id) : null;
  if (!row) return '';
  const ancestors = row.type === 'page' ? await ancestorSlugsOf(ctx, row) : [];
  return permalink(await siteOf(ctx), row, ancestors, ctx.viewer);
}

export interface ReadOptions {
  context: string;
  /** The `password` query parameter (only the query string counts for the check, as in WordPress). */
  queryPassword?: string;
}

/** Why this viewer may not read the record (get_item_permissions_check), or null. */
export function readError(ctx: DomainContext, row: Content, options: ReadOptions): DomainError | null {
  const viewer = ctx.viewer;
  if (options.context === 'edit' && !canEditPost(viewer, row)) {
    return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit this post.', viewer);
  }
  if (options.queryPassword && options.queryPassword !== row.password) {
    return new DomainError('rest_post_incorrect_password', 'Incorrect post password.', 403);
  }
  if (!canReadPost(viewer, row)) return forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
  return null;
}

/** GET /{posts|pages}/{id}: the record, if this viewer may read it in this context. */
export async function getPost(ctx: DomainContext, type: PostTypeName, id: number, options: ReadOptions): Promise<PostRecord> {
  const row = await findPost(ctx, type, id);
  const denied = readError(ctx, row, options);
  if (denied) throw denied;
  return loadRecord(ctx, row);
}

export async function canGetPost(ctx: DomainContext, type: PostTypeName, id: number, options: ReadOptions): Promise<boolean> {
  try {
    const row = await findPost(ctx, type, id);
    return readError(ctx, row, options) === null;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * generated_slug (edit): the slug the title would give if the record were published now
 * (get_sample_permalink), made unique among the other records of its place.
 */
export async function generatedSlug(ctx: DomainContext, row: Content): Promise<string> {
  const base = sanitizeSlug(row.title) || String(row.id);
  const place = { type: row.type, parentId: row.parentId };
  const owner = await slugKeyOwner(ctx).load(keyFor(place, base));
  if ((owner === null || owner === row.id) && firstFreeSlug(place, base, new Set()) === base) return base;
  const siblings = await slugKeysWithPrefix(ctx).load(keyFor(place, base));
  return firstFreeSlug(place, base, new Set(siblings.filter((s) => s.id !== row.id).map((s) => s.slugKey)));
}
