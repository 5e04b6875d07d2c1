/**
 * Reading media items (attachment rows): who may see one, and finding one by slug, file address or
 * path. An attachment's `inherit` status follows its parent: visible when the post it is attached
 * to is (or when it is attached to nothing), as WordPress's read_post for attachments.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { canReadContent } from '../content/permissions';
import { sanitizeSlug } from '../content/slug';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { contentById } from '../posts/loaders';
import { uploadsBaseUrl } from './files';
import { ATTACHED_FILE_KEY } from './metadata';

const MAX_ID = 2147483647;

function invalid(): DomainError {
  return new DomainError('rest_post_invalid_id', 'Invalid post ID.', 404);
}

/** Whether the viewer may see an attachment row. */
export async function canSeeAttachment(ctx: DomainContext, row: Content): Promise<boolean> {
  if (row.type !== 'attachment') return false;
  if (row.status !== 'inherit') return canReadContent(ctx.viewer, row);
  if (row.parentId <= 0) return true;
  const parent = await contentById(ctx).load(row.parentId);
  // An attachment whose parent is gone is attached to nothing.
  return !parent || parent.status === 'inherit' || parent.status === 'publish' || canReadContent(ctx.viewer, parent);
}

/** A media item the viewer may see, or 404. */
export async function getMediaItem(ctx: DomainContext, id: number): Promise<Content> {
  const row = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await contentById(ctx).load(id) : null;
  if (!row || !(await canSeeAttachment(ctx, row))) throw invalid();
  return row;
}

/** The attachment with this slug (post_name), or null. */
export async function mediaItemIdBySlug(ctx: DomainContext, slug: string): Promise<number | null> {
  const row = await ctx.db.read.content.findFirst({ where: { type: 'attachment', slug: sanitizeSlug(slug) }, orderBy: { id: 'asc' }, select: { id: true } });
  return row?.id ?? null;
}

/** attachment_url_to_postid(): the attachment whose file is at this address (under the uploads address). */
export async function mediaItemIdByUrl(ctx: DomainContext, url: string): Promise<number | null> {
  const base = `${uploadsBaseUrl(ctx.config.siteUrl)}/`;
  const path = url.split(/[?#]/)[0];
  const relative = path.startsWith(base) ? path.slice(base.length) : path.replace(/^(https?:)?\/\/[^/]+/i, '').replace(/^\/wp-content\/uploads\//, '');
  if (!relative) return null;
  const metas = await ctx.db.read.contentMeta.findMany({ where: { key: ATTACHED_FILE_KEY, value: relative }, orderBy: { contentId: 'asc' }, select: { contentId: true } });
  for (const { contentId } of metas) {
    const row = await contentById(ctx).load(contentId);
    if (row?.type === 'attachment') return row.id;
  }
  return null;
}

/** A media item's URI: its file's path on this site (attachment pages are off), else its slug. */
export async function mediaItemIdByUri(ctx: DomainContext, uri: string): Promise<number | null> {
  const byFile = await mediaItemIdByUrl(ctx, uri.startsWith('/') ? `${ctx.config.siteUrl}${uri}` : uri);
  if (byFile !== null) return byFile;
  const slug = uri.replace(/\/+$/, '').split('/').pop() ?? '';
  return slug ? mediaItemIdBySlug(ctx, slug) : null;
}
