/**
 * Image processing with sharp (libvips): wp_create_image_subsizes() — the EXIF orientation
 * applied, a `-scaled` copy of an original above the big-image threshold (or a `-rotated` one of
 * an original that only needed turning upright), every registered sub-size missing from the
 * metadata — and the editor's operations (flip, rotate by any angle, crop in percentages).
 *
 * Every file is written through the media storage as a stream; the source is read from a local
 * copy (the file itself for local storage).
 */
import sharp, { type Sharp } from 'sharp';
import { BIG_IMAGE_THRESHOLD, resizeDimensions, type ImageSubsize } from './image-sizes';
import { StorageKeyExists, type MediaStorage } from './storage';

/** WordPress's default JPEG/WebP quality (wp_editor_set_quality). */
const QUALITY = 82;

/** The types the editor can read and write (wp_image_editor_supports for our editor). */
export const EDITABLE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/** One sub-size in `_wp_attachment_metadata` (WordPress's key names). */
export interface StoredSize {
  file: string;
  width: number;
  height: number;
  'mime-type': string;
  filesize: number;
}

/** `_wp_attachment_metadata` as WordPress writes it for an image. */
export interface ImageMetadataArray {
  width: number;
  height: number;
  file: string;
  filesize: number;
  sizes: Record<string, StoredSize>;
  image_meta: Record<string, unknown>;
  original_image?: string;
  parent_image?: { attachment_id: number; file: string };
  [key: string]: unknown;
}

const dirOf = (key: string) => (key.includes('/') ? key.slice(0, key.lastIndexOf('/') + 1) : '');
const baseOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const splitName = (name: string): [string, string] => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot)];
};

/** Encodes in the attachment's own format. */
function encode(image: Sharp, mimeType: string): Sharp {
  switch (mimeType) {
    case 'image/jpeg':
      return image.jpeg({ quality: QUALITY });
    case 'image/png':
      return image.png();
    case 'image/gif':
      return image.gif();
    case 'image/webp':
      return image.webp({ quality: QUALITY });
    case 'image/avif':
      return image.avif();
    default:
      throw new Error(`cannot encode ${mimeType}`);
  }
}

/** wp_read_image_metadata()'s defaults, with the orientation the file declares. */
function imageMetaOf(orientation: number | undefined): Record<string, unknown> {
  return {
    aperture: '0', credit: '', camera: '', caption: '', created_timestamp: '0', copyright: '',
    focal_length: '0', iso: '0', shutter_speed: '0', title: '', orientation: String(orientation ?? 0), keywords: [],
  };
}

/**
 * Writes one derived file; null when its name is already taken by another file. `reuse`: the
 * attachment's own sizes are being made again (post-processing), so a file of that name is its own.
 */
async function writeDerived(storage: MediaStorage, key: string, image: Sharp, mimeType: string, written: string[], reuse = false): Promise<number | null> {
  try {
    const stored = await storage.put(key, encode(image, mimeType), { contentType: mimeType });
    written.push(key);
    return stored.size;
  } catch (error) {
    if (!(error instanceof StorageKeyExists)) throw error;
    return reuse ? ((await storage.head(key))?.size ?? null) : null;
  }
}

export interface GeneratedMetadata {
  metadata: ImageMetadataArray;
  /** Keys of the files written (removed again if the upload fails later). */
  written: string[];
}

/** The upright size of an image (orientations 5–8 swap width and height). */
async function uprightSize(path: string): Promise<{ width: number; height: number; orientation: number | undefined }> {
  const info = await sharp(path).metadata();
  const swap = (info.orientation ?? 1) >= 5;
  const width = info.width ?? 0;
  const height = info.height ?? 0;
  return { width: swap ? height : width, height: swap ? width : height, orientation: info.orientation };
}

/**
 * wp_generate_attachment_metadata() for an image stored under `key`: the full size, `-scaled`
 * or `-rotated` file when needed, and every size of `sizes` (those already in `existing` are kept).
 */
