/**
 * POST /media/{id}/edit (edit_media_item): the image's modifiers applied in order to the upright
 * original, saved as a new `-edited` file in this month's folder, and a NEW attachment made for
 * it with its own sub-sizes; the edited one is left as it was.
 */
import { PassThrough } from 'node:stream';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { siteOptionsOf } from '../settings/options';
import { checkedParent, insertAttachment, putUnique, removeKeys, uploadDir, type MediaChanges } from './attachments';
import { registeredSubsizes } from './image-sizes';
import { applyModifiers, EDITABLE_TYPES, generateImageMetadata, type Modifier } from './images';
import { ALT_KEY, ATTACHED_FILE_KEY, attachmentMetaByContent } from './metadata';
import { mediaStorage } from './storage-config';
import { canUpdateMediaItem, editableAttachment, rawMetadataOf } from './write';

export const EDIT_ROOT_KEY = '_wp_attachment_edit_root_id';

export interface EditRequest {
  src: string;
  /** The `modifiers` parameter, or the deprecated fields turned into modifiers (null: none given). */
  modifiers: Modifier[] | null;
  changes: MediaChanges;
}

const baseName = (path: string) => path.split(/[?#]/)[0].split('/').pop() ?? '';

/** The deprecated `flip`, `rotation` and `x`/`y`/`width`/`height` fields as modifiers. */
export function legacyModifiers(params: { flip?: { horizontal?: unknown; vertical?: unknown }; rotation?: number; x?: number; y?: number; width?: number; height?: number }): Modifier[] {
  const modifiers: Modifier[] = [];
  if (params.flip && (params.flip.horizontal !== undefined || params.flip.vertical !== undefined)) {
    modifiers.push({ type: 'flip', horizontal: Boolean(params.flip.horizontal), vertical: Boolean(params.flip.vertical) });
  }
  if (params.rotation) modifiers.push({ type: 'rotate', angle: params.rotation });
  if (params.x !== undefined && params.y !== undefined && params.width !== undefined && params.height !== undefined) {
    modifiers.push({ type: 'crop', left: params.x, top: params.y, width: params.width, height: params.height });
  }
  return modifiers;
}

export async function canEditMediaImage(ctx: DomainContext, id: number): Promise<boolean> {
  return ctx.viewer.can('upload_files') && canUpdateMediaItem(ctx, id);
}

export async function editMediaItem(ctx: DomainContext, id: number, request: EditRequest): Promise<Content> {
  if (!ctx.viewer.can('upload_files')) throw forbidden('rest_cannot_edit_image', 'Sorry, you are not allowed to upload media on this site.', ctx.viewer);
  const original = await editableAttachment(ctx, id);
  const meta = await attachmentMetaByContent(ctx).load(id);
  const attached = meta.get(ATTACHED_FILE_KEY);
  const metadata = await rawMetadataOf(ctx, id);
  // wp_image_file_matches_image_meta(): src must name one of the attachment's files.
  const src = baseName(request.src);
  const names = metadata ? [metadata.file, metadata.original_image, ...Object.values(metadata.sizes ?? {}).map((s) => s?.file)].filter(Boolean).map((f) => baseName(String(f))) : [];
  if (!metadata || !attached || !src || !names.includes(src)) throw new DomainError('rest_unknown_attachment', 'Unable to get meta information for file.', 404);
  if (!EDITABLE_TYPES.has(original.mimeType)) throw new DomainError('rest_cannot_edit_file_type', 'This type of file cannot be edited.', 400);
  const modifiers = request.modifiers ?? [];
  if (!modifiers.length) throw new DomainError('rest_image_not_edited', 'The image was not edited. Edit the image before applying the changes.', 400);
  await checkedParent(ctx, request.changes.post);

  const storage = mediaStorage(ctx.config);
  const dir = attached.includes('/') ? attached.slice(0, attached.lastIndexOf('/') + 1) : '';
  // wp_get_original_image_path(): the unscaled original when there is one.
  const sourceKey = metadata.original_image ? dir + metadata.original_image : attached;
  const copy = await storage.localPath(sourceKey);
  let edited;
  try {
    edited = await applyModifiers(copy.path, original.mimeType, modifiers);
  } catch {
    throw new DomainError('rest_unknown_image_file_type', 'Unable to edit this image.', 500);
  } finally {
    await copy.release();
  }
  const sourceName = baseName(sourceKey);
  const dot = sourceName.lastIndexOf('.');
  const ext = dot > 0 ? sourceName.slice(dot) : '';
  let name = dot > 0 ? sourceName.slice(0, dot) : sourceName;
  name = /-edited(-\d+)?$/.test(name) ? name.replace(/-edited(-\d+)?$/, '-edited') : `${name}-edited`;
  const options = await siteOptionsOf(ctx);
  const image = edited;
  const { key } = await putUnique(storage, uploadDir(new Date(), options.uploads_use_yearmonth_folders), `${name}${ext}`, original.mimeType, () => image.pipe(new PassThrough()));
  const written = [key];
  try {
    const generated = await generateImageMetadata(storage, key, original.mimeType, registeredSubsizes(options));
    written.push(...generated.written);
    const newMeta = generated.metadata;
    // The EXIF facts of the original are kept where the edited file has none; it is upright now.
    for (const [k, v] of Object.entries(metadata.image_meta ?? {})) {
      const current = newMeta.image_meta[k];
      if ((current === undefined || current === '' || current === '0' || (Array.isArray(current) && !current.length)) && v && v !== '0') newMeta.image_meta[k] = v;
    }
    if (newMeta.image_meta.orientation && newMeta.image_meta.orientation !== '0') newMeta.image_meta.orientation = 1;
    newMeta.parent_image = { attachment_id: id, file: sourceKey };
    const root = Number(meta.get(EDIT_ROOT_KEY)) || id;
    const changes: MediaChanges = { ...request.changes };
    if (changes.title === undefined) changes.title = original.title;
    if (changes.caption === undefined) changes.caption = original.excerpt;
    if (changes.description === undefined) changes.description = original.content;
    return await insertAttachment(ctx, {
      file: { key, mimeType: original.mimeType, metadata: newMeta, written },
      changes,
      fallbackTitle: name,
      fallbackAlt: meta.get(ALT_KEY) ?? '',
      extraMeta: { [EDIT_ROOT_KEY]: String(root) },
    });
  } catch (error) {
    await removeKeys(storage, written);
    throw error;
  }
}
