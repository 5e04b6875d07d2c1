/**
 * The GraphQL multipart request spec (https://github.com/jaydenseric/graphql-multipart-request-spec):
 * a multipart/form-data POST whose `operations` field is the JSON request with null where files
 * go, whose `map` field says which file part goes where (`{"0": ["variables.input.file"]}`), and
 * whose file parts follow. Each mapped file part is streamed to a temporary file as it arrives
 * (never held in memory; UPLOAD_MAX_BYTES enforced while the bytes flow) and put in place as an
 * UploadedFile for the Upload scalar. The caller runs the operations, then cleanup() removes the files.
 */
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { removeFile, temporaryPath } from '../domain/media/temporary-files';
import { tooBig, type UploadSource } from '../domain/media/upload-source';
import { decodeJsonBody } from './client-text';
import { UploadedFile } from './upload';

/** A multipart request body the HTTP layer left unread for the GraphQL face. */
export class MultipartBody {
  constructor(readonly stream: Readable) {}
}

export const isMultipart = (contentType: string | undefined): boolean => /^multipart\/form-data\b/i.test(contentType ?? '');

export interface MultipartLimits {
  /** Largest file part, bytes. */
  fileBytes: number;
  /** Largest `operations` or `map` field, bytes. */
  fieldBytes: number;
  /** File parts one request may carry. */
  files: number;
}

export type StagedOperations = { ok: true; body: unknown; cleanup(): Promise<void> } | { ok: false; status: number; message: string };

const SPEC = 'https://github.com/jaydenseric/graphql-multipart-request-spec';
const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** Puts `value` at a dotted `path` of the operations (`0.variables.files.1`); false when the path names nothing. */
function placeAt(operations: unknown, path: string, value: unknown): boolean {
  const segments = path.split('.');
  if (segments.some((s) => s === '' || UNSAFE_SEGMENTS.has(s))) return false;
  let node: unknown = operations;
  for (const segment of segments.slice(0, -1)) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  const last = segments[segments.length - 1];
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node) && !/^\d+$/.test(last)) return false;
  (node as Record<string, unknown>)[last] = value;
  return true;
}

function mapOf(text: string): Map<string, string[]> | null {
  const decoded = decodeJsonBody(Buffer.from(text, 'utf8'));
  if (!decoded.ok || decoded.body === null || typeof decoded.body !== 'object' || Array.isArray(decoded.body)) return null;
  const map = new Map<string, string[]>();
  for (const [key, paths] of Object.entries(decoded.body as Record<string, unknown>)) {
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) return null;
    map.set(key, paths as string[]);
  }
  return map;
}

/** Reads the whole multipart body: the operations with every mapped file in place, or why not. */
export async function stageOperations(stream: Readable, headers: Record<string, string>, limits: MultipartLimits): Promise<StagedOperations> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers, limits: { fileSize: limits.fileBytes, files: limits.files, fields: 2, fieldSize: limits.fieldBytes, parts: limits.files + 2 } });
  } catch {
    stream.resume();
    return { ok: false, status: 400, message: 'The multipart/form-data body has no boundary.' };
  }
  let operations: string | null = null;
  let mapText: string | null = null;
  let failure: { status: number; message: string } | null = null;
  const fail = (status: number, message: string) => {
    failure ??= { status, message };
  };
  const staged = new Map<string, UploadedFile>();
  const temporary: string[] = [];
  const writes: Promise<void>[] = [];

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) fail(413, `The multipart field “${name}” is over ${limits.fieldBytes} bytes.`);
    else if (name === 'operations') operations = value;
    else if (name === 'map') mapText = value;
  });
  parser.on('file', (name, file, info) => {
    // The spec puts files after `operations` and `map`, so the server can tell which parts it wants.
    if (operations === null || mapText === null) fail(400, `Misordered multipart fields: files must follow “operations” and “map” (${SPEC}).`);
    if (failure || staged.has(name)) {
      file.resume();
      return;
    }
    const task = temporaryPath().then(async (target) => {
      temporary.push(target);
      let size = 0;
      let cut = false;
      file.on('limit', () => {
        cut = true;
      });
      file.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(file, createWriteStream(target));
      const source: UploadSource = { path: target, size, fileName: info.filename ?? '', declaredType: info.mimeType, via: 'form' };
      // A file over the limit is refused by the mutation that uses it (WordPress's code in errors[]).
      staged.set(name, cut ? new UploadedFile(null, tooBig(limits.fileBytes)) : new UploadedFile(source, null));
      if (cut) await removeFile(target);
    });
    writes.push(task);
  });
  parser.on('filesLimit', () => fail(413, `A request may carry at most ${limits.files} files.`));
  parser.on('partsLimit', () => fail(413, `A request may carry at most ${limits.files} files.`));
  parser.on('fieldsLimit', () => fail(400, 'A multipart GraphQL request has only the “operations” and “map” fields besides its files.'));

  const cleanup = async () => {
    await Promise.all(temporary.map(removeFile));
  };
  try {
    await pipeline(stream, parser);
    await Promise.all(writes);
  } catch {
    stream.resume();
    fail(400, 'The multipart/form-data body could not be read.');
  }
  if (!failure && operations === null) fail(400, `Missing multipart field “operations” (${SPEC}).`);
  if (!failure && mapText === null) fail(400, `Missing multipart field “map” (${SPEC}).`);
  let body: unknown = null;
  if (!failure) {
    const decoded = decodeJsonBody(Buffer.from(operations as unknown as string, 'utf8'));
    if (!decoded.ok || decoded.body === null || typeof decoded.body !== 'object') fail(400, `Invalid JSON in the “operations” multipart field (${SPEC}).`);
    else body = decoded.body;
  }
  const map = failure ? null : mapOf(mapText as unknown as string);
  if (!failure && !map) fail(400, `Invalid JSON in the “map” multipart field (${SPEC}).`);
  for (const [key, paths] of map ?? []) {
    if (failure) break;
    const file = staged.get(key);
    if (!file) {
      fail(400, `File missing in the request for map key “${key}”.`);
      break;
    }
    for (const path of paths) if (!placeAt(body, path, file)) fail(400, `The map path “${path}” names nothing in the operations.`);
  }
  if (failure) {
    await cleanup();
    return { ok: false, ...(failure as { status: number; message: string }) };
  }
  return { ok: true, body, cleanup };
}
