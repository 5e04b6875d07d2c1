/**
 * WPGraphQL's media mutations over HTTP: uploads through urql's multipart support (the GraphQL
 * multipart request spec), sideloads of `filePath` from a local file server this test starts (the
 * SSRF guard relaxed for it alone by MEDIA_SIDELOAD_ALLOW_HOSTS), updates, deletes removing every
 * file, refusals with WordPress's codes; and the read side: featuredImage on posts, pages and
 * events for an image uploaded over REST, and mediaItems filtered by MIME type and parent.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { basicAuth, startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MAX = 2_000_000;
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();

let files: http.Server;
let filesBase: string;
const served = new Map<string, { type: string; body: Buffer }>();

let t: TestApp;
let server: GraphQLTestServer;
const accounts: Record<string, { id: number; auth: string }> = {};

beforeAll(async () => {
  served.set('/photo.png', { type: 'image/png', body: await png(800, 600) });
  served.set('/not-an-image.png', { type: 'image/png', body: Buffer.from('this is plain text, not a PNG\n'.repeat(20)) });
  served.set('/huge.png', { type: 'image/png', body: Buffer.alloc(MAX + 10, 7) });
  files = http.createServer((request, response) => {
    if (request.url === '/moved.png') {
      response.writeHead(302, { location: '/photo.png' }).end();
      return;
    }
    const file = served.get(request.url ?? '');
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'content-length': String(file.body.length) }).end(file.body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await startTestApp({ UPLOAD_MAX_BYTES: String(MAX), MEDIA_SIDELOAD_ALLOW_HOSTS: new URL(filesBase).host }, { seed: true });
  server = await listen(t);
  for (const role of ['author', 'subscriber']) {
    const user = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: `media-${role}`, email: `${role}@media.test`, password: 'a-long-password-1', roles: [role] }).expect(201);
    const pw = await t.request.post(`/wp-json/core/v2/users/${user.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'media' }).expect(201);
    accounts[role] = { id: user.body.id, auth: basicAuth(`media-${role}`, pw.body.password) };
  }
}, 60_000);

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => files.close(resolve));
});

const admin = () => server.client(t.adminAuth);

const CREATE = `mutation($input: CreateMediaItemInput!) { createMediaItem(input: $input) { clientMutationId mediaItem {
  databaseId title altText caption(format: RAW) mimeType mediaType status parentDatabaseId sourceUrl thumb: sourceUrl(size: THUMBNAIL)
  mediaDetails { width height file sizes { name sourceUrl width height mimeType } } } } }`;

/** The codes of an answer's errors (none: []). */
async function errorCodes(client: ReturnType<typeof admin>, query: string, variables: Json): Promise<string[]> {
  const result = await execute(client, query, variables);
  return (result.error?.graphQLErrors ?? []).map((e) => String(e.extensions.code));
}