export async function generateImageMetadata(storage: MediaStorage, key: string, mimeType: string, sizes: readonly ImageSubsize[], existing?: ImageMetadataArray): Promise<GeneratedMetadata> {
  const written: string[] = [];
  const source = await storage.localPath(existing?.original_image ? dirOf(key) + existing.original_image : key);
  try {
    const { width, height, orientation } = await uprightSize(source.path);
    const stat = await storage.head(key);
    const metadata: ImageMetadataArray = existing ?? { width, height, file: key, filesize: stat?.size ?? 0, sizes: {}, image_meta: imageMetaOf(orientation) };
    if (!EDITABLE_TYPES.has(mimeType)) return { metadata, written };
    // Sizes are named after the original (not its -scaled copy), as WordPress names them.
    const [name, ext] = splitName(existing?.original_image ?? baseOf(key));
    if (!existing) {
      const big = width > BIG_IMAGE_THRESHOLD || height > BIG_IMAGE_THRESHOLD;
      const turned = (orientation ?? 1) > 1;
      if (big || turned) {
        // The original stays; the attachment's file becomes the upright (and scaled) copy.
        const derivedKey = `${dirOf(key)}${name}-${big ? 'scaled' : 'rotated'}${ext}`;
        let image = sharp(source.path).rotate();
        if (big) image = image.resize(BIG_IMAGE_THRESHOLD, BIG_IMAGE_THRESHOLD, { fit: 'inside' });
        const size = await writeDerived(storage, derivedKey, image, mimeType, written);
        if (size !== null) {
          const copy = await storage.localPath(derivedKey);
          const made = await sharp(copy.path).metadata().finally(() => copy.release());
          Object.assign(metadata, { width: made.width ?? width, height: made.height ?? height, file: derivedKey, filesize: size, original_image: baseOf(key) });
          if (turned) metadata.image_meta.orientation = '1';
        }
      }
    }
    // Sub-sizes are made from the original (upright), named after it.
    const made = new Map<string, StoredSize>();
    for (const size of sizes) {
      if (metadata.sizes[size.name]) continue;
      const plan = resizeDimensions(width, height, size.width, size.height, size.crop);
      if (!plan) continue;
      const file = `${name}-${plan.width}x${plan.height}${ext}`;
      let entry = made.get(file);
      if (!entry) {
        const image = sharp(source.path)
          .rotate()
          .extract({ left: plan.srcX, top: plan.srcY, width: plan.srcWidth, height: plan.srcHeight })
          .resize(plan.width, plan.height, { fit: 'fill' });
        const filesize = await writeDerived(storage, dirOf(key) + file, image, mimeType, written, existing !== undefined);
        if (filesize === null) continue;
        entry = { file, width: plan.width, height: plan.height, 'mime-type': mimeType, filesize };
        made.set(file, entry);
      }
      metadata.sizes[size.name] = { ...entry };
    }
    return { metadata, written };
  } catch (error) {
    await Promise.all(written.map((k) => storage.delete(k)));
    throw error;
  } finally {
    await source.release();
  }
}

/** The sizes of `sizes` an attachment should have but lacks (wp_get_missing_image_subsizes). */
export function missingSubsizes(metadata: ImageMetadataArray | null, sizes: readonly ImageSubsize[]): string[] {
  if (!metadata || !metadata.width || !metadata.height) return [];
  // Measured on the original when there is one, as WordPress does.
  const width = metadata.width;
  const height = metadata.height;
  return sizes.filter((size) => !metadata.sizes?.[size.name] && resizeDimensions(width, height, size.width, size.height, size.crop) !== null).map((s) => s.name);
}

export type Modifier =
  | { type: 'flip'; horizontal: boolean; vertical: boolean }
  | { type: 'rotate'; angle: number }
  | { type: 'crop'; left: number; top: number; width: number; height: number };

interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

async function toRaw(image: Sharp): Promise<RawImage> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

const fromRaw = (raw: RawImage): Sharp => sharp(raw.data, { raw: raw.info });

/**
 * The editor's modifiers applied in order to the upright image (each on the result of the one
 * before, as WP_Image_Editor does), then encoded in the source's format.
 */
export async function applyModifiers(path: string, mimeType: string, modifiers: readonly Modifier[]): Promise<Sharp> {
  // Rotations by other than right angles leave corners: transparent where the format has alpha.
  let raw = await toRaw(sharp(path).rotate().ensureAlpha());
  const opaque = mimeType === 'image/jpeg';
  for (const modifier of modifiers) {
    if (modifier.type === 'flip') {
      if (!modifier.horizontal && !modifier.vertical) continue;
      let image = fromRaw(raw);
      if (modifier.vertical) image = image.flip();
      if (modifier.horizontal) image = image.flop();
      raw = await toRaw(image);
    } else if (modifier.type === 'rotate') {
      const angle = ((modifier.angle % 360) + 360) % 360;
      if (angle === 0) continue;
      const background = opaque ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
      raw = await toRaw(fromRaw(raw).rotate(angle, { background }));
    } else {
      const { width, height } = raw.info;
      const left = Math.round((width * modifier.left) / 100);
      const top = Math.round((height * modifier.top) / 100);
      const w = Math.round((width * modifier.width) / 100);
      const h = Math.round((height * modifier.height) / 100);
      if (w === width && h === height) continue;
      // Bounds kept inside the image (WordPress's editors clamp the same way).
      const x = Math.min(Math.max(0, left), width - 1);
      const y = Math.min(Math.max(0, top), height - 1);
      const cw = Math.max(1, Math.min(w, width - x));
      const ch = Math.max(1, Math.min(h, height - y));
      raw = await toRaw(fromRaw(raw).extract({ left: x, top: y, width: cw, height: ch }));
    }
  }
  let result = fromRaw(raw);
  if (opaque) result = result.flatten({ background: '#ffffff' });
  return encode(result, mimeType);
}
