/** The MEDIA_S3_* settings: no bucket keeps the local directory; the rest is checked at start. */
import { ConfigError, loadConfig } from '../../src/config';

const load = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'file:/tmp/unused.db', ...env });

test('no bucket: uploads stay in MEDIA_DIR', () => {
  expect(load({}).media.s3).toBeUndefined();
  expect(load({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' }).media.s3).toBeUndefined();
});

test('a bucket with its settings, the prefix ending in one slash', () => {
  expect(load({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_FORCE_PATH_STYLE: 'true', MEDIA_S3_PREFIX: '/site-a/uploads/', MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' }).media.s3).toEqual({
    bucket: 'media', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, prefix: 'site-a/uploads/', accessKeyId: 'id', secretAccessKey: 'secret',
  });
  // Without keys the SDK's default chain is used; the region falls back to AWS_REGION.
  expect(load({ MEDIA_S3_BUCKET: 'media', AWS_REGION: 'eu-west-1' }).media.s3).toMatchObject({ region: 'eu-west-1', prefix: '', forcePathStyle: false, accessKeyId: undefined, endpoint: undefined });
});

test('settings that cannot work are refused at start', () => {
  expect(() => load({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'id' })).toThrow(ConfigError);
  expect(() => load({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ENDPOINT: 'minio:9000' })).toThrow(ConfigError);
  expect(() => load({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_PREFIX: 'a/../b' })).toThrow(ConfigError);
  expect(() => load({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(ConfigError);
});
