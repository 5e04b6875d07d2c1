/**
 * Creating attachments from uploaded or edited files (wp_insert_attachment plus
 * wp_generate_attachment_metadata): the file checked by its bytes, stored under YYYY/MM with a
 * unique name, its sub-sizes made, then the row and its meta written in one transaction. If
 * anything fails after the first file was stored, every file written is removed again: a failed
 * upload leaves no file and no row.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import { slugKeyFor, sanitizeSlug } from '../content/slug';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { contentById } from '../posts/loaders';
import { uniqueSlug } from '../posts/slugs';
import { withSlugRetry } from '../posts/write';
import { siteOptionsOf } from '../settings/options';
import { uploadsBaseUrl } from './files';
import { registeredSubsizes } from './image-sizes';
import { generateImageMetadata, type ImageMetadataArray } from './images';
import { ALT_KEY, ATTACHED_FILE_KEY, METADATA_KEY } from './metadata';
import type { SeoFieldChanges } from '../seo/meta-fields';
import { writeSeoFields } from '../seo/meta-write';
import { mediaStorage } from './storage-config';
import { StorageKeyExists, type MediaStorage } from './storage';

type Tx = Prisma.TransactionClient;

/** The fields of an attachment a request may set (WordPress's names mapped to ours). */
export interface MediaChanges {
  title?: string;
  caption?: string;
  description?: string;
  altText?: string;
  /** post_parent (the `post` field). */
  post?: number;
  status?: string;
  slug?: string;
  date?: Date;
  author?: number;
  commentStatus?: string;
  pingStatus?: string;
  template?: string;
  /** Yoast's SEO fields (`_yoast_wpseo_*` post meta, as on posts), already checked by the contract. */
  seo?: SeoFieldChanges;
}

