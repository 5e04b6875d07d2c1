/**
 * The media library over HTTP: raw and multipart uploads of PNG and JPEG files, their sub-sizes
 * decoded and measured, the -scaled and EXIF-rotated originals, edits checked pixel by pixel,
 * files refused by their bytes, the uploads served with ranges, and deletion removing every file.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startTestApp, SITE_URL, type TestApp } from '../support/app';

let t: TestApp;
const MAX = 3_000_000;

beforeAll(async () => {
  t = await startTestApp({ UPLOAD_MAX_BYTES: String(MAX) });
});
afterAll(async () => t.close());

const RED = { r: 255, g: 0, b: 0 };
const GREEN = { r: 0, g: 255, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };
const WHITE = { r: 255, g: 255, b: 255 };

/** A width×height image of four quadrants: red top-left, green top-right, blue bottom-left, white bottom-right. */
async function quadrants(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const w = width / 2;
  const h = height / 2;
  const tile = (c: typeof RED) => sharp({ create: { width: w, height: h, channels: 3, background: c } }).png().toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: WHITE } }).composite([
    { input: await tile(RED), left: 0, top: 0 },
    { input: await tile(GREEN), left: w, top: 0 },
    { input: await tile(BLUE), left: 0, top: h },
  ]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

const pathOf = (url: string) => url.slice(SITE_URL.length);

async function fetchFile(url: string): Promise<Buffer> {
  const res = await t.request.get(pathOf(url)).buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

async function pixel(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at], g: data[at + 1], b: data[at + 2] };
}

function near(actual: { r: number; g: number; b: number }, expected: { r: number; g: number; b: number }): void {
  for (const k of ['r', 'g', 'b'] as const) expect(Math.abs(actual[k] - expected[k])).toBeLessThanOrEqual(40);
}

const uploadRaw = (bytes: Buffer, name: string, type: string) =>
  t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', type).set('Content-Disposition', `attachment; filename="${name}"`).send(bytes);

const filesInMediaDir = (): string[] => {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else out.push(entry.name);
    }
  };
  walk(t.config.media.dir);
  return out;
};

