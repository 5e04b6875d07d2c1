/**
 * The `file` part of a multipart/form-data body already read into memory (the import routes take
 * small text files): its name and UTF-8 text, or null when the body carries none. Bigger than
 * `maxBytes` is refused rather than truncated.
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { DomainError } from '../../../domain/errors';

export interface MultipartFile {
  name: string;
  text: string;
}

export async function multipartFile(body: Buffer | null, headers: Record<string, string>, field: string, maxBytes: number): Promise<MultipartFile | null> {
  if (!body || body.length === 0 || !/^multipart\/form-data/i.test(headers['content-type'] ?? '')) return null;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers, limits: { fileSize: maxBytes, files: 5, fields: 100 } });
  } catch {
    return null;
  }
  return new Promise<MultipartFile | null>((resolve, reject) => {
    let found: MultipartFile | null = null;
    let tooBig = false;
    parser.on('file', (name, stream, info) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooBig = true;
      });
      stream.on('end', () => {
        found = { name: info.filename ?? '', text: Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '') };
      });
    });
    parser.on('error', () => resolve(null));
    parser.on('close', () => {
      if (tooBig) reject(new DomainError('redirect_import_invalid_file', `The file is larger than ${maxBytes} bytes.`, 413, { error_code: 89 }));
      else resolve(found);
    });
    Readable.from([body]).pipe(parser);
  });
}
