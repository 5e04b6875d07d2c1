/**
 * Media storage in a local directory (MEDIA_DIR). A put() streams into a temporary file beside
 * the target and links it into place only when the stream has ended, so a failed or concurrent
 * upload never leaves a partial file or overwrites another one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeKey, StorageKeyExists, type ByteRange, type LocalCopy, type MediaStorage, type StoredObject } from './storage';

/** The ETag of a local file: its size and modification time, as static file servers make it. */
function etagOf(size: number, modified: Date): string {
  return `"${createHash('sha1').update(`${size}-${modified.getTime()}`).digest('hex').slice(0, 27)}"`;
}

export class LocalStorage implements MediaStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe media key ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, _options: { contentType: string }): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      // link() refuses an existing target: the first writer keeps the name.
      await link(temporary, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new StorageKeyExists(key) : error;
      });
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
    return (await this.head(key)) as StoredObject;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    try {
      const info = await stat(this.pathOf(key));
      if (!info.isFile()) return null;
      return { size: info.size, modified: info.mtime, etag: etagOf(info.size, info.mtime) };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async localPath(key: string): Promise<LocalCopy> {
    return { path: this.pathOf(key), release: async () => undefined };
  }
}

const storages = new Map<string, MediaStorage>();

/** The storage of a deployment (one per configured directory). */
export function localStorageAt(root: string): MediaStorage {
  let storage = storages.get(root);
  if (!storage) storages.set(root, (storage = new LocalStorage(root)));
  return storage;
}