/** wp_insert_attachment(): only inherit and private (trash, auto-draft) are kept; anything else is inherit. */
export function attachmentStatus(requested: string | undefined, current = 'inherit'): string {
  if (requested === undefined) return current;
  return ['inherit', 'private'].includes(requested) ? requested : 'inherit';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** wp_upload_dir( $time )'s subdir: `YYYY/MM/` (UTC), or the root when year/month folders are off. */
export function uploadDir(at: Date, yearMonth: boolean): string {
  return yearMonth ? `${at.getUTCFullYear()}/${pad(at.getUTCMonth() + 1)}/` : '';
}

const MAX_NAME_ATTEMPTS = 1000;

/**
 * Stores a file under a name unique in its directory (wp_unique_filename: `name-1.ext`,
 * `name-2.ext`...), taking the first free one atomically. Returns the key.
 */
export async function putUnique(storage: MediaStorage, dir: string, fileName: string, mimeType: string, open: () => Readable): Promise<{ key: string; size: number }> {
  const dot = fileName.lastIndexOf('.');
  const [name, ext] = dot <= 0 ? [fileName, ''] : [fileName.slice(0, dot), fileName.slice(dot)];
  for (let n = 0; n < MAX_NAME_ATTEMPTS; n++) {
    const key = `${dir}${n === 0 ? name : `${name}-${n}`}${ext}`;
    if (await storage.head(key)) continue;
    try {
      const stored = await storage.put(key, open(), { contentType: mimeType });
      return { key, size: stored.size };
    } catch (error) {
      if (!(error instanceof StorageKeyExists)) throw error;
    }
  }
  throw new DomainError('rest_upload_sideload_error', 'Could not find a free file name.', 500);
}

export interface StoredFile {
  key: string;
  mimeType: string;
  metadata: Record<string, unknown>;
  /** Every key written for it (the file and its derived sizes). */
  written: string[];
}

/** Puts a checked file into the storage and makes its metadata (the sub-sizes of an image). */
export async function storeFile(ctx: DomainContext, localPath: string, dir: string, fileName: string, mimeType: string): Promise<StoredFile> {
  const storage = mediaStorage(ctx.config);
  const { key, size } = await putUnique(storage, dir, fileName, mimeType, () => createReadStream(localPath));
  const written = [key];
  try {
    if (!mimeType.startsWith('image/')) return { key, mimeType, metadata: { filesize: size }, written };
    const sizes = registeredSubsizes(await siteOptionsOf(ctx));
    const generated = await generateImageMetadata(storage, key, mimeType, sizes);
    written.push(...generated.written);
    // A -scaled or -rotated copy becomes the attachment's file (_wp_attached_file follows the metadata).
    return { key: generated.metadata.file, mimeType, metadata: generated.metadata, written };
  } catch (error) {
    await removeKeys(storage, written);
    throw error;
  }
}

export async function removeKeys(storage: MediaStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/** Every file of an attachment: the attached file, the original it was scaled from, and its sizes. */
export function filesOf(attachedFile: string | null, metadata: ImageMetadataArray | Record<string, unknown> | null): string[] {
  const keys = new Set<string>();
  if (attachedFile && !/^https?:/i.test(attachedFile)) keys.add(attachedFile);
  const dir = attachedFile?.includes('/') ? attachedFile.slice(0, attachedFile.lastIndexOf('/') + 1) : '';
  const m = metadata as Partial<ImageMetadataArray> | null;
  if (m) {
    if (typeof m.file === 'string') keys.add(m.file);
    if (typeof m.original_image === 'string') keys.add(dir + m.original_image);
    for (const size of Object.values(m.sizes ?? {})) if (size && typeof size.file === 'string') keys.add(dir + size.file);
  }
  return [...keys];
}

export interface NewAttachment {
  file: StoredFile;
  changes: MediaChanges;
  /** The title when the request gives none. */
  fallbackTitle: string;
  /** Alt text copied from elsewhere (the edited image) when the request gives none. */
  fallbackAlt?: string;
  /** Extra meta rows (the edit's `_wp_attachment_edit_root_id`...). */
  extraMeta?: Record<string, string>;
}

/** The attachment row and its meta, in one transaction; the files are removed if it fails. */
export async function insertAttachment(ctx: DomainContext, input: NewAttachment): Promise<Content> {
  const { file, changes } = input;
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const url = `${uploadsBaseUrl(ctx.config.siteUrl)}/${file.key}`;
  const title = changes.title !== undefined && changes.title !== '' ? changes.title : input.fallbackTitle;
  const status = attachmentStatus(changes.status);
  const parentId = changes.post ?? 0;
  const alt = changes.altText ?? input.fallbackAlt ?? '';
  try {
    const row = await withSlugRetry(() =>
      ctx.db.prisma.$transaction(async (tx: Tx) => {
        const place = { type: 'attachment', parentId };
        const slug = await uniqueSlug(tx, place, sanitizeSlug(changes.slug || title) || 'attachment', null);
        const created = await tx.content.create({
          data: {
            type: 'attachment',
            status,
            authorId: changes.author ?? ctx.viewer.id,
            parentId,
            slug,
            slugKey: slugKeyFor({ type: 'attachment', parentId, slug, status }),
            title,
            content: changes.description ?? '',
            excerpt: changes.caption ?? '',
            date: changes.date ?? now,
            modified: now,
            commentStatus: changes.commentStatus ?? 'open',
            pingStatus: changes.pingStatus ?? 'closed',
            template: changes.template ?? '',
            guid: url,
            mimeType: file.mimeType,
          },
        });
        const meta = [
          { contentId: created.id, key: ATTACHED_FILE_KEY, value: file.key },
          { contentId: created.id, key: METADATA_KEY, value: JSON.stringify(file.metadata) },
        ];
        if (alt.trim()) meta.push({ contentId: created.id, key: ALT_KEY, value: alt });
        for (const [key, value] of Object.entries(input.extraMeta ?? {})) meta.push({ contentId: created.id, key, value });
        await tx.contentMeta.createMany({ data: meta });
        // The advanced fields' permission is checked again here: refused, nothing is kept.
        await writeSeoFields(tx, ctx.viewer, created.id, changes.seo);
        return created;
      }),
    );
    ctx.loaders.clear();
    return row;
  } catch (error) {
    await removeKeys(mediaStorage(ctx.config), file.written);
    throw error;
  }
}

/** The parent a request names, checked as create_item/update_item do. */
export async function checkedParent(ctx: DomainContext, post: number | undefined): Promise<Content | null> {
  if (!post) return null;
  const parent = await contentById(ctx).load(post);
  if (parent && (parent.type === 'revision' || parent.type === 'attachment')) throw new DomainError('rest_invalid_param', 'Invalid parent type.', 400);
  return parent;
}
