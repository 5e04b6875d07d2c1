/**
 * Sideloading (WPGraphQL createMediaItem's `filePath`, download_url() then wp_handle_sideload()):
 * the address is fetched with the oEmbed proxy's SSRF-safe fetcher — every hop checked after DNS
 * resolution, redirects limited, one deadline — and its body streamed to a temporary file, cut off
 * at UPLOAD_MAX_BYTES. The file then takes the REST upload's path (types from the bytes, sub-sizes,
 * storage). MEDIA_SIDELOAD_ALLOW_HOSTS exempts named `host:port` authorities (tests, an intranet).
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Config } from '../../config';
import { DomainError } from '../errors';
import { FetchRefused, safeFetch } from '../oembed/safe-fetch';
import { removeFile, temporaryPath } from './temporary-files';
import { tooBig, type UploadSource } from './upload-source';

/** WPGraphQL's words when download_url() fails. */
const INVALID_URL = 'Sorry, the URL for this file is invalid, it must be a valid URL';

/** The redirects followed, as download_url()'s wp_safe_remote_get() does by default. */
const MAX_REDIRECTS = 5;

/** basename() of the address's path, decoded (the file name WordPress gives the sideloaded file). */
export function sideloadFileName(url: string): string {
  const pathname = new URL(url).pathname;
  const base = pathname.slice(pathname.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(base);
  } catch {
    return base;
  }
}

export interface Sideloaded {
  source: UploadSource;
  /** Removes the temporary file. */
  cleanup(): Promise<void>;
}

/** Fetches `address` into a temporary file, or refuses with WordPress's sideload error. */
export async function sideload(config: Config, address: string): Promise<Sideloaded> {
  let fileName: string;
  try {
    fileName = sideloadFileName(address);
  } catch {
    throw new DomainError('rest_upload_sideload_error', INVALID_URL, 400);
  }
  const max = config.media.uploadMaxBytes;
  const file = await temporaryPath();
  const cleanup = () => removeFile(file);
  const sink = createWriteStream(file);
  try {
    const answer = await safeFetch(address, {
      timeoutMs: config.media.sideloadTimeoutMs,
      maxBytes: max,
      maxRedirects: MAX_REDIRECTS,
      allowHosts: config.media.sideloadAllowHosts,
      sink,
      userAgent: 'content-site media sideload',
    });
    // download_url() refuses any answer but 200.
    if (answer.status !== 200) throw new DomainError('rest_upload_sideload_error', INVALID_URL, 400, { details: { status: answer.status } });
    const size = (await stat(file)).size;
    return { source: { path: file, size, fileName, declaredType: answer.contentType, via: 'raw' }, cleanup };
  } catch (error) {
    sink.destroy();
    await cleanup();
    if (error instanceof FetchRefused && error.reason === 'too-large') throw tooBig(max);
    if (error instanceof FetchRefused) throw new DomainError('rest_upload_sideload_error', INVALID_URL, 400, { details: { reason: error.reason } });
    throw error;
  }
}
