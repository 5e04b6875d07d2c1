/**
 * The media library on an S3-compatible bucket (MEDIA_S3_*): a real S3 server (s3rver) started
 * here, PNG and JPEG uploads through REST (raw and multipart, one large enough for a multipart
 * upload to the bucket), every file and sub-size read back through the server with ranges and
 * compared with the object in the bucket, an edit made from a temporary download, deletion
 * removing every object, failed uploads leaving no object and no row, and two server instances
 * on one database sharing the bucket.
 */
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { mediaStorage } from '../../src/domain/media/storage-config';
import { startTestApp, SITE_URL, type TestApp } from '../support/app';
import { startS3Server, type TestS3 } from '../support/s3-server';

const PREFIX = 'site-a';

let s3: TestS3;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  const env = { ...s3.env, MEDIA_S3_PREFIX: PREFIX };
  a = await startTestApp(env);
  // A second instance on the same database and bucket (with a local media directory of its own).
  b = await startTestApp(env, { sharedWith: a });
}, 60000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

const pathOf = (url: string) => url.slice(SITE_URL.length);
const keyOf = (url: string) => `${PREFIX}/${pathOf(url).replace(/^\/wp-content\/uploads\//, '')}`;

async function served(t: TestApp, url: string, range?: string) {
  let req = t.request.get(pathOf(url));
  if (range) req = req.set('Range', range);
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
}

/** A width×height image: red left half, blue right half (plus noise when `noisy`, to make it large). */
async function image(width: number, height: number, format: 'png' | 'jpeg', noisy = false): Promise<Buffer> {
  const half = await sharp({ create: { width: width / 2, height, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer();
  let base = sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } }).composite([{ input: half, left: width / 2, top: 0 }]);
  if (noisy) base = sharp(await base.raw().toBuffer(), { raw: { width, height, channels: 3 } }).composite([{ input: { create: { width, height, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 0, sigma: 60 } } }, blend: 'add' }]);
  return format === 'png' ? base.png({ compressionLevel: noisy ? 0 : 6 }).toBuffer() : base.jpeg({ quality: 95 }).toBuffer();
}

const uploadRaw = (t: TestApp, bytes: Buffer, name: string, type: string) =>
  t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', type).set('Content-Disposition', `attachment; filename="${name}"`).send(bytes);

const count = async (t: TestApp) => Number((await t.request.get('/wp-json/core/v2/media?per_page=1').set('Authorization', t.adminAuth)).headers['x-wp-total']);

interface Item {
  id: number;
  source_url: string;
  media_details: { width: number; height: number; file: string; sizes: Record<string, { width: number; height: number; source_url: string; mime_type: string }> };
}

/** Every URL of an upload: the file and each sub-size. */
const urlsOf = (item: Item) => [...new Set([item.source_url, ...Object.values(item.media_details.sizes).map((s) => s.source_url)])];

