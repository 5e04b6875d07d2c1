/**
 * Attachments' SEO fields (Yoast's `_yoast_wpseo_*` post meta, as on posts): written through
 * core/v2 media `meta` on create and update and through GraphQL's `seo` input on
 * createMediaItem/updateMediaItem, shown in the edit context's `meta` only, read by the attachment
 * head. Who may edit the attachment writes them; the advanced ones (canonical, robots, breadcrumb
 * title) need an editor; a refused or invalid write changes nothing.
 */
import sharp from 'sharp';
import type { Test } from 'supertest';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const MEDIA = '/wp-json/core/v2/media';
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 60 } } }).png().toBuffer();

let t: TestApp;
let siteName: string;
let author: string;
let otherAuthor: string;

let bytes: Buffer;

/** A multipart upload, as the block editor sends one (fields beside the file, `meta[<key>]` for meta). */
function upload(auth: string, name: string, fields: Record<string, string> = {}): Test {
  const request = t.request.post(MEDIA).set('Authorization', auth).attach('file', bytes, { filename: name, contentType: 'image/png' });
  for (const [key, value] of Object.entries(fields)) request.field(key, value);
  return request;
}

async function storedSeo(id: number): Promise<Record<string, string>> {
  const rows = await t.db.prisma.contentMeta.findMany({ where: { contentId: id, key: { startsWith: '_yoast_wpseo_' } } });
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

async function graphql(auth: string, query: string, variables: Record<string, unknown>) {
  return (await t.request.post('/graphql').set('Authorization', auth).send({ query, variables }).expect(200)).body as { data: Record<string, any> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

beforeAll(async () => {
  t = await startTestApp();
  bytes = await png();
  siteName = (await t.request.get('/wp-json/').expect(200)).body.name as string;
  author = await userAuth(t, 'mseo-author', 'author');
  otherAuthor = await userAuth(t, 'mseo-other', 'author');
});
afterAll(() => t.close());

describe('attachment SEO fields through core/v2 media meta', () => {
  test('written on create and update, shown in the edit context only, read by the head', async () => {
    const created = await upload(t.adminAuth, 'green.png', { title: 'Green field' })
      .field('meta[_yoast_wpseo_title]', 'Meadow %%sep%% %%sitename%%')
      .field('meta[_yoast_wpseo_canonical]', 'https://example.org/meadow')
      .expect(201);
    const id = created.body.id as number;
    expect(created.body.meta).toMatchObject({ _yoast_wpseo_title: 'Meadow %%sep%% %%sitename%%', _yoast_wpseo_canonical: 'https://example.org/meadow', _yoast_wpseo_metadesc: '' });
    expect(created.body.meta).not.toHaveProperty('footnotes');
    const first = (await t.request.get(`${MEDIA}/${id}?_fields=seo_head_json`).expect(200)).body.seo_head_json;
    expect(first.title).toBe(`Meadow - ${siteName}`);
    expect(first.canonical).toBe('https://example.org/meadow');

    const updated = await t.request.post(`${MEDIA}/${id}`).set('Authorization', t.adminAuth).send({ meta: { _yoast_wpseo_metadesc: 'A green meadow.', '_yoast_wpseo_meta-robots-noindex': '1' } }).expect(200);
    expect(updated.body.meta).toMatchObject({ _yoast_wpseo_title: 'Meadow %%sep%% %%sitename%%', _yoast_wpseo_metadesc: 'A green meadow.', '_yoast_wpseo_meta-robots-noindex': '1' });
    expect(await storedSeo(id)).toEqual({
      _yoast_wpseo_title: 'Meadow %%sep%% %%sitename%%',
      _yoast_wpseo_canonical: 'https://example.org/meadow',
      _yoast_wpseo_metadesc: 'A green meadow.',
      '_yoast_wpseo_meta-robots-noindex': '1',
    });

    const edit = (await t.request.get(`${MEDIA}/${id}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body;
    expect(edit.meta._yoast_wpseo_metadesc).toBe('A green meadow.');
    // Keyphrases and the rest are editors' notes: the view context prints no key (WordPress's empty `meta: []`).
    expect((await t.request.get(`${MEDIA}/${id}`).expect(200)).body.meta).toEqual([]);

    const head = (await t.request.get(`${MEDIA}/${id}?_fields=seo_head_json`).expect(200)).body.seo_head_json;
    expect(head.title).toBe(`Meadow - ${siteName}`);
    expect(head.description).toBe('A green meadow.');
    expect(head.robots.index).toBe('noindex');
    // Yoast prints no canonical on a noindexed page.
    expect(head.canonical).toBeUndefined();

    // An empty value deletes the field, as Yoast does.
    await t.request.post(`${MEDIA}/${id}`).set('Authorization', t.adminAuth).send({ meta: { '_yoast_wpseo_meta-robots-noindex': '' } }).expect(200);
    expect(await storedSeo(id)).not.toHaveProperty('_yoast_wpseo_meta-robots-noindex');
  });

  test('the attachment’s author writes the ordinary fields; the advanced ones need an editor; a refusal changes nothing', async () => {
    const id = (await upload(author, 'mine.png', { title: 'Mine' }).field('meta[_yoast_wpseo_focuskw]', 'meadow').expect(201)).body.id as number;
    await t.request.post(`${MEDIA}/${id}`).set('Authorization', author).send({ meta: { _yoast_wpseo_title: 'My photo' } }).expect(200);
    expect(await storedSeo(id)).toEqual({ _yoast_wpseo_focuskw: 'meadow', _yoast_wpseo_title: 'My photo' });

    const refused = await t.request.post(`${MEDIA}/${id}`).set('Authorization', author).send({ title: 'Renamed', meta: { _yoast_wpseo_title: 'Changed', _yoast_wpseo_canonical: 'https://example.org/x' } }).expect(403);
    expect(refused.body).toEqual({ code: 'rest_cannot_update', message: 'Sorry, you are not allowed to edit the _yoast_wpseo_canonical custom field.', data: { status: 403 } });
    const after = (await t.request.get(`${MEDIA}/${id}?context=edit`).set('Authorization', author).expect(200)).body;
    expect(after.title.raw).toBe('Mine');
    expect(await storedSeo(id)).toEqual({ _yoast_wpseo_focuskw: 'meadow', _yoast_wpseo_title: 'My photo' });

    // Sent back unchanged, an advanced field is no change (clients send back the `meta` they read).
    await t.request.post(`${MEDIA}/${id}`).set('Authorization', author).send({ meta: { ...after.meta, _yoast_wpseo_metadesc: 'Mine, described.' } }).expect(200);
    expect((await storedSeo(id))._yoast_wpseo_metadesc).toBe('Mine, described.');

    // Another author may not edit this attachment at all.
    await t.request.post(`${MEDIA}/${id}`).set('Authorization', otherAuthor).send({ meta: { _yoast_wpseo_title: 'Theirs' } }).expect(403);
    // An editor may set the advanced fields.
    await t.request.post(`${MEDIA}/${id}`).set('Authorization', await userAuth(t, 'mseo-editor', 'editor')).send({ meta: { _yoast_wpseo_bctitle: 'Photo' } }).expect(200);
    expect((await storedSeo(id))._yoast_wpseo_bctitle).toBe('Photo');
  });

  test('an upload with a refused or invalid field stores no attachment', async () => {
    const before = await t.db.prisma.content.count({ where: { type: 'attachment' } });
    const refused = await upload(author, 'refused.png').field('meta[_yoast_wpseo_canonical]', 'https://example.org/y').expect(403);
    expect(refused.body.code).toBe('rest_cannot_update');
    const invalid = await upload(t.adminAuth, 'invalid.png').field('meta[_yoast_wpseo_canonical]', 'not a url').expect(400);
    expect(invalid.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { meta: 'meta[_yoast_wpseo_canonical] is not a valid URL.' } } });
    expect(await t.db.prisma.content.count({ where: { type: 'attachment' } })).toBe(before);
  });

  test('an invalid value on update changes nothing', async () => {
    const id = (await upload(t.adminAuth, 'kept.png', { title: 'Kept' }).expect(201)).body.id as number;
    await t.request.post(`${MEDIA}/${id}`).set('Authorization', t.adminAuth).send({ title: 'Lost', meta: { _yoast_wpseo_title: 'Lost too', '_yoast_wpseo_meta-robots-noindex': '7' } }).expect(400);
    expect((await t.request.get(`${MEDIA}/${id}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body.title.raw).toBe('Kept');
    expect(await storedSeo(id)).toEqual({});
  });
});

/** createMediaItem with a multipart file (the GraphQL multipart request spec). */
async function createOverGraphql(auth: string, seo: Record<string, unknown>) {
  const query = 'mutation ($file: Upload, $seo: SeoFieldsInput) { createMediaItem(input: { file: $file, title: "Uploaded", seo: $seo }) { mediaItem { databaseId } } }';
  const res = await t.request
    .post('/graphql')
    .set('Authorization', auth)
    .field('operations', JSON.stringify({ query, variables: { file: null, seo } }))
    .field('map', JSON.stringify({ 0: ['variables.file'] }))
    .attach('0', bytes, { filename: 'uploaded.png', contentType: 'image/png' })
    .expect(200);
  return res.body as { data: { createMediaItem: { mediaItem: { databaseId: number } } | null } | null; errors?: Array<{ message: string }> };
}

describe('attachment SEO fields through GraphQL', () => {
  test('createMediaItem stores them with the upload; a refused field stores nothing', async () => {
    const created = await createOverGraphql(t.adminAuth, { title: 'Uploaded %%sep%% %%sitename%%', canonical: 'https://example.org/up' });
    expect(created.errors).toBeUndefined();
    const id = created.data?.createMediaItem?.mediaItem.databaseId as number;
    expect(await storedSeo(id)).toEqual({ _yoast_wpseo_title: 'Uploaded %%sep%% %%sitename%%', _yoast_wpseo_canonical: 'https://example.org/up' });
    const before = await t.db.prisma.content.count({ where: { type: 'attachment' } });
    const refused = await createOverGraphql(author, { title: 'Mine', metaRobotsNoindex: '1' });
    expect(refused.errors?.[0].message).toBe('Sorry, you are not allowed to edit the _yoast_wpseo_meta-robots-noindex custom field.');
    expect(await t.db.prisma.content.count({ where: { type: 'attachment' } })).toBe(before);
  });

  const UPDATE = `mutation ($id: ID!, $seo: SeoFieldsInput) {
    updateMediaItem(input: { id: $id, title: "Via GraphQL", seo: $seo }) { mediaItem { databaseId title } }
  }`;

  test('updateMediaItem writes them as REST meta does, with the same refusals', async () => {
    const id = (await upload(author, 'graph.png', { title: 'Graph' }).expect(201)).body.id as number;
    const globalId = Buffer.from(`post:${id}`).toString('base64');
    const ok = await graphql(author, UPDATE, { id: globalId, seo: { title: 'Graph photo %%sep%% %%sitename%%', metaDesc: 'Drawn by GraphQL.', focuskw: 'graph' } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.updateMediaItem.mediaItem).toEqual({ databaseId: id, title: 'Via GraphQL' });
    expect(await storedSeo(id)).toEqual({ _yoast_wpseo_title: 'Graph photo %%sep%% %%sitename%%', _yoast_wpseo_metadesc: 'Drawn by GraphQL.', _yoast_wpseo_focuskw: 'graph' });
    // The head reads them.
    expect((await t.request.get(`${MEDIA}/${id}?_fields=seo_head_json`).expect(200)).body.seo_head_json.title).toBe(`Graph photo - ${siteName}`);

    const refused = await graphql(author, UPDATE, { id: globalId, seo: { title: 'Not kept', canonical: 'https://example.org/z' } });
    expect(refused.errors?.[0].message).toBe('Sorry, you are not allowed to edit the _yoast_wpseo_canonical custom field.');
    expect((await t.request.get(`${MEDIA}/${id}?context=edit`).set('Authorization', author).expect(200)).body.title.raw).toBe('Via GraphQL');
    expect((await storedSeo(id))._yoast_wpseo_title).toBe('Graph photo %%sep%% %%sitename%%');

    const invalid = await graphql(t.adminAuth, UPDATE, { id: globalId, seo: { canonical: 'no url' } });
    expect(invalid.errors?.[0].message).toContain('input.seo.canonical');
    const byEditor = await graphql(t.adminAuth, UPDATE, { id: globalId, seo: { canonical: 'https://example.org/graph', metaDesc: null } });
    expect(byEditor.errors).toBeUndefined();
    expect((await storedSeo(id))._yoast_wpseo_canonical).toBe('https://example.org/graph');
    expect(await storedSeo(id)).not.toHaveProperty('_yoast_wpseo_metadesc');
  });
});
