/**
 * The media library's writes (WP_REST_Attachments_Controller): upload, update, delete and the
 * `create-image-subsizes` post-processing. Permission rules are WordPress's: uploading needs
 * upload_files (the attachment type's create_posts), attaching to a post needs the right to edit
 * it; updates and deletes need edit_post / delete_post on the attachment.
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import { canCreateType } from '../content/permissions';
import { sanitizeSlug, slugKeyFor } from '../content/slug';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { contentById } from '../posts/loaders';
import { canDeletePost, canEditPost } from '../posts/permissions';
import { findPost, siteOf } from '../posts/records';
import { uniqueSlug } from '../posts/slugs';
import { lockRow, withSlugRetry } from '../posts/write';
import { THUMBNAIL_KEY } from '../posts/loaders';
import { sanitizeTextField } from '../text';
import { siteOptionsOf } from '../settings/options';
import { attachmentStatus, checkedParent, filesOf, insertAttachment, removeKeys, storeFile, uploadDir, type MediaChanges } from './attachments';
import { checkFile, NOT_ALLOWED } from './file-types';
import { registeredSubsizes } from './image-sizes';
import { generateImageMetadata, type ImageMetadataArray } from './images';
import { ALT_KEY, ATTACHED_FILE_KEY, attachmentMetaByContent, METADATA_KEY } from './metadata';
import { mediaStorage } from './storage-config';
import { StorageUnavailable } from './storage';
import { noData, notStored, sanitizeFileName, tooBig, uploadRefused, type UploadSource } from './upload-source';
import { checkSeoChanges, emptySeoFields } from '../seo/meta-fields';
import { writeSeoFields } from '../seo/meta-write';

/** create_item_permissions_check(). */
export async function createPermissionError(ctx: DomainContext, changes: MediaChanges): Promise<DomainError | null> {
  if (!canCreateType(ctx.viewer, 'attachment')) return forbidden('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.', ctx.viewer);
  if (changes.author !== undefined && changes.author !== ctx.viewer.id && !ctx.viewer.can('edit_others_posts')) {
    return forbidden('rest_cannot_edit_others', 'Sorry, you are not allowed to create posts as this user.', ctx.viewer);
  }
  if (changes.post) {
    const parent = await contentById(ctx).load(changes.post);
    if (!parent || !canEditPost(ctx.viewer, parent)) return forbidden('rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.', ctx.viewer);
  }
  // SEO fields' advanced ones need an editor: refused before any file is stored.
  if (changes.seo) {
    try {
      checkSeoChanges(ctx.viewer, changes.seo, emptySeoFields());
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
  }
  return null;
}

export async function canCreateMediaItem(ctx: DomainContext, changes: MediaChanges): Promise<boolean> {
  return (await createPermissionError(ctx, changes)) === null;
}

/** The stored file's name without its extension (the title WordPress falls back to). */
const withoutExtension = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);

/** POST /media: the upload checked by its bytes, stored with its sub-sizes, and its attachment row. */
export async function createMediaItem(ctx: DomainContext, source: UploadSource | null, changes: MediaChanges): Promise<Content> {
  const denied = await createPermissionError(ctx, changes);
  if (denied) throw denied;
  const parent = await checkedParent(ctx, changes.post);
  if (!source || source.size === 0) {
    if (source?.via === 'form') throw uploadRefused(source, 'File is empty. Please upload something more substantial.');
    throw noData();
  }
  if (source.size > ctx.config.media.uploadMaxBytes) throw tooBig(ctx.config.media.uploadMaxBytes);
  const fileName = sanitizeFileName(source.fileName);
  const checked = fileName ? await checkFile(source.path, fileName) : null;
  if (!checked) throw uploadRefused(source, NOT_ALLOWED);
  const options = await siteOptionsOf(ctx);
  // An upload attached to a post goes into the post's month (not a page's), as media_handle_upload does.
  const at = parent && parent.type !== 'page' ? parent.date : new Date();
  let file;
  try {
    file = await storeFile(ctx, source.path, uploadDir(at, options.uploads_use_yearmonth_folders), checked.name, checked.mimeType);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof StorageUnavailable) throw notStored(source);
    // libvips could not read what the signature called an image.
    throw uploadRefused(source, 'The uploaded image could not be processed.');
  }
  const stored = file.key.slice(file.key.lastIndexOf('/') + 1);
  const named = source.via === 'form' ? sanitizeTextField(withoutExtension(source.fileName)) : '';
  return insertAttachment(ctx, { file, changes, fallbackTitle: named || withoutExtension(stored) });
}

/** The attachment row this viewer may edit, or WordPress's refusal. */
async function editableAttachment(ctx: DomainContext, id: number): Promise<Content> {
  const row = await findPost(ctx, 'attachment', id);
  if (!canEditPost(ctx.viewer, row)) throw forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', ctx.viewer);
  return row;
}