describe('uploads', () => {
  test('a raw PNG: the record as WordPress returns it, every sub-size made and measurable', async () => {
    const res = await uploadRaw(await quadrants(400, 300, 'png'), 'quads.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${SITE_URL}/wp-json/core/v2/media/${res.body.id}`);
    const item = res.body;
    expect(item).toMatchObject({ type: 'attachment', status: 'inherit', slug: 'quads', title: { raw: 'quads' }, media_type: 'image', mime_type: 'image/png', post: null, alt_text: '' });
    const month = new Date().toISOString().slice(0, 7).replace('-', '/');
    expect(item.source_url).toBe(`${SITE_URL}/wp-content/uploads/${month}/quads.png`);
    expect(item.media_details).toMatchObject({ width: 400, height: 300, file: `${month}/quads.png` });
    expect(item.media_details.image_meta).toMatchObject({ orientation: '0', keywords: [] });
    expect(Object.keys(item.media_details.sizes)).toEqual(['medium', 'thumbnail', 'full'].filter((s) => item.media_details.sizes[s]).sort((a, b) => Object.keys(item.media_details.sizes).indexOf(a) - Object.keys(item.media_details.sizes).indexOf(b)));
    expect(item.media_details.sizes.thumbnail).toMatchObject({ file: 'quads-150x150.png', width: 150, height: 150, mime_type: 'image/png', source_url: `${SITE_URL}/wp-content/uploads/${month}/quads-150x150.png` });
    expect(item.media_details.sizes.medium).toMatchObject({ file: 'quads-300x225.png', width: 300, height: 225 });
    expect(item.media_details.sizes.full).toEqual({ file: 'quads.png', width: 400, height: 300, mime_type: 'image/png', source_url: item.source_url });
    expect(item.missing_image_sizes).toEqual([]);
    expect(item.description.rendered).toContain('class="attachment-medium size-medium"');
    for (const size of ['thumbnail', 'medium', 'full']) {
      const info = await sharp(await fetchFile(item.media_details.sizes[size].source_url)).metadata();
      expect([info.width, info.height]).toEqual([item.media_details.sizes[size].width, item.media_details.sizes[size].height]);
      expect(info.format).toBe('png');
    }
    // The thumbnail is a centred crop: its corners keep the quadrants' colours.
    const thumb = await fetchFile(item.media_details.sizes.thumbnail.source_url);
    near(await pixel(thumb, 2, 2), RED);
    near(await pixel(thumb, 147, 147), WHITE);
  });

  test('a multipart JPEG with fields; a second upload of the same name gets -1', async () => {
    const bytes = await quadrants(1200, 800, 'jpeg');
    const res = await t.request
      .post('/wp-json/core/v2/media')
      .set('Authorization', t.adminAuth)
      .field('title', 'Harbour at dawn')
      .field('caption', 'A caption')
      .field('description', 'Some words')
      .field('alt_text', 'Boats')
      .attach('file', bytes, { filename: 'harbour.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: { raw: 'Harbour at dawn' }, caption: { raw: 'A caption' }, description: { raw: 'Some words' }, alt_text: 'Boats', mime_type: 'image/jpeg', slug: 'harbour-at-dawn' });
    const sizes = res.body.media_details.sizes;
    expect(Object.keys(sizes).sort()).toEqual(['full', 'large', 'medium', 'medium_large', 'thumbnail']);
    expect(sizes.large).toMatchObject({ width: 1024, height: 683 });
    expect(sizes.medium_large).toMatchObject({ width: 768, height: 512 });
    const large = await sharp(await fetchFile(sizes.large.source_url)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['jpeg', 1024, 683]);

    const again = await uploadRaw(bytes, 'harbour.jpg', 'image/jpeg');
    expect(again.status).toBe(201);
    expect(again.body.source_url).toMatch(/\/harbour-1\.jpg$/);
    expect(again.body.title.raw).toBe('harbour-1');
  });

  test('an image above 2560 pixels is scaled; the original is kept as original_image', async () => {
    const res = await uploadRaw(await quadrants(3000, 2000, 'jpeg'), 'wide.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const details = res.body.media_details;
    expect(details).toMatchObject({ width: 2560, height: 1707, original_image: 'wide.jpg' });
    expect(details.file).toMatch(/\/wide-scaled\.jpg$/);
    expect(res.body.source_url).toMatch(/\/wide-scaled\.jpg$/);
    expect(details.sizes['2048x2048']).toMatchObject({ width: 2048, height: 1365 });
    const scaled = await sharp(await fetchFile(res.body.source_url)).metadata();
    expect([scaled.width, scaled.height]).toEqual([2560, 1707]);
  });

  test('the EXIF orientation is applied: a -rotated upright copy and upright sizes', async () => {
    // Stored 400×200 with "rotate 90° clockwise to view" (6): upright it is 200×400.
    const stored = await sharp(await quadrants(400, 200, 'jpeg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const res = await uploadRaw(stored, 'phone.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    expect(res.body.media_details).toMatchObject({ width: 200, height: 400, original_image: 'phone.jpg' });
    expect(res.body.source_url).toMatch(/\/phone-rotated\.jpg$/);
    const upright = await fetchFile(res.body.source_url);
    const info = await sharp(upright).metadata();
    expect([info.width, info.height]).toEqual([200, 400]);
    // The stored top-left (red) is top-right once turned clockwise.
    near(await pixel(upright, 190, 10), RED);
    expect(res.body.media_details.sizes.medium).toMatchObject({ width: 150, height: 300 });
  });
});

describe('refused uploads leave no file and no row', () => {
  const count = async () => Number((await t.request.get('/wp-json/core/v2/media?per_page=1').set('Authorization', t.adminAuth)).headers['x-wp-total']);

  test('bytes that do not match the name, wrong or missing headers, too big', async () => {
    const before = await count();
    const files = filesInMediaDir().length;
    const png = await quadrants(20, 20, 'png');
    let res = await uploadRaw(png, 'notes.txt', 'text/plain');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_upload_sideload_error');
    res = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).attach('file', Buffer.from('just some text, not an image'), { filename: 'photo.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_upload_unknown_error');
    res = await uploadRaw(png, 'evil.php', 'image/png');
    expect(res.body.code).toBe('rest_upload_sideload_error');
    res = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', 'image/png').send(png);
    expect([res.status, res.body.code]).toEqual([400, 'rest_upload_no_content_disposition']);
    res = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', 'image/png').set('Content-Disposition', 'attachment').send(png);
    expect([res.status, res.body.code]).toEqual([400, 'rest_upload_invalid_disposition']);
    res = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth);
    expect([res.status, res.body.code]).toEqual([400, 'rest_upload_no_data']);
    res = await uploadRaw(Buffer.alloc(MAX + 10, 1), 'big.png', 'image/png');
    expect([res.status, res.body.code]).toEqual([400, 'rest_upload_file_too_big']);
    res = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).attach('file', Buffer.alloc(MAX + 10, 1), { filename: 'big.png' });
    expect([res.status, res.body.code]).toEqual([400, 'rest_upload_file_too_big']);
    res = await t.request.post('/wp-json/core/v2/media').set('Content-Type', 'image/png').set('Content-Disposition', 'attachment; filename=a.png').send(png);
    expect([res.status, res.body.code]).toEqual([401, 'rest_cannot_create']);
    expect(await count()).toBe(before);
    expect(filesInMediaDir().length).toBe(files);
  });

  test('a JPEG named .png is stored as .jpg (wp_check_filetype_and_ext)', async () => {
    const res = await uploadRaw(await quadrants(20, 20, 'jpeg'), 'mislabelled.png', 'image/png');
    expect(res.status).toBe(201);
    expect([res.body.mime_type, res.body.source_url.endsWith('/mislabelled.jpg')]).toEqual(['image/jpeg', true]);
  });
});

describe('serving files', () => {
  test('type, ETag, Cache-Control, conditional GET and ranges', async () => {
    const up = await uploadRaw(await quadrants(40, 40, 'png'), 'ranged.png', 'image/png');
    const url = pathOf(up.body.source_url);
    const full = await t.request.get(url);
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const etag = full.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const size = Number(full.headers['content-length']);
    expect((await t.request.get(url).set('If-None-Match', etag)).status).toBe(304);
    const part = await t.request.get(url).set('Range', 'bytes=0-7').buffer(true).parse((r, cb) => {
      const c: Buffer[] = [];
      r.on('data', (d: Buffer) => c.push(d));
      r.on('end', () => cb(null, Buffer.concat(c)));
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${size}`);
    expect((part.body as Buffer).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    const tail = await t.request.get(url).set('Range', 'bytes=-4');
    expect([tail.status, tail.headers['content-range']]).toEqual([206, `bytes ${size - 4}-${size - 1}/${size}`]);
    const beyond = await t.request.get(url).set('Range', `bytes=${size + 10}-`);
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, `bytes */${size}`]);
    expect((await t.request.get('/wp-content/uploads/2020/01/nothing.png')).status).toBe(404);
    expect((await t.request.get('/wp-content/uploads/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });
});

describe('edits', () => {
  let source: { id: number; source_url: string };
  beforeAll(async () => {
    source = (await uploadRaw(await quadrants(400, 300, 'png'), 'edit-me.png', 'image/png')).body;
  });
  const edit = (body: Record<string, unknown>) => t.request.post(`/wp-json/core/v2/media/${source.id}/edit`).set('Authorization', t.adminAuth).send({ src: source.source_url, ...body });

  test('flip, rotate and crop in order make a new -edited attachment', async () => {
    const flipped = await edit({ modifiers: [{ type: 'flip', args: { flip: { horizontal: true, vertical: false } } }] });
    expect(flipped.status).toBe(201);
    expect(flipped.body.id).not.toBe(source.id);
    expect(flipped.body.source_url).toMatch(/\/edit-me-edited\.png$/);
    expect(flipped.body.title.raw).toBe('edit-me');
    let image = await fetchFile(flipped.body.source_url);
    near(await pixel(image, 5, 5), GREEN);
    near(await pixel(image, 394, 5), RED);

    const rotated = await edit({ modifiers: [{ type: 'rotate', args: { angle: 90 } }] });
    expect(rotated.status).toBe(201);
    expect(rotated.body.source_url).toMatch(/\/edit-me-edited-1\.png$/);
    image = await fetchFile(rotated.body.source_url);
    expect((await sharp(image).metadata()).width).toBe(300);
    near(await pixel(image, 5, 5), BLUE);
    near(await pixel(image, 294, 5), RED);
    expect(rotated.body.media_details).toMatchObject({ width: 300, height: 400, parent_image: { attachment_id: source.id } });

    const cropped = await edit({ modifiers: [{ type: 'crop', args: { left: 50, top: 0, width: 50, height: 50 } }, { type: 'flip', args: { flip: { horizontal: false, vertical: true } } }] });
    image = await fetchFile(cropped.body.source_url);
    const info = await sharp(image).metadata();
    expect([info.width, info.height]).toEqual([200, 150]);
    near(await pixel(image, 100, 75), GREEN);

    const legacy = await edit({ rotation: 180, x: 0, y: 50, width: 50, height: 50 });
    expect(legacy.status).toBe(201);
    image = await fetchFile(legacy.body.source_url);
    expect([(await sharp(image).metadata()).width, (await sharp(image).metadata()).height]).toEqual([200, 150]);
    // Rotated 180° first, the bottom-left quadrant is the original top-right (green).
    near(await pixel(image, 100, 75), GREEN);
  });

  test('bounds and refusals with WordPress codes', async () => {
    expect((await edit({ rotation: 0 })).body.code).toBe('rest_invalid_param');
    expect((await edit({ rotation: 360 })).body.code).toBe('rest_invalid_param');
    expect((await edit({ x: 101, y: 0, width: 10, height: 10 })).body.code).toBe('rest_invalid_param');
    expect((await edit({ modifiers: [] })).body.code).toBe('rest_invalid_param');
    expect((await edit({ modifiers: [{ type: 'spin', args: {} }] })).body.code).toBe('rest_invalid_param');
    expect((await edit({})).body).toMatchObject({ code: 'rest_image_not_edited', data: { status: 400 } });
    const wrongSrc = await t.request.post(`/wp-json/core/v2/media/${source.id}/edit`).set('Authorization', t.adminAuth).send({ src: `${SITE_URL}/wp-content/uploads/other.png`, rotation: 90 });
    expect([wrongSrc.status, wrongSrc.body.code]).toEqual([404, 'rest_unknown_attachment']);
    const anonymous = await t.request.post(`/wp-json/core/v2/media/${source.id}/edit`).send({ src: source.source_url, rotation: 90 });
    expect(anonymous.status).toBe(401);
  });
});

describe('the library', () => {
  test('updates, collection filters, featured media and attached-to links', async () => {
    const post = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'With image', status: 'publish' });
    const res = await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).field('post', String(post.body.id)).attach('file', await quadrants(60, 40, 'png'), { filename: 'attached.png' });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(res.body.post).toBe(post.body.id);
    expect(res.body._links['wp:attached-to'][0]).toMatchObject({ embeddable: true, post_type: 'post', id: post.body.id });

    const updated = await t.request.post(`/wp-json/core/v2/media/${id}`).set('Authorization', t.adminAuth).send({ alt_text: 'New alt', caption: 'Cap', title: 'Renamed' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ alt_text: 'New alt', caption: { raw: 'Cap', rendered: '<p>Cap</p>\n' }, title: { raw: 'Renamed' } });

    const list = await t.request.get(`/wp-json/core/v2/media?parent=${post.body.id}`);
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await t.request.get('/wp-json/core/v2/media?media_type=video')).body).toEqual([]);
    expect((await t.request.get('/wp-json/core/v2/media?mime_type=image/jpeg&per_page=100')).body.every((m: { mime_type: string }) => m.mime_type === 'image/jpeg')).toBe(true);
    expect((await t.request.get('/wp-json/core/v2/media?media_type=image&per_page=100')).body.length).toBeGreaterThan(3);
    expect((await t.request.get('/wp-json/core/v2/media?status=private')).body.code).toBe('rest_invalid_param');

    await t.request.post(`/wp-json/core/v2/posts/${post.body.id}`).set('Authorization', t.adminAuth).send({ featured_media: id });
    const embedded = await t.request.get(`/wp-json/core/v2/posts/${post.body.id}?_embed=wp:featuredmedia`);
    expect(embedded.body.featured_media).toBe(id);
    expect(embedded.body._embedded['wp:featuredmedia'][0]).toMatchObject({ id, source_url: res.body.source_url, alt_text: 'New alt' });
    expect(embedded.body._links['wp:attachment'][0].href).toBe(`${SITE_URL}/wp-json/core/v2/media?parent=${post.body.id}`);
  });

  test('post-process makes the missing sizes again', async () => {
    const res = await uploadRaw(await quadrants(400, 300, 'png'), 'reprocess.png', 'image/png');
    const id = res.body.id;
    const meta = await t.db.prisma.contentMeta.findFirstOrThrow({ where: { contentId: id, key: '_wp_attachment_metadata' } });
    const stored = JSON.parse(meta.value);
    delete stored.sizes.thumbnail;
    await t.db.prisma.contentMeta.update({ where: { id: meta.id }, data: { value: JSON.stringify(stored) } });
    const before = await t.request.get(`/wp-json/core/v2/media/${id}?context=edit`).set('Authorization', t.adminAuth);
    expect(before.body.missing_image_sizes).toEqual(['thumbnail']);
    const bad = await t.request.post(`/wp-json/core/v2/media/${id}/post-process`).set('Authorization', t.adminAuth).send({ action: 'other' });
    expect(bad.body.code).toBe('rest_invalid_param');
    const done = await t.request.post(`/wp-json/core/v2/media/${id}/post-process`).set('Authorization', t.adminAuth).send({ action: 'create-image-subsizes' });
    expect(done.status).toBe(200);
    expect(done.body.missing_image_sizes).toEqual([]);
    expect(done.body.media_details.sizes.thumbnail).toMatchObject({ width: 150, height: 150 });
  });

  test('DELETE needs force (501), then the row and every file go', async () => {
    const res = await uploadRaw(await quadrants(3000, 2000, 'jpeg'), 'doomed.jpg', 'image/jpeg');
    const id = res.body.id;
    const urls = [res.body.source_url, ...Object.values(res.body.media_details.sizes).map((s) => (s as { source_url: string }).source_url)];
    const original = res.body.source_url.replace('-scaled', '');
    urls.push(original);
    for (const url of urls) expect((await t.request.head(pathOf(url))).status).toBe(200);
    const soft = await t.request.delete(`/wp-json/core/v2/media/${id}`).set('Authorization', t.adminAuth);
    expect([soft.status, soft.body.code]).toEqual([501, 'rest_trash_not_supported']);
    const hard = await t.request.delete(`/wp-json/core/v2/media/${id}?force=true`).set('Authorization', t.adminAuth);
    expect(hard.status).toBe(200);
    expect(hard.body).toMatchObject({ deleted: true, previous: { id, source_url: res.body.source_url } });
    for (const url of urls) expect((await t.request.get(pathOf(url))).status).toBe(404);
    expect(filesInMediaDir().filter((f) => f.startsWith('doomed'))).toEqual([]);
    expect((await t.request.get(`/wp-json/core/v2/media/${id}`)).status).toBe(404);
  });
});
