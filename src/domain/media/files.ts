/**
 * An attachment's addresses and image sources as WordPress computes them: wp_get_attachment_url()
 * (the uploads address of `_wp_attached_file`, else the GUID), image_downsize() for a named size
 * (falling back to the full image when the size was not made), wp_calculate_image_srcset() and
 * wp_calculate_image_sizes().
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import type { AttachmentFacts, AttachmentSize } from './metadata';

/** Where uploads are served from, under the site address (wp_upload_dir()'s baseurl). */
export const UPLOADS_PATH = '/wp-content/uploads';

/** max_srcset_image_width: wider sources are left out of srcset. */
const MAX_SRCSET_WIDTH = 2048;

const IMAGE_EXTENSIONS = /\.(jpe?g|jpe|gif|png|webp|avif|heic|bmp|ico|tiff?)$/i;

export function uploadsBaseUrl(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '') + UPLOADS_PATH;
}

/** wp_get_attachment_url(). */
export function attachmentUrl(siteUrl: string, row: Pick<Content, 'guid'>, facts: AttachmentFacts): string {
  const file = facts.attachedFile;
  if (!file) return row.guid;
  if (/^https?:\/\//i.test(file)) return file;
  return `${uploadsBaseUrl(siteUrl)}/${file.replace(/^\/+/, '')}`;
}

/** wp_attachment_is_image(): an image MIME type, or an image file extension. */
export function isImage(row: Pick<Content, 'mimeType' | 'guid'>, facts: AttachmentFacts): boolean {
  if (row.mimeType.startsWith('image/')) return true;
  return IMAGE_EXTENSIONS.test(facts.attachedFile ?? row.guid);
}

export interface ImageSource {
  url: string;
  width: number;
  height: number;
  /** The size's file name, the full file's when the size does not exist. */
  file: string;
  mimeType: string | null;
  filesize: number | null;
  /** The intermediate size the source is, null for the full image. */
  size: string | null;
}

const dirOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The full image (image_downsize( $id, 'full' )). */
export function fullSource(siteUrl: string, row: Content, facts: AttachmentFacts): ImageSource {
  const url = attachmentUrl(siteUrl, row, facts);
  const m = facts.metadata;
  return { url, width: m?.width ?? 0, height: m?.height ?? 0, file: baseName(m?.file ?? facts.attachedFile ?? url), mimeType: row.mimeType || null, filesize: m?.filesize ?? null, size: null };
}

/** The source of one named size of an attachment: the made size, else the full file. */
export function sourceOf(siteUrl: string, row: Content, facts: AttachmentFacts, size: string | null): ImageSource {
  const full = fullSource(siteUrl, row, facts);
  const made = size && size !== 'full' ? facts.metadata?.sizes.find((s) => s.name === size) : undefined;
  return made ? sizeSource(full.url, made) : full;
}

/** A made size's source: its file sits next to the full file. */
export function sizeSource(fullUrl: string, size: AttachmentSize): ImageSource {
  return { url: dirOf(fullUrl) + size.file, width: size.width, height: size.height, file: size.file, mimeType: size.mimeType, filesize: size.filesize, size: size.name };
}

/** wp_constrain_dimensions() to a width. */
function constrained(width: number, height: number, maxWidth: number): [number, number] {
  if (!width || !height || width <= maxWidth) return [width, height];
  const ratio = maxWidth / width;
  return [Math.max(1, Math.round(width * ratio)), Math.max(1, Math.round(height * ratio))];
}

/** wp_image_matches_ratio(). */
function matchesRatio(w1: number, h1: number, w2: number, h2: number): boolean {
  const [cw, ch] = w1 > w2 ? constrained(w1, h1, w2) : constrained(w2, h2, w1);
  const [ew, eh] = w1 > w2 ? [w2, h2] : [w1, h1];
  return Math.abs(cw - ew) <= 1 && Math.abs(ch - eh) <= 1;
}

/**
 * wp_calculate_image_srcset() for the image shown at `size`: every made size (and the full image)
 * of the same aspect ratio up to 2048 pixels wide, one per width; null when fewer than two.
 */
export function srcSetOf(siteUrl: string, row: Content, facts: AttachmentFacts, size: string | null): string | null {
  const m = facts.metadata;
  if (!m || !isImage(row, facts)) return null;
  const shown = sourceOf(siteUrl, row, facts, size);
  if (!shown.width || !shown.height) return null;
  const full = fullSource(siteUrl, row, facts);
  const candidates = [...m.sizes.map((s) => sizeSource(full.url, s)), full];
  const byWidth = new Map<number, string>();
  // The image shown is always one of the sources.
  byWidth.set(shown.width, shown.url);
  for (const c of candidates) {
    if (!c.width || !c.height || c.width > MAX_SRCSET_WIDTH || byWidth.has(c.width)) continue;
    if (!matchesRatio(shown.width, shown.height, c.width, c.height)) continue;
    byWidth.set(c.width, c.url);
  }
  if (byWidth.size < 2) return null;
  return [...byWidth].map(([width, url]) => `${url} ${width}w`).join(', ');
}

/** wp_calculate_image_sizes() for the image shown at `size`. */
export function sizesOf(siteUrl: string, row: Content, facts: AttachmentFacts, size: string | null): string | null {
  if (!isImage(row, facts)) return null;
  const { width } = sourceOf(siteUrl, row, facts, size);
  return width ? `(max-width: ${width}px) 100vw, ${width}px` : null;
}

/** The site-relative path of an address (wp_make_link_relative()). */
export function relativePath(url: string): string {
  return url.replace(/^(https?:)?\/\/[^/]+/i, '');
}
