/**
 * An uploaded file as the faces hand it to the domain: already streamed to a temporary local
 * file (never held in memory), with the name and type the client declared and how it came
 * (a raw body or a multipart `file` part — WordPress reports their failures with different codes).
 */
import { DomainError } from '../errors';

export interface UploadSource {
  /** The temporary file holding the bytes (removed by whoever made it). */
  path: string;
  size: number;
  /** The client's file name (Content-Disposition filename, or the part's filename). */
  fileName: string;
  /** The client's Content-Type (informative only: the bytes decide). */
  declaredType: string;
  via: 'raw' | 'form';
}

/** The refusal of a file by upload_from_data (raw body) or upload_from_file (multipart). */
export function uploadRefused(source: Pick<UploadSource, 'via'>, message: string): DomainError {
  // WordPress answers these with 500; the fault is the client's, so we answer 400 (README: deliberate differences).
  return new DomainError(source.via === 'raw' ? 'rest_upload_sideload_error' : 'rest_upload_unknown_error', message, 400);
}

/** The storage failed to take the file (wp_handle_upload's "could not be moved"): the server's fault, 500. */
export function notStored(source: Pick<UploadSource, 'via'>): DomainError {
  return new DomainError(source.via === 'raw' ? 'rest_upload_sideload_error' : 'rest_upload_unknown_error', 'The uploaded file could not be moved to the media storage.', 500);
}

export function noData(): DomainError {
  return new DomainError('rest_upload_no_data', 'No data supplied.', 400);
}

export function tooBig(maxBytes: number): DomainError {
  const kb = Math.floor(maxBytes / 1024).toLocaleString('en-US');
  return new DomainError('rest_upload_file_too_big', `This file is too big. Files must be less than ${kb} KB in size.`, 400);
}

/** get_filename_from_disposition(): the `filename` of `attachment; filename="x.png"`, or null. */
export function filenameFromDisposition(header: string | undefined): string | null {
  if (!header) return null;
  let filename: string | null = null;
  for (const raw of header.split(',')) {
    const value = raw.trim();
    const semi = value.indexOf(';');
    if (semi === -1) continue;
    const attributes = new Map<string, string>();
    for (const part of value.slice(semi + 1).split(';')) {
      const eq = part.indexOf('=');
      if (eq === -1) continue;
      attributes.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
    let name = attributes.get('filename');
    if (!name) continue;
    if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1);
    filename = name;
  }
  return filename || null;
}

/** sanitize_file_name(): special characters dropped, spaces to dashes, no leading/trailing dots or dashes. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[?[\]/\\=<>:;,'"&$#*()|~`!{}%+’«»”“]/g, '')
    // Control characters and anything outside printable ASCII.
    .replace(/[^ -~]/g, '')
    .replace(/[\s]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '');
  return cleaned.slice(-200);
}
