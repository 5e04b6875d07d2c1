/**
 * The size of a media file of this site (WPSEO_File_Size_Service), for the analysis of images and
 * videos: the address must be on the site's own host and under the uploads address; the file is
 * looked up in the media storage (local directory or bucket), never fetched. Yoast answers both
 * outcomes with HTTP 404 (`{type: 'success', size_in_bytes}` or `{type: 'failure', response}`);
 * so do we, so that its editor reads them the same way.
 */
import type { DomainContext } from '../context';
import { uploadsBaseUrl } from '../media/files';
import { mediaStorage } from '../media/storage-config';
import { isSafeKey } from '../media/storage';
import { requireSeo } from './permissions';

export type FileSizeAnswer = { type: 'success'; size_in_bytes: number } | { type: 'failure'; response: string };

function hostOf(address: string): string | null {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

export async function fileSize(ctx: DomainContext, url: string): Promise<FileSizeAnswer> {
  requireSeo(ctx.viewer, 'manage_options');
  const address = decoded(url);
  if (hostOf(address) !== hostOf(ctx.config.siteUrl)) {
    return { type: 'failure', response: `Cannot get the size of ${address} because it is hosted externally.` };
  }
  const unknown: FileSizeAnswer = { type: 'failure', response: `Cannot get the size of ${address} because of unknown reasons.` };
  // The path under the uploads address, whatever scheme or port the address was written with.
  const uploadsPath = new URL(uploadsBaseUrl(ctx.config.siteUrl)).pathname.replace(/\/+$/, '');
  const path = new URL(address).pathname;
  if (!path.startsWith(`${uploadsPath}/`)) return unknown;
  const key = path.slice(uploadsPath.length + 1);
  if (!isSafeKey(key)) return unknown;
  const stored = await mediaStorage(ctx.config).head(key);
  return stored && stored.size > 0 ? { type: 'success', size_in_bytes: stored.size } : unknown;
}
