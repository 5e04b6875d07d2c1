/**
 * The registered image sub-sizes and WordPress's arithmetic for them: wp_get_registered_image_subsizes()
 * (thumbnail, medium, medium_large and large from the media settings, plus the 1536x1536 and
 * 2048x2048 sizes core adds), wp_constrain_dimensions() and image_resize_dimensions().
 */
import type { SiteOptions } from '../settings/options';

export interface ImageSubsize {
  name: string;
  width: number;
  height: number;
  crop: boolean;
}

/** big_image_size_threshold: larger originals are kept and a `-scaled` copy becomes the attachment's file. */
export const BIG_IMAGE_THRESHOLD = 2560;

export function registeredSubsizes(options: SiteOptions): ImageSubsize[] {
  return [
    { name: 'thumbnail', width: options.thumbnail_size_w, height: options.thumbnail_size_h, crop: options.thumbnail_crop },
    { name: 'medium', width: options.medium_size_w, height: options.medium_size_h, crop: false },
    { name: 'medium_large', width: options.medium_large_size_w, height: options.medium_large_size_h, crop: false },
    { name: 'large', width: options.large_size_w, height: options.large_size_h, crop: false },
    { name: '1536x1536', width: 1536, height: 1536, crop: false },
    { name: '2048x2048', width: 2048, height: 2048, crop: false },
  ].filter((size) => size.width > 0 || size.height > 0);
}

/** wp_constrain_dimensions(): fit inside max_w × max_h (0 = unbounded), keeping the ratio. */
export function constrainDimensions(width: number, height: number, maxWidth: number, maxHeight: number): [number, number] {
  if (!maxWidth && !maxHeight) return [width, height];
  let widthRatio = 1;
  let heightRatio = 1;
  let didWidth = false;
  let didHeight = false;
  if (maxWidth > 0 && width > 0 && width > maxWidth) {
    widthRatio = maxWidth / width;
    didWidth = true;
  }
  if (maxHeight > 0 && height > 0 && height > maxHeight) {
    heightRatio = maxHeight / height;
    didHeight = true;
  }
  const smaller = Math.min(widthRatio, heightRatio);
  const larger = Math.max(widthRatio, heightRatio);
  const ratio = Math.round(width * larger) > maxWidth || Math.round(height * larger) > maxHeight ? smaller : larger;
  let w = Math.max(1, Math.round(width * ratio));
  let h = Math.max(1, Math.round(height * ratio));
  // Rounding one pixel short of the bound is corrected to the bound (as WordPress does).
  if (didWidth && w === maxWidth - 1) w = maxWidth;
  if (didHeight && h === maxHeight - 1) h = maxHeight;
  return [w, h];
}

export interface ResizePlan {
  /** The source rectangle. */
  srcX: number;
  srcY: number;
  srcWidth: number;
  srcHeight: number;
  /** The output size. */
  width: number;
  height: number;
}

/** image_resize_dimensions() with a centred crop; null when the size would not be smaller. */
export function resizeDimensions(origW: number, origH: number, destW: number, destH: number, crop: boolean): ResizePlan | null {
  if (origW <= 0 || origH <= 0 || (destW <= 0 && destH <= 0)) return null;
  let newW: number;
  let newH: number;
  let cropW = origW;
  let cropH = origH;
  let srcX = 0;
  let srcY = 0;
  if (crop) {
    const aspect = origW / origH;
    newW = Math.min(destW, origW);
    newH = Math.min(destH, origH);
    if (!newW) newW = Math.round(newH * aspect);
    if (!newH) newH = Math.round(newW / aspect);
    const sizeRatio = Math.max(newW / origW, newH / origH);
    cropW = Math.round(newW / sizeRatio);
    cropH = Math.round(newH / sizeRatio);
    srcX = Math.floor((origW - cropW) / 2);
    srcY = Math.floor((origH - cropH) / 2);
  } else {
    [newW, newH] = constrainDimensions(origW, origH, destW, destH);
  }
  // The same size (within a pixel) or larger: nothing to make.
  if (Math.abs(newW - origW) <= 1 && Math.abs(newH - origH) <= 1) return null;
  if (newW >= origW && newH >= origH) return null;
  return { srcX, srcY, srcWidth: cropW, srcHeight: cropH, width: newW, height: newH };
}
