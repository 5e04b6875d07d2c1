/**
 * Media storage in an S3-compatible bucket (MEDIA_S3_*), so that several instances share one set
 * of uploads. Bodies stream through the SDK's multipart uploader (a few 5 MiB parts in memory at
 * most, whatever the file's size); a failed stream aborts the multipart upload, so no object
 * is left. put() sends `If-None-Match: *` so that a key taken meanwhile by another instance is
 * refused by the bucket itself (AWS S3 and current MinIO honour it; a server that ignores it
 * still gets the head() check putUnique makes first). The SDK is loaded on first use, so that
 * deployments on local storage do not pay for it at start.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { isSafeKey, StorageKeyExists, StorageUnavailable, type ByteRange, type LocalCopy, type MediaStorage, type StoredObject } from './storage';

/** The smallest part S3 accepts; parts in flight at once: memory per upload is about their product. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The HTTP status of an S3 service error (its `$metadata`), if the error is one. */
const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

const loadSdk = async () => ({ ...(await import('@aws-sdk/client-s3')), ...(await import('@aws-sdk/lib-storage')) });
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

export class S3Storage implements MediaStorage {
  private connection?: Promise<{ sdk: Sdk; client: S3Client }>;

  constructor(readonly settings: S3Config) {}

  /** The SDK and one client for the bucket (it keeps its connections alive between requests). */
  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.settings.region,
        endpoint: this.settings.endpoint,
        forcePathStyle: this.settings.forcePathStyle,
        credentials: this.settings.accessKeyId && this.settings.secretAccessKey ? { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey } : undefined,
      }),
    }));
    return this.connection;
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe media key ${JSON.stringify(key)}`);
    return this.settings.prefix + key;
  }

  async put(key: string, body: Readable, options: { contentType: string }): Promise<StoredObject> {
    // A failing source (libvips unable to decode) is the file's fault, not the storage's.
    let sourceError: unknown;
    body.on('error', (error) => (sourceError ??= error));
    const { sdk, client } = await this.connect();
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(key), Body: body, ContentType: options.contentType, IfNoneMatch: '*' },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The source may still be open (a file, a sharp pipeline) when the bucket refused.
      body.destroy();
      if (sourceError) throw sourceError;
      const status = statusOf(error);
      // 412: the key exists; 409: another conditional write of that key is under way.
      if (status === 412 || status === 409) throw new StorageKeyExists(key);
      throw new StorageUnavailable(`could not store ${key}`, error);
    }
    const stored = await this.head(key);
    if (!stored) throw new StorageUnavailable(`${key} is missing right after it was stored`);
    return stored;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const { sdk, client } = await this.connect();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    if (!(answer.Body instanceof Readable)) throw new StorageUnavailable(`no body for ${key}`);
    return answer.Body;
  }

  async head(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    const { sdk, client } = await this.connect();
    try {
      const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return { size: answer.ContentLength ?? 0, modified: answer.LastModified ?? new Date(0), etag: answer.ETag ?? `"${answer.ContentLength ?? 0}"` };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw new StorageUnavailable(`could not look up ${key}`, error);
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there.
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  /** A temporary download (sharp reads files), removed with its folder by release(). */
  async localPath(key: string): Promise<LocalCopy> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'content-site-s3-'));
    const release = () => rm(dir, { recursive: true, force: true });
    try {
      const file = path.join(dir, key.slice(key.lastIndexOf('/') + 1));
      await pipeline(await this.get(key), createWriteStream(file, { flags: 'wx' }));
      return { path: file, release };
    } catch (error) {
      await release();
      throw error;
    }
  }
}

const storages = new Map<string, MediaStorage>();

/** One storage (one client) per configured bucket. */
export function s3StorageFor(settings: S3Config): MediaStorage {
  const id = JSON.stringify(settings);
  let storage = storages.get(id);
  if (!storage) storages.set(id, (storage = new S3Storage(settings)));
  return storage;
}
