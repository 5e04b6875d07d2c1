/**
 * Autosaves (WP_REST_Autosaves_Controller): the author's own draft is updated in place; anybody
 * else's autosave is one revision per user (`{id}-autosave-v1`), overwritten on each autosave.
 */
import { createHash } from 'node:crypto';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { FOOTNOTES_KEY, revisionsByParent } from './loaders';
import { invalidPostId, siteOf } from './records';
import { assertCanReadRevisions, autosaveSlug, findRevisionParent, insertRevision, isAutosave, normalizeWhitespace, REVISION_FIELDS } from './revisions';
import { nowToTheSecond } from './status';
import type { PostChanges, PostTypeName } from './types';
import { assertCanUpdate, lockRow, withSlugRetry, writeUpdate } from './write';
import { filterPostText } from './kses';

export interface AutosaveResult {
  /** The autosave revision, or the post itself when its own draft was updated in place. */
  row: Content;
  /** True when `row` is the post (an in-place draft update). */
  inPlace: boolean;
}

/** The revision fields the request carries (only those go into the autosave). */
function revisionValues(ctx: DomainContext, changes: PostChanges): Partial<Record<(typeof REVISION_FIELDS)[number], string>> {
  const values: Partial<Record<(typeof REVISION_FIELDS)[number], string>> = {};
  for (const field of REVISION_FIELDS) {
    const value = changes[field];
    if (value !== undefined) values[field] = filterPostText(ctx.viewer, value);
  }
  return values;
}

/**
 * create_post_autosave(): compares the sent fields (and footnotes) with the post; an unchanged
 * autosave that already exists is returned as is, otherwise this user's autosave is created or
 * overwritten. The post itself is not touched.
 */
async function saveAutosaveRevision(ctx: DomainContext, post: Content, changes: PostChanges): Promise<Content> {
  const site = await siteOf(ctx);
  const values = revisionValues(ctx, changes);
  return withSlugRetry(() =>
    ctx.db.prisma.$transaction(async (tx) => {
      await lockRow(tx, post.id);
      const current = await tx.content.findUniqueOrThrow({ where: { id: post.id } });
      let different = REVISION_FIELDS.some((field) => values[field] !== undefined && normalizeWhitespace(values[field] as string) !== normalizeWhitespace(current[field]));
      if (!different && changes.footnotes !== undefined) {
        const stored = await tx.contentMeta.findFirst({ where: { contentId: post.id, key: FOOTNOTES_KEY } });
        different = stored?.value !== changes.footnotes;
      }
      const mine = await tx.content.findFirst({
        where: { parentId: post.id, type: 'revision', status: 'inherit', slug: autosaveSlug(post.id), authorId: ctx.viewer.id },
        orderBy: [{ date: 'desc' }, { id: 'desc' }],
      });
      if (!different && mine) return mine;
      const now = nowToTheSecond();
      if (!mine) {
        return insertRevision(tx, site.url, post, values, { authorId: ctx.viewer.id, slug: autosaveSlug(post.id), date: now, footnotes: changes.footnotes ?? null });
      }
      if (changes.footnotes !== undefined) {
        await tx.contentMeta.deleteMany({ where: { contentId: mine.id, key: FOOTNOTES_KEY } });
        await tx.contentMeta.create({ data: { contentId: mine.id, key: FOOTNOTES_KEY, value: changes.footnotes } });
      }
      return tx.content.update({ where: { id: mine.id }, data: { ...values, date: now, modified: now } });
    }),
  );
}

/**
 * POST /{posts|pages}/{id}/autosaves: always answered with 200. Needs the update permission of
 * the post; the same refusals as an update apply (publishing without the right…).
 */
export async function createAutosave(ctx: DomainContext, type: PostTypeName, id: number, changes: PostChanges): Promise<AutosaveResult> {
  if (!id) throw new DomainError('rest_post_invalid_id', 'Invalid item ID.', 404);
  const post = await assertCanUpdate(ctx, type, id, changes);
  const ownDraft = (post.status === 'draft' || post.status === 'auto-draft') && post.authorId === ctx.viewer.id;
  if (ownDraft) {
    const site = await siteOf(ctx);
    const row = await withSlugRetry(() => ctx.db.prisma.$transaction((tx) => writeUpdate(tx, ctx, site, type, id, changes, { autosave: true })));
    ctx.loaders.clear();
    return { row, inPlace: true };
  }
  const row = await saveAutosaveRevision(ctx, post, changes);
  ctx.loaders.clear();
  return { row, inPlace: false };
}

/** GET /{posts|pages}/{id}/autosaves: the autosave revisions of the post, newest first. */
export async function listAutosaves(ctx: DomainContext, type: PostTypeName, id: number): Promise<Content[]> {
  const parent = await findRevisionParent(ctx, type, id);
  await assertCanReadRevisions(ctx, type, id, 'autosaves');
  // Newest first; the revisions of a whole page of records are read at once.
  const revisions = await revisionsByParent(ctx).load(parent.id);
  return revisions.filter(isAutosave);
}

/**
 * GET /{posts|pages}/{parent}/autosaves/{id}: the latest autosave of the parent, whoever made it
 * (the `{id}` of the path is not looked at, as in WordPress).
 */
export async function getAutosave(ctx: DomainContext, type: PostTypeName, parentId: number): Promise<Content> {
  await assertCanReadRevisions(ctx, type, parentId);
  if (parentId <= 0) throw invalidPostId();
  const autosave = await ctx.db.read.content.findFirst({
    where: { parentId, type: 'revision', status: 'inherit', slug: autosaveSlug(parentId) },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
  });
  if (!autosave) throw new DomainError('rest_post_no_autosave', 'There is no autosave revision for this post.', 404);
  return autosave;
}

/** A stand-in for wp_create_nonce( 'post_preview_{id}' ): stable per user and post, 10 hex digits. */
function previewNonce(ctx: DomainContext, postId: number): string {
  return createHash('sha256').update(`post_preview_${postId}:${ctx.viewer.id}`).digest('hex').slice(0, 10);
}

function withQuery(url: string, query: string): string {
  return url + (url.includes('?') ? '&' : '?') + query;
}

/**
 * preview_link (edit): get_preview_post_link() — the parent's permalink with preview_id,
 * preview_nonce and preview=true for an autosave revision; `{link}&preview=true` for a draft.
 */
export function previewLink(ctx: DomainContext, row: Content, parentLink: string): string {
  if (row.type === 'revision' && isAutosave(row)) {
    return withQuery(parentLink, `preview_id=${row.parentId}&preview_nonce=${previewNonce(ctx, row.parentId)}&preview=true`);
  }
  return withQuery(parentLink, 'preview=true');
}