export async function canUpdateMediaItem(ctx: DomainContext, id: number): Promise<boolean> {
  try {
    await editableAttachment(ctx, id);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** POST /media/{id}: the attachment's own fields, its alt text and its SEO fields. */
export async function updateMediaItem(ctx: DomainContext, id: number, changes: MediaChanges): Promise<Content> {
  const current = await editableAttachment(ctx, id);
  if (changes.post) {
    await checkedParent(ctx, changes.post);
    const parent = await contentById(ctx).load(changes.post);
    if (!parent || !canEditPost(ctx.viewer, parent)) throw forbidden('rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.', ctx.viewer);
  }
  if (changes.author !== undefined && changes.author !== current.authorId && !ctx.viewer.can('edit_others_posts')) {
    throw forbidden('rest_cannot_edit_others', 'Sorry, you are not allowed to update posts as this user.', ctx.viewer);
  }
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  await withSlugRetry(() =>
    ctx.db.prisma.$transaction(async (tx) => {
      await lockRow(tx, id);
      const row = (await tx.content.findUnique({ where: { id } })) as Content;
      const parentId = changes.post ?? row.parentId;
      const status = attachmentStatus(changes.status, row.status);
      const title = changes.title ?? row.title;
      let slug = changes.slug !== undefined ? sanitizeSlug(changes.slug) : row.slug;
      if (slug === '') slug = sanitizeSlug(title) || String(row.id);
      slug = await uniqueSlug(tx, { type: 'attachment', parentId }, slug, id);
      await tx.content.update({
        where: { id },
        data: {
          title,
          excerpt: changes.caption ?? row.excerpt,
          content: changes.description ?? row.content,
          parentId,
          status,
          slug,
          slugKey: slugKeyFor({ type: 'attachment', parentId, slug, status }),
          date: changes.date ?? row.date,
          authorId: changes.author ?? row.authorId,
          commentStatus: changes.commentStatus ?? row.commentStatus,
          pingStatus: changes.pingStatus ?? row.pingStatus,
          template: changes.template ?? row.template,
          modified: now,
        },
      });
      if (changes.altText !== undefined) {
        await tx.contentMeta.deleteMany({ where: { contentId: id, key: ALT_KEY } });
        await tx.contentMeta.create({ data: { contentId: id, key: ALT_KEY, value: changes.altText } });
      }
      // Checked against the stored values (an advanced field sent unchanged is no change); a refusal undoes the whole write.
      await writeSeoFields(tx, ctx.viewer, id, changes.seo);
    }),
  );
  ctx.loaders.clear();
  return (await contentById(ctx).load(id)) as Content;
}

export async function canDeleteMediaItem(ctx: DomainContext, id: number): Promise<boolean> {
  try {
    const row = await findPost(ctx, 'attachment', id);
    return canDeletePost(ctx.viewer, row, (await siteOf(ctx)).options);
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * DELETE /media/{id}: attachments have no trash (MEDIA_TRASH is off), so without force the answer
 * is 501; with force the row, its meta, the featured-image references to it and every file go.
 * Returns the row as it was.
 */
export async function deleteMediaItem(ctx: DomainContext, id: number, force: boolean): Promise<Content> {
  const row = await findPost(ctx, 'attachment', id);
  if (!canDeletePost(ctx.viewer, row, (await siteOf(ctx)).options)) throw forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this post.', ctx.viewer);
  if (!force) throw new DomainError('rest_trash_not_supported', "The post does not support trashing. Set 'force=true' to delete.", 501);
  const meta = await attachmentMetaByContent(ctx).load(id);
  const files = filesOf(meta.get(ATTACHED_FILE_KEY) ?? null, parseJson(meta.get(METADATA_KEY)));
  await ctx.db.prisma.$transaction(async (tx) => {
    await lockRow(tx, id);
    await tx.contentMeta.deleteMany({ where: { key: THUMBNAIL_KEY, value: String(id) } });
    await tx.content.delete({ where: { id } });
  });
  // The files go once the row is gone: a failure here leaves files without a row, never the reverse.
  await removeKeys(mediaStorage(ctx.config), files);
  ctx.loaders.clear();
  return row;
}

function parseJson(value: string | undefined): ImageMetadataArray | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ImageMetadataArray) : null;
  } catch {
    return null;
  }
}

/** The stored `_wp_attachment_metadata` array of an attachment, or null. */
export async function rawMetadataOf(ctx: DomainContext, id: number): Promise<ImageMetadataArray | null> {
  return parseJson((await attachmentMetaByContent(ctx).load(id)).get(METADATA_KEY));
}

/** POST /media/{id}/post-process `create-image-subsizes`: wp_update_image_subsizes(). */
export async function postProcessMediaItem(ctx: DomainContext, id: number): Promise<Content> {
  const row = await editableAttachment(ctx, id);
  const meta = await attachmentMetaByContent(ctx).load(id);
  const file = meta.get(ATTACHED_FILE_KEY);
  if (!file || !row.mimeType.startsWith('image/')) return row;
  const storage = mediaStorage(ctx.config);
  const existing = parseJson(meta.get(METADATA_KEY));
  const sizes = registeredSubsizes(await siteOptionsOf(ctx));
  // Without metadata everything is made again (wp_create_image_subsizes); else only what is missing.
  const original = existing?.original_image ? `${file.slice(0, file.lastIndexOf('/') + 1)}${existing.original_image}` : file;
  const generated = await generateImageMetadata(storage, existing ? file : original, row.mimeType, sizes, existing ?? undefined);
  try {
    await ctx.db.prisma.$transaction(async (tx) => {
      await tx.contentMeta.deleteMany({ where: { contentId: id, key: METADATA_KEY } });
      await tx.contentMeta.create({ data: { contentId: id, key: METADATA_KEY, value: JSON.stringify(generated.metadata) } });
    });
  } catch (error) {
    await removeKeys(storage, generated.written);
    throw error;
  }
  ctx.loaders.clear();
  return row;
}

export { editableAttachment };