describe('uploads to the bucket', () => {
  test('a raw PNG: the file and every sub-size are objects in the bucket, served byte for byte', async () => {
    const png = await image(400, 300, 'png');
    const res = await uploadRaw(a, png, 'bucket.png', 'image/png');
    expect(res.status).toBe(201);
    const item = res.body as Item;
    expect(item.source_url).toMatch(new RegExp(`^${SITE_URL}/wp-content/uploads/\\d{4}/\\d{2}/bucket\\.png$`));
    expect(Object.keys(item.media_details.sizes).sort()).toEqual(['full', 'medium', 'thumbnail']);
    const keys = await s3.keys();
    for (const url of urlsOf(item)) expect(keys).toContain(keyOf(url));
    // Nothing went to the local directory.
    expect(readdirSync(a.config.media.dir)).toEqual([]);

    const original = await served(a, item.source_url);
    expect([original.status, original.headers['content-type']]).toEqual([200, 'image/png']);
    expect((original.body as Buffer).equals(png)).toBe(true);
    for (const size of Object.values(item.media_details.sizes)) {
      const file = await served(a, size.source_url);
      expect(file.status).toBe(200);
      expect((file.body as Buffer).equals(await objectBytes(keyOf(size.source_url)))).toBe(true);
      const info = await sharp(file.body as Buffer).metadata();
      expect([info.width, info.height, `image/${info.format}`]).toEqual([size.width, size.height, size.mime_type]);
    }
  });

  test('served with type, ETag, Cache-Control, conditional GET and ranges (206, 416)', async () => {
    const png = await image(40, 40, 'png');
    const url = (await uploadRaw(a, png, 'ranged.png', 'image/png')).body.source_url as string;
    const full = await served(a, url);
    expect(full.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-length']).toBe(String(png.length));
    const etag = full.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await a.request.get(pathOf(url)).set('If-None-Match', etag)).status).toBe(304);
    const part = await served(a, url, 'bytes=8-23');
    expect([part.status, part.headers['content-range']]).toEqual([206, `bytes 8-23/${png.length}`]);
    expect((part.body as Buffer).equals(png.subarray(8, 24))).toBe(true);
    const tail = await served(a, url, 'bytes=-5');
    expect([tail.status, tail.headers['content-range']]).toEqual([206, `bytes ${png.length - 5}-${png.length - 1}/${png.length}`]);
    expect((tail.body as Buffer).equals(png.subarray(png.length - 5))).toBe(true);
    const beyond = await served(a, url, `bytes=${png.length}-`);
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, `bytes */${png.length}`]);
    expect((await a.request.get('/wp-content/uploads/2020/01/nothing.png')).status).toBe(404);
  });

  test('a multipart JPEG above the big-image threshold: the -scaled copy, the original and the sizes', async () => {
    const jpeg = await image(3000, 2000, 'jpeg');
    const res = await a.request.post('/wp-json/core/v2/media').set('Authorization', a.adminAuth).field('alt_text', 'Wide').attach('file', jpeg, { filename: 'wide.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    const item = res.body as Item;
    expect(item.source_url).toMatch(/\/wide-scaled\.jpg$/);
    expect([item.media_details.width, item.media_details.height]).toEqual([2560, 1707]);
    const original = await served(a, item.source_url.replace('-scaled', ''));
    expect((original.body as Buffer).equals(jpeg)).toBe(true);
    for (const url of urlsOf(item)) {
      const file = await served(a, url);
      expect([file.status, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
      expect((file.body as Buffer).equals(await objectBytes(keyOf(url)))).toBe(true);
    }
    const large = item.media_details.sizes.large;
    const decoded = await sharp((await served(a, large.source_url)).body as Buffer).metadata();
    expect([decoded.width, decoded.height]).toEqual([large.width, large.height]);
  });

  test('a file larger than one part goes up as a multipart upload and comes back whole', async () => {
    const big = await image(1600, 1400, 'png', true);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await uploadRaw(a, big, 'noise.png', 'image/png');
    expect(res.status).toBe(201);
    const whole = await served(a, res.body.source_url);
    expect((whole.body as Buffer).equals(big)).toBe(true);
    // A range across the 5 MiB part boundary.
    const from = 5 * 1024 * 1024 - 10;
    const part = await served(a, res.body.source_url, `bytes=${from}-${from + 19}`);
    expect(part.status).toBe(206);
    expect((part.body as Buffer).equals(big.subarray(from, from + 20))).toBe(true);
  }, 60000);

  test('an edit reads the original from a temporary download and writes the -edited file to the bucket', async () => {
    const source = (await uploadRaw(a, await image(400, 300, 'png'), 'turn.png', 'image/png')).body as Item;
    const edited = await a.request.post(`/wp-json/core/v2/media/${source.id}/edit`).set('Authorization', a.adminAuth).send({ src: source.source_url, modifiers: [{ type: 'flip', args: { flip: { horizontal: true, vertical: false } } }] });
    expect(edited.status).toBe(201);
    expect(edited.body.source_url).toMatch(/\/turn-edited\.png$/);
    expect(await s3.keys()).toContain(keyOf(edited.body.source_url));
    const { data } = await sharp((await served(a, edited.body.source_url)).body as Buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // Flipped: the left edge is blue now.
    expect([data[0], data[1], data[2]]).toEqual([0, 0, 255]);
  });
});

describe('deletes and failures', () => {
  test('DELETE with force removes every object of the attachment', async () => {
    const item = (await uploadRaw(a, await image(3000, 2000, 'jpeg'), 'doomed.jpg', 'image/jpeg')).body as Item;
    const keys = [...urlsOf(item), item.source_url.replace('-scaled', '')].map(keyOf);
    expect(keys.length).toBeGreaterThan(5);
    const before = await s3.keys();
    for (const key of keys) expect(before).toContain(key);
    const soft = await a.request.delete(`/wp-json/core/v2/media/${item.id}`).set('Authorization', a.adminAuth);
    expect([soft.status, soft.body.code]).toEqual([501, 'rest_trash_not_supported']);
    expect(await s3.keys()).toEqual(before);
    const hard = await a.request.delete(`/wp-json/core/v2/media/${item.id}?force=true`).set('Authorization', a.adminAuth);
    expect(hard.status).toBe(200);
    expect(await s3.keys()).toEqual(before.filter((key) => !keys.includes(key)));
    for (const url of urlsOf(item)) expect((await a.request.get(pathOf(url))).status).toBe(404);
  });

  test('an image that cannot be processed after it was stored leaves no object and no row', async () => {
    const keys = await s3.keys();
    const rows = await count(a);
    // A real PNG header and the start of its data: the type check passes, libvips fails mid-way.
    const png = await image(400, 300, 'png', true);
    const res = await uploadRaw(a, png.subarray(0, Math.floor(png.length / 2)), 'broken.png', 'image/png');
    expect([res.status, res.body.code]).toEqual([400, 'rest_upload_sideload_error']);
    expect(await s3.keys()).toEqual(keys);
    expect(await count(a)).toBe(rows);
  });

  test('a body that fails after more than one part was sent leaves no object (the multipart upload is aborted)', async () => {
    const keys = await s3.keys();
    const storage = mediaStorage(a.config);
    async function* failing() {
      for (let i = 0; i < 7; i++) yield Buffer.alloc(1024 * 1024, i);
      throw new Error('client went away');
    }
    const seen = s3.requests.length;
    await expect(storage.put('2020/01/half.bin', Readable.from(failing()), { contentType: 'application/octet-stream' })).rejects.toThrow('client went away');
    // A multipart upload was begun, its first part sent, then aborted.
    const sent = s3.requests.slice(seen).filter((r) => r.includes('half.bin')).map((r) => r.replace(/uploadId=[^&]+/, 'uploadId=*'));
    const object = `/media-test/${PREFIX}/2020/01/half.bin`;
    expect(sent).toEqual([`POST ${object}?uploads=`, `PUT ${object}?partNumber=1&uploadId=*&x-id=UploadPart`, `DELETE ${object}?uploadId=*&x-id=AbortMultipartUpload`]);
    expect(await storage.head('2020/01/half.bin')).toBeNull();
    expect(await s3.keys()).toEqual(keys);
  });

  test('a bucket that refuses the file: a 500 with WordPress code, no object and no row', async () => {
    const elsewhere = await startTestApp({ ...s3.env, MEDIA_S3_BUCKET: 'no-such-bucket' }, { sharedWith: a });
    try {
      const keys = await s3.keys();
      const rows = await count(a);
      const png = await image(40, 40, 'png');
      const raw = await uploadRaw(elsewhere, png, 'lost.png', 'image/png');
      expect([raw.status, raw.body.code, raw.body.data]).toEqual([500, 'rest_upload_sideload_error', { status: 500 }]);
      const form = await elsewhere.request.post('/wp-json/core/v2/media').set('Authorization', elsewhere.adminAuth).attach('file', png, { filename: 'lost.png' });
      expect([form.status, form.body.code]).toEqual([500, 'rest_upload_unknown_error']);
      expect(await s3.keys()).toEqual(keys);
      expect(await count(a)).toBe(rows);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('two instances on one database and one bucket', () => {
  test('a file uploaded through one instance is served by the other, and deleted through it', async () => {
    const png = await image(400, 300, 'png');
    const up = await a.request.post('/wp-json/core/v2/media').set('Authorization', a.adminAuth).attach('file', png, { filename: 'shared.png' });
    expect(up.status).toBe(201);
    const item = up.body as Item;
    // B's own media directory is empty: what it serves comes from the bucket.
    expect(readdirSync(b.config.media.dir)).toEqual([]);
    const record = await b.request.get(`/wp-json/core/v2/media/${item.id}`);
    expect([record.status, record.body.source_url]).toEqual([200, item.source_url]);
    const fromB = await served(b, item.source_url);
    expect([fromB.status, fromB.headers['content-type']]).toEqual([200, 'image/png']);
    expect((fromB.body as Buffer).equals(png)).toBe(true);
    const thumb = await served(b, item.media_details.sizes.thumbnail.source_url);
    expect((thumb.body as Buffer).equals((await served(a, item.media_details.sizes.thumbnail.source_url)).body as Buffer)).toBe(true);
    const part = await served(b, item.source_url, 'bytes=0-7');
    expect([part.status, (part.body as Buffer).equals(png.subarray(0, 8))]).toEqual([206, true]);
    // Uploaded through B, served by A; then deleted through B, gone from A.
    const other = (await uploadRaw(b, await image(40, 40, 'jpeg'), 'from-b.jpg', 'image/jpeg')).body as Item;
    expect((await served(a, other.source_url)).status).toBe(200);
    expect((await b.request.delete(`/wp-json/core/v2/media/${item.id}?force=true`).set('Authorization', b.adminAuth)).status).toBe(200);
    for (const url of urlsOf(item)) expect((await a.request.get(pathOf(url))).status).toBe(404);
  });
});
