/**
 * A real S3-compatible server for a test file (s3rver, an npm package: no Docker, nothing
 * downloaded), on a free loopback port with its objects in a temporary directory, one bucket
 * made through the AWS SDK, and the MEDIA_S3_* settings that point an app at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  bucket: string;
  endpoint: string;
  /** The settings of an app storing its media in the bucket. */
  env: Record<string, string>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  client: S3Client;
  /** `METHOD /path?query` of every request the server received, in order. */
  requests: string[];
  close(): Promise<void>;
}

// s3rver accepts any key pair; these are its documented defaults.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'media-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'content-site-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer?.on('request', (req: { method?: string; url?: string }) => requests.push(`${req.method} ${req.url}`));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    bucket,
    endpoint,
    client,
    requests,
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      MEDIA_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    keys: async () => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    close: async () => {
      client.destroy();
      // The apps' clients keep connections alive; the server drops them so that close() returns.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
