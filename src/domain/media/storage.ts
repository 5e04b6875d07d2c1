/**
 * Where media files live, behind one small interface so that a deployment can keep them in a
 * local directory (local-storage.ts) or in an S3-compatible bucket shared by several instances
 * (s3-storage.ts); storage-config.ts picks one.
 *
 * Keys are paths relative to the uploads root, as `_wp_attached_file` and the metadata's `file`
 * hold them (`2024/05/photo.jpg`), always with forward slashes and never `..`. Bodies move as
 * streams: nothing here holds a whole file in memory.
 *
 * An implementation must:
 *  - put(): write the whole stream under the key, replacing nothing (fail with `exists` when the
 *    key is taken, so two uploads never share a file), and leave no object when the stream fails;
 *  - get(): stream the object, or the inclusive byte range asked for;
 *  - head(): tell size, last modification and an ETag, or null when the key is absent;
 *  - delete(): remove the object; a missing key is not an error;
 *  - localPath(): a readable local file with the object's bytes for image processing (the
 *    object itself for local storage, else a temporary copy that release() removes).
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  modified: Date;
  /** A strong validator of the bytes (quoted, as the ETag header carries it). */
  etag: string;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface LocalCopy {
  path: string;
  /** Removes the copy if it is temporary. */
  release(): Promise<void>;
}

export interface MediaStorage {
  put(key: string, body: Readable, options: { contentType: string }): Promise<StoredObject>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  head(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  localPath(key: string): Promise<LocalCopy>;
}

/** Why a put() refused: the key already holds an object. */
export class StorageKeyExists extends Error {
  constructor(readonly key: string) {
    super(`media object ${key} exists`);
  }
}

/** The storage could not be reached or refused the operation (a 500, not the client's fault). */
export class StorageUnavailable extends Error {
  constructor(message: string, cause?: unknown) {
    super(`media storage: ${message}`, { cause });
  }
}

/** A key as the storage accepts it: relative, forward slashes, no empty, `.` or `..` segment. */
export function isSafeKey(key: string): boolean {
  if (key === '' || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