const attachmentCount = () => t.db.prisma.content.count({ where: { type: 'attachment' } });
const onDisk = (url: string) => path.join(t.config.media.dir, new URL(url).pathname.replace(/^\/wp-content\/uploads\//, ''));

async function fetchImage(url: string): Promise<Json> {
  const response = await t.request.get(new URL(url).pathname).expect(200);
  return sharp(response.body as Buffer).metadata();
}

describe('createMediaItem', () => {
  it('takes a file sent as a multipart part (urql implements the spec) and stores it with its sub-sizes', async () => {
    const postId = (await t.request.get('/wp-json/core/v2/posts?per_page=1')).body[0].id as number;
    const file = new File([await png(640, 480)], 'red square.png', { type: 'image/png' });
    const data = await run<Json>(admin(), CREATE, { input: { clientMutationId: 'up-1', file, title: 'Red square', altText: 'A red square', caption: 'Caption here', parentId: String(postId) } });
    const m = data.createMediaItem.mediaItem;
    expect(data.createMediaItem.clientMutationId).toBe('up-1');
    expect(m).toMatchObject({ title: 'Red square', altText: 'A red square', caption: 'Caption here', mimeType: 'image/png', mediaType: 'image', status: 'inherit', parentDatabaseId: postId });
    expect(m.mediaDetails).toMatchObject({ width: 640, height: 480 });
    expect(m.mediaDetails.file).toMatch(/red-square\.png$/);
    const thumb = m.mediaDetails.sizes.find((s: Json) => s.name === 'thumbnail');
    expect(thumb).toMatchObject({ width: '150', height: '150', mimeType: 'image/png' });
    expect(m.thumb).toBe(thumb.sourceUrl);
    expect(await fetchImage(m.thumb)).toMatchObject({ width: 150, height: 150, format: 'png' });
    expect(await fetchImage(m.sourceUrl)).toMatchObject({ width: 640, height: 480 });
    // The same record as REST's.
    const rest = await t.request.get(`/wp-json/core/v2/media/${m.databaseId}`).expect(200);
    expect(rest.body).toMatchObject({ alt_text: 'A red square', mime_type: 'image/png', post: postId, source_url: m.sourceUrl });
  });

  it('sideloads filePath through the SSRF-safe fetcher (redirects followed, each hop checked)', async () => {
    const data = await run<Json>(admin(), CREATE, { input: { filePath: `${filesBase}/moved.png`, title: 'Sideloaded', fileType: 'IMAGE_PNG' } });
    const m = data.createMediaItem.mediaItem;
    expect(m).toMatchObject({ title: 'Sideloaded', mimeType: 'image/png' });
    expect(m.mediaDetails).toMatchObject({ width: 800, height: 600 });
    expect(m.mediaDetails.file).toMatch(/moved\.png$/);
    expect(m.mediaDetails.sizes.map((s: Json) => s.name)).toEqual(expect.arrayContaining(['thumbnail', 'medium', 'medium_large']));
    expect(await fetchImage(m.sourceUrl)).toMatchObject({ width: 800, height: 600 });
    expect(existsSync(onDisk(m.sourceUrl))).toBe(true);
  });

  it('refuses sideloads the guard does not allow, of missing files and of files too big, leaving nothing', async () => {
    const before = await attachmentCount();
    // Only the exact authority is exempt: the same server under another name is loopback, refused.
    const port = new URL(filesBase).port;
    expect(await errorCodes(admin(), CREATE, { input: { filePath: `http://localhost:${port}/photo.png` } })).toEqual(['rest_upload_sideload_error']);
    expect(await errorCodes(admin(), CREATE, { input: { filePath: 'http://169.254.169.254/latest/meta-data/x.png' } })).toEqual(['rest_upload_sideload_error']);
    expect(await errorCodes(admin(), CREATE, { input: { filePath: 'file:///etc/passwd' } })).toEqual(['rest_upload_sideload_error']);
    expect(await errorCodes(admin(), CREATE, { input: { filePath: `${filesBase}/nothing.png` } })).toEqual(['rest_upload_sideload_error']);
    expect(await errorCodes(admin(), CREATE, { input: { filePath: `${filesBase}/huge.png` } })).toEqual(['rest_upload_file_too_big']);
    expect(await errorCodes(admin(), CREATE, { input: { filePath: `${filesBase}/not-an-image.png` } })).toEqual(['rest_upload_sideload_error']);
    expect(await attachmentCount()).toBe(before);
  });

  it('refuses bad files sent as parts with WordPress codes in errors[], leaving no row', async () => {
    const before = await attachmentCount();
    const text = new File([Buffer.from('not a png at all')], 'fake.png', { type: 'image/png' });
    expect(await errorCodes(admin(), CREATE, { input: { file: text } })).toEqual(['rest_upload_unknown_error']);
    const script = new File([Buffer.from('<?php echo 1;')], 'shell.php', { type: 'image/png' });
    expect(await errorCodes(admin(), CREATE, { input: { file: script } })).toEqual(['rest_upload_unknown_error']);
    const big = new File([Buffer.alloc(MAX + 1, 1)], 'big.png', { type: 'image/png' });
    expect(await errorCodes(admin(), CREATE, { input: { file: big } })).toEqual(['rest_upload_file_too_big']);
    const empty = new File([], 'empty.png', { type: 'image/png' });
    expect(await errorCodes(admin(), CREATE, { input: { file: empty } })).toEqual(['rest_upload_unknown_error']);
    expect(await errorCodes(admin(), CREATE, { input: { title: 'No file' } })).toEqual(['rest_upload_no_data']);
    expect(await attachmentCount()).toBe(before);
  });

  it('refuses anonymous and subscriber uploads before anything is fetched or stored', async () => {
    const before = await attachmentCount();
    const file = new File([await png(20, 20)], 'tiny.png', { type: 'image/png' });
    const anonymous = await execute(server.client(), CREATE, { input: { file } });
    expect(anonymous.error?.graphQLErrors.map((e) => [e.extensions.code, e.extensions.status])).toEqual([['rest_cannot_create', 401]]);
    const subscriber = await execute(server.client(accounts.subscriber.auth), CREATE, { input: { filePath: `${filesBase}/photo.png` } });
    expect(subscriber.error?.graphQLErrors.map((e) => [e.extensions.code, e.extensions.status])).toEqual([['rest_cannot_create', 403]]);
    // An author may upload, but not on behalf of somebody else.
    expect(await errorCodes(server.client(accounts.author.auth), CREATE, { input: { file, authorId: '1' } })).toEqual(['rest_cannot_edit_others']);
    expect(await attachmentCount()).toBe(before);
  });
});

describe('the multipart transport', () => {
  const post = (body: FormData, auth = t.adminAuth) => fetch(server.url, { method: 'POST', body, headers: { authorization: auth } });

  it('answers malformed requests with 400 and errors[], never a dropped connection', async () => {
    const noMap = new FormData();
    noMap.append('operations', JSON.stringify({ query: CREATE, variables: { input: { file: null } } }));
    const a = await post(noMap);
    expect(a.status).toBe(400);
    expect(((await a.json()) as Json).errors[0].message).toMatch(/map/);

    const badPath = new FormData();
    badPath.append('operations', JSON.stringify({ query: CREATE, variables: { input: { file: null } } }));
    badPath.append('map', JSON.stringify({ 0: ['variables.__proto__.x'] }));
    badPath.append('0', new Blob([await png(10, 10)]), 'a.png');
    expect((await post(badPath)).status).toBe(400);

    const missingFile = new FormData();
    missingFile.append('operations', JSON.stringify({ query: CREATE, variables: { input: { file: null } } }));
    missingFile.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
    const c = await post(missingFile);
    expect(c.status).toBe(400);
    expect(((await c.json()) as Json).errors[0].message).toMatch(/File missing/);
  });

  it('refuses an Upload value that is not a file part', async () => {
    const result = await execute(admin(), CREATE, { input: { file: 'http://example.com/x.png' } });
    expect(result.error?.graphQLErrors[0].message).toMatch(/multipart/);
  });

  it('is POST only: a GET with a multipart type runs nothing', async () => {
    const response = await fetch(`${server.url}?query=${encodeURIComponent('{ __typename }')}`, { headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(response.status).toBe(415);
  });

  it('keeps the JSON transport and CORS as they were', async () => {
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://front.example' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(await response.json()).toEqual({ data: { __typename: 'RootQuery' } });
  });
});

describe('updateMediaItem and deleteMediaItem', () => {
  let id: number;
  let urls: string[];

  beforeAll(async () => {
    const data = await run<Json>(server.client(accounts.author.auth), CREATE, { input: { file: new File([await png(400, 300)], 'authors.png', { type: 'image/png' }), title: 'Author upload' } });
    id = data.createMediaItem.mediaItem.databaseId;
    urls = [data.createMediaItem.mediaItem.sourceUrl, ...data.createMediaItem.mediaItem.mediaDetails.sizes.map((s: Json) => s.sourceUrl)];
    expect(urls.length).toBeGreaterThan(1);
  });

  const UPDATE = `mutation($input: UpdateMediaItemInput!) { updateMediaItem(input: $input) { clientMutationId mediaItem { databaseId title altText caption(format: RAW) description(format: RAW) slug } } }`;
  const DELETE = `mutation($input: DeleteMediaItemInput!) { deleteMediaItem(input: $input) { clientMutationId deletedId mediaItem { databaseId title status } } }`;
  const gid = (n: number) => Buffer.from(`post:${n}`).toString('base64');

  it('updates the fields and the alt text through the domain', async () => {
    const data = await run<Json>(server.client(accounts.author.auth), UPDATE, { input: { id: gid(id), clientMutationId: 'u', title: 'Renamed', altText: 'New alt', caption: 'New caption', description: 'Long text', slug: 'renamed-image' } });
    expect(data.updateMediaItem).toEqual({ clientMutationId: 'u', mediaItem: { databaseId: id, title: 'Renamed', altText: 'New alt', caption: 'New caption', description: 'Long text', slug: 'renamed-image' } });
    const rest = await t.request.get(`/wp-json/core/v2/media/${id}`).expect(200);
    expect(rest.body).toMatchObject({ alt_text: 'New alt', slug: 'renamed-image' });
  });

  it('refuses updates and deletes by those who may not', async () => {
    expect(await errorCodes(server.client(accounts.subscriber.auth), UPDATE, { input: { id: String(id), title: 'Mine now' } })).toEqual(['rest_cannot_edit']);
    expect(await errorCodes(server.client(), UPDATE, { input: { id: String(id), title: 'Mine now' } })).toEqual(['rest_cannot_edit']);
    expect(await errorCodes(server.client(accounts.subscriber.auth), DELETE, { input: { id: String(id) } })).toEqual(['rest_cannot_delete']);
    expect(await errorCodes(admin(), UPDATE, { input: { id: String(id), commentStatus: 'sometimes' } })).toEqual(['rest_invalid_param']);
    expect(await errorCodes(admin(), DELETE, { input: { id: '999999' } })).toEqual(['rest_post_invalid_id']);
    for (const url of urls) expect(existsSync(onDisk(url))).toBe(true);
  });

  it('deletes for good (attachments have no trash) and every file goes; the payload shows trash as WPGraphQL does', async () => {
    const data = await run<Json>(server.client(accounts.author.auth), DELETE, { input: { id: gid(id), clientMutationId: 'd' } });
    expect(data.deleteMediaItem).toEqual({ clientMutationId: 'd', deletedId: gid(id), mediaItem: { databaseId: id, title: 'Renamed', status: 'trash' } });
    for (const url of urls) expect(existsSync(onDisk(url))).toBe(false);
    expect(await t.db.prisma.content.findUnique({ where: { id } })).toBeNull();
    const gone = await run<Json>(admin(), 'query($id: ID!) { mediaItem(id: $id, idType: DATABASE_ID) { databaseId } }', { id: String(id) });
    expect(gone.mediaItem).toBeNull();
  });

  it('deletes with forceDelete too, the payload showing the item as it was', async () => {
    const made = await run<Json>(admin(), CREATE, { input: { file: new File([await png(50, 50)], 'gone.png', { type: 'image/png' }) } });
    const m = made.createMediaItem.mediaItem;
    const data = await run<Json>(admin(), DELETE, { input: { id: String(m.databaseId), forceDelete: true } });
    expect(data.deleteMediaItem.mediaItem).toMatchObject({ databaseId: m.databaseId, status: 'inherit' });
    expect(existsSync(onDisk(m.sourceUrl))).toBe(false);
  });
});

describe('featured images and media lists', () => {
  let imageId: number;
  let imageUrl: string;
  let postId: number;
  let pageId: number;
  let eventId: number;

  beforeAll(async () => {
    const upload = await t.request
      .post('/wp-json/core/v2/media')
      .set('Authorization', t.adminAuth)
      .set('Content-Type', 'image/png')
      .set('Content-Disposition', 'attachment; filename="featured.png"')
      .send(await png(1200, 900))
      .expect(201);
    imageId = upload.body.id;
    imageUrl = upload.body.source_url;
    await t.request.post(`/wp-json/core/v2/media/${imageId}`).set('Authorization', t.adminAuth).send({ alt_text: 'Featured alt' }).expect(200);
    postId = (await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'With image', status: 'publish', featured_media: imageId }).expect(201)).body.id;
    pageId = (await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'Page with image', status: 'publish', featured_media: imageId }).expect(201)).body.id;
    const event = await t.request
      .post('/wp-json/events/v1/events')
      .set('Authorization', t.adminAuth)
      .send({ title: 'Event with image', status: 'publish', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 12:00:00', image: String(imageId) });
    if (event.status !== 201) throw new Error(`event: ${event.status} ${JSON.stringify(event.body)}`);
    eventId = event.body.id;
  });

  const FEATURED = 'featuredImage { node { databaseId sourceUrl(size: THUMBNAIL) altText mediaDetails { sizes { name sourceUrl width height } } } }';

  it('answers featuredImage on posts, pages and events with the uploaded image', async () => {
    const data = await run<Json>(
      server.client(),
      `query($p: ID!, $g: ID!, $e: ID!) { post(id: $p, idType: DATABASE_ID) { ${FEATURED} } page(id: $g, idType: DATABASE_ID) { ${FEATURED} } event(id: $e, idType: DATABASE_ID) { ${FEATURED} } }`,
      { p: String(postId), g: String(pageId), e: String(eventId) },
    );
    for (const owner of [data.post, data.page, data.event]) {
      const node = owner.featuredImage.node;
      expect(node).toMatchObject({ databaseId: imageId, altText: 'Featured alt' });
      expect(node.sourceUrl).toMatch(/featured-150x150\.png$/);
      expect(new URL(node.sourceUrl).pathname.slice(0, 30)).toBe(new URL(imageUrl).pathname.slice(0, 30));
      const names = node.mediaDetails.sizes.map((s: Json) => s.name);
      expect(names).toEqual(expect.arrayContaining(['thumbnail', 'medium', 'medium_large', 'large']));
      expect(node.mediaDetails.sizes.find((s: Json) => s.name === 'medium')).toMatchObject({ width: '300', height: '225' });
      expect(await fetchImage(node.sourceUrl)).toMatchObject({ width: 150, height: 150 });
    }
  });

  it('filters mediaItems by MIME type and parent', async () => {
    const attached = await run<Json>(admin(), CREATE, { input: { file: new File([await png(30, 30)], 'child.png', { type: 'image/png' }), parentId: String(postId) } });
    const childId = attached.createMediaItem.mediaItem.databaseId;
    const jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: { r: 0, g: 0, b: 0 } } }).jpeg().toBuffer();
    const jpegChild = await run<Json>(admin(), CREATE, { input: { file: new File([jpeg], 'child.jpg', { type: 'image/jpeg' }), parentId: String(postId) } });
    const jpegId = jpegChild.createMediaItem.mediaItem.databaseId;
    const list = (where: string) => run<Json>(admin(), `{ mediaItems(first: 100, where: ${where}) { nodes { databaseId mimeType parentDatabaseId } } }`);
    const byParent = await list(`{ parent: "${postId}" }`);
    expect(byParent.mediaItems.nodes.map((n: Json) => n.databaseId).sort()).toEqual([childId, jpegId].sort());
    const pngs = await list(`{ mimeType: IMAGE_PNG, parent: "${postId}" }`);
    expect(pngs.mediaItems.nodes).toEqual([{ databaseId: childId, mimeType: 'image/png', parentDatabaseId: postId }]);
    const jpegs = await list('{ mimeType: IMAGE_JPEG }');
    expect(jpegs.mediaItems.nodes.map((n: Json) => n.databaseId)).toContain(jpegId);
    expect(jpegs.mediaItems.nodes.every((n: Json) => n.mimeType === 'image/jpeg')).toBe(true);
  });
});
