/**
 * The body of a media upload, streamed to a temporary file as it arrives (never held in memory):
 * a raw body with Content-Type and Content-Disposition (upload_from_data), or multipart/form-data
 * whose `file` part is the upload and whose other fields become body parameters
 * (upload_from_file). UPLOAD_MAX_BYTES is enforced while the bytes flow.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { DomainError } from '../../domain/errors';
import { removeFile, temporaryPath } from '../../domain/media/temporary-files';
import { filenameFromDisposition, noData, tooBig, type UploadSource } from '../../domain/media/upload-source';
import { parseQuery } from './query';

/** A request body the HTTP layer left unread for the upload route. */
export class UploadBody {
  constructor(readonly stream: Readable) {}
}

export interface StagedUpload {
  /** Body parameters from the multipart fields (null for a raw body). */
  fields: Record<string, unknown> | null;
  source: UploadSource | null;
  /** Removes the temporary file. */
  cleanup(): Promise<void>;
}

/** Counts bytes and fails beyond the limit. */
function limiter(max: number, onBytes: (n: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      onBytes(chunk.length);
      if (total > max) callback(tooBig(max));
      else callback(null, chunk);
    },
  });
}

/** Streams a body to a temporary file; returns its size and MD5. */
async function toTemporaryFile(stream: Readable, max: number): Promise<{ path: string; size: number; md5: string }> {
  const file = await temporaryPath();
  const hash = createHash('md5');
  let size = 0;
  try {
    await pipeline(stream, limiter(max, (n) => (size += n)), new Transform({ transform: (chunk, _e, cb) => (hash.update(chunk), cb(null, chunk)) }), createWriteStream(file));
  } catch (error) {
    await removeFile(file);
    // What is left of the body is read and dropped, so the answer reaches the client.
    stream.resume();
    if (error instanceof DomainError) throw error;
    throw new DomainError('rest_upload_unknown_error', 'The upload did not arrive whole.', 400);
  }
  return { path: file, size, md5: hash.digest('hex') };
}

function checkMd5(headers: Record<string, string>, md5: string): void {
  const expected = headers['content-md5']?.split(',')[0]?.trim();
  if (expected && expected !== md5) throw new DomainError('rest_upload_hash_mismatch', 'Content hash did not match expected.', 412);
}

/** upload_from_data()'s checks of the headers, in its order (an empty body first). */
function rawHeadersError(headers: Record<string, string>, empty: boolean): DomainError | null {
  if (empty) return noData();
  if (!headers['content-type']) return new DomainError('rest_upload_no_content_type', 'No Content-Type supplied.', 400);
  if (!headers['content-disposition']) return new DomainError('rest_upload_no_content_disposition', 'No Content-Disposition supplied.', 400);
  if (!filenameFromDisposition(headers['content-disposition'])) {
    return new DomainError('rest_upload_invalid_disposition', 'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.', 400);
  }
  return null;
}

const NOTHING: StagedUpload = { fields: null, source: null, cleanup: async () => undefined };

/** A raw body (streamed, or already read when it came as JSON or a form) as the upload. */
async function stageRaw(body: Readable | Buffer, headers: Record<string, string>, max: number): Promise<StagedUpload> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    if (!Buffer.isBuffer(body)) body.resume();
    throw tooBig(max);
  }
  let staged: { path: string; size: number; md5: string };
  if (Buffer.isBuffer(body)) {
    const file = await temporaryPath();
    await writeFile(file, body);
    staged = { path: file, size: body.length, md5: createHash('md5').update(body).digest('hex') };
  } else {
    staged = await toTemporaryFile(body, max);
  }
  const cleanup = () => removeFile(staged.path);
  const refused = rawHeadersError(headers, staged.size === 0);
  if (refused) {
    await cleanup();
    // A body without a file is "no data" only when it is empty; a JSON or form body names fields.
    if (refused.code === 'rest_upload_no_data') return NOTHING;
    throw refused;
  }
  try {
    checkMd5(headers, staged.md5);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const fileName = filenameFromDisposition(headers['content-disposition']) as string;
  return { fields: null, source: { path: staged.path, size: staged.size, fileName, declaredType: headers['content-type'].split(',')[0].trim(), via: 'raw' }, cleanup };
}

/** multipart/form-data: the `file` part to a temporary file, the other fields as body parameters. */
async function stageMultipart(stream: Readable, headers: Record<string, string>, max: number): Promise<StagedUpload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers, limits: { fileSize: max, files: 10, fields: 1000, fieldSize: 1024 * 1024 } });
  } catch {
    stream.resume();
    throw new DomainError('rest_upload_unknown_error', 'The multipart body has no boundary.', 400);
  }
  const fields = new URLSearchParams();
  let source: UploadSource | null = null;
  const files: Promise<void>[] = [];
  let failure: DomainError | null = null;
  parser.on('field', (name, value) => fields.append(name, value));
  parser.on('file', (name, file, info) => {
    if (name !== 'file' || source || failure) {
      file.resume();
      return;
    }
    const hash = createHash('md5');
    const task = temporaryPath().then(async (target) => {
      let size = 0;
      file.on('limit', () => {
        failure = tooBig(max);
      });
      file.on('data', (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
      });
      await pipeline(file, createWriteStream(target));
      source = { path: target, size, fileName: info.filename ?? '', declaredType: info.mimeType, via: 'form' };
      (source as UploadSource & { md5?: string }).md5 = hash.digest('hex');
    });
    files.push(task);
  });
  try {
    await pipeline(stream, parser);
    await Promise.all(files);
  } catch {
    stream.resume();
    failure ??= new DomainError('rest_upload_unknown_error', 'The multipart body could not be read.', 400);
  }
  const staged = source as (UploadSource & { md5?: string }) | null;
  const cleanup = async () => {
    if (staged) await removeFile(staged.path);
  };
  if (failure) {
    await cleanup();
    throw failure;
  }
  if (staged) {
    try {
      checkMd5(headers, staged.md5 ?? '');
    } catch (error) {
      await cleanup();
      throw error;
    }
  }
  return { fields: parseQuery(fields.toString()).values, source: staged, cleanup };
}

const MULTIPART = /^multipart\/form-data/i;

/** The upload a POST to the media collection carries, staged; `null` body means none was sent. */
export async function stageUpload(body: UploadBody | Buffer | null, headers: Record<string, string>, max: number): Promise<StagedUpload> {
  if (body === null) return NOTHING;
  if (body instanceof UploadBody && MULTIPART.test(headers['content-type'] ?? '')) return stageMultipart(body.stream, headers, max);
  return stageRaw(body instanceof UploadBody ? body.stream : body, headers, max);
}

/** Whether a raw URL is a POST to the media collection (either URL form): its body is left unread. */
export function isUploadUrl(rawUrl: string, prefix: string): boolean {
  const q = rawUrl.indexOf('?');
  const pathPart = (q === -1 ? rawUrl : rawUrl.slice(0, q)).replace(/\/+$/, '');
  if (pathPart.toLowerCase() === `/${prefix}/core/v2/media`.toLowerCase()) return true;
  if (pathPart !== '' && pathPart !== '/index.php') return false;
  const route = q === -1 ? null : new URLSearchParams(rawUrl.slice(q + 1)).get('rest_route');
  return route !== null && route.replace(/\/+$/, '').toLowerCase() === '/core/v2/media';
}
