/**
 * What WordPress keeps about an attachment's file in post meta: `_wp_attached_file` (the path
 * under the uploads directory), `_wp_attachment_metadata` (wp_generate_attachment_metadata(): the
 * full image's size and file, the intermediate sizes, the EXIF/IPTC `image_meta`) and
 * `_wp_attachment_image_alt`. The metadata is stored as JSON of WordPress's array, with its keys
 * as WordPress names them (`mime-type`, `image_meta`, `created_timestamp`...), so the media
 * uploads write it once and every face reads it the same way.
 */
import DataLoader from 'dataloader';
import { defineLoader, groupByKeys } from '../loaders';

export const ATTACHED_FILE_KEY = '_wp_attached_file';
export const METADATA_KEY = '_wp_attachment_metadata';
export const ALT_KEY = '_wp_attachment_image_alt';
/** The user who last edited a record (WPGraphQL's lastEditedBy). */
export const DESIRED_SLUG_KEY = '_wp_desired_post_slug';

const KEYS = [ATTACHED_FILE_KEY, METADATA_KEY, ALT_KEY, DESIRED_SLUG_KEY, '_wp_attachment_edit_root_id'];

export interface AttachmentSize {
  name: string;
  file: string;
  width: number;
  height: number;
  mimeType: string | null;
  filesize: number | null;
}

export interface ImageMeta {
  aperture: number | null;
  credit: string | null;
  camera: string | null;
  caption: string | null;
  createdTimestamp: number | null;
  copyright: string | null;
  focalLength: number | null;
  iso: number | null;
  shutterSpeed: number | null;
  title: string | null;
  orientation: string | null;
  keywords: string[];
}

export interface AttachmentMetadata {
  width: number | null;
  height: number | null;
  /** Path of the full file under the uploads directory (`2024/05/photo.jpg`). */
  file: string | null;
  filesize: number | null;
  /** Intermediate sizes in the order WordPress made them. */
  sizes: AttachmentSize[];
  imageMeta: ImageMeta | null;
}

/** The file facts of one attachment (single values, as get_post_meta( ..., true )). */
export interface AttachmentFacts {
  attachedFile: string | null;
  metadata: AttachmentMetadata | null;
  alt: string;
  desiredSlug: string | null;
}

/** The attachment meta of each record, in batches. */
export const attachmentMetaByContent = defineLoader('media.attachmentMeta', (db) =>
  new DataLoader<number, Map<string, string>>(async (ids) => {
    const rows = await db.read.contentMeta.findMany({ where: { contentId: { in: [...ids] }, key: { in: KEYS } }, orderBy: { id: 'asc' } });
    return groupByKeys(ids, rows, (r) => r.contentId).map((list) => {
      const map = new Map<string, string>();
      for (const row of list) if (!map.has(row.key)) map.set(row.key, row.value);
      return map;
    });
  }),
);

const num = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};
const int = (value: unknown): number | null => {
  const n = num(value);
  return n === null ? null : Math.trunc(n);
};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

function imageMetaOf(value: unknown): ImageMeta | null {
  const m = record(value);
  if (!m) return null;
  return {
    aperture: num(m.aperture),
    credit: text(m.credit),
    camera: text(m.camera),
    caption: text(m.caption),
    createdTimestamp: int(m.created_timestamp),
    copyright: text(m.copyright),
    focalLength: num(m.focal_length),
    iso: int(m.iso),
    shutterSpeed: num(m.shutter_speed),
    title: text(m.title),
    orientation: text(m.orientation),
    keywords: Array.isArray(m.keywords) ? m.keywords.map(String) : [],
  };
}

/** The stored `_wp_attachment_metadata`, or null when there is none (or it is not an array). */
export function parseAttachmentMetadata(stored: string | undefined): AttachmentMetadata | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  const m = record(value);
  if (!m) return null;
  const sizes = Object.entries(record(m.sizes) ?? {}).flatMap(([name, raw]): AttachmentSize[] => {
    const s = record(raw);
    const file = s ? text(s.file) : null;
    if (!s || !file) return [];
    return [{ name, file, width: int(s.width) ?? 0, height: int(s.height) ?? 0, mimeType: text(s['mime-type']), filesize: int(s.filesize) }];
  });
  return { width: int(m.width), height: int(m.height), file: text(m.file), filesize: int(m.filesize), sizes, imageMeta: imageMetaOf(m.image_meta) };
}

export function factsOf(meta: Map<string, string>): AttachmentFacts {
  return {
    attachedFile: meta.get(ATTACHED_FILE_KEY) || null,
    metadata: parseAttachmentMetadata(meta.get(METADATA_KEY)),
    alt: meta.get(ALT_KEY) ?? '',
    desiredSlug: meta.get(DESIRED_SLUG_KEY) || null,
  };
}

export async function attachmentFacts(holder: Parameters<typeof attachmentMetaByContent>[0], id: number): Promise<AttachmentFacts> {
  return factsOf(await attachmentMetaByContent(holder).load(id));
}
