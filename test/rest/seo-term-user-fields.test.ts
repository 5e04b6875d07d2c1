/**
 * Yoast's SEO fields of terms (term meta `wpseo_*`) and users (user meta `wpseo_title`,
 * `wpseo_metadesc`, `wpseo_noindex_author`) written through the `meta` of core/v2 categories, tags
 * and users: checked, kept to who may edit the term or the user, shown in the edit context's
 * `meta` only, read by the archives' heads (REST and the public page alike); a refused write
 * changes nothing.
 */
import { startTestApp, userAuth, type TestApp } from '../support/app';

const CATEGORIES = '/wp-json/core/v2/categories';
const TAGS = '/wp-json/core/v2/tags';
const USERS = '/wp-json/core/v2/users';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

describe('seo: term and user fields', () => {
  let t: TestApp;
  let siteName: string;
  let author: string;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    siteName = (await t.request.get('/wp-json/').expect(200)).body.name as string;
    author = await userAuth(t, 'penny', 'author');
    editor = await userAuth(t, 'eddie', 'editor');
  });
  afterAll(() => t.close());

  describe('terms', () => {
    let id: number;
    beforeAll(async () => {
      id = (await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Gardens' }).expect(201)).body.id as number;
    });

    test('written through meta, stored as term meta rows, shown in the edit context only, read by the head', async () => {
      const res = await t.request
        .post(`${CATEGORIES}/${id}`)
        .set('Authorization', editor)
        .send({ meta: { wpseo_title: 'All about %%term_title%% %%sep%% %%sitename%%', wpseo_desc: 'Beds, borders and <b>lawns</b>.', wpseo_focuskw: 'gardens', 'wpseo_opengraph-title': 'Gardens for all', wpseo_bctitle: 'Our gardens' } })
        .expect(200);
      expect(res.body.meta).toMatchObject({ wpseo_title: 'All about %%term_title%% %%sep%% %%sitename%%', wpseo_desc: 'Beds, borders and lawns.', wpseo_focuskw: 'gardens', wpseo_noindex: '' });
      const rows = await t.db.prisma.termMeta.findMany({ where: { termId: id, key: { startsWith: 'wpseo_' } }, orderBy: { key: 'asc' } });
      expect(rows.map((r) => r.key)).toEqual(['wpseo_bctitle', 'wpseo_desc', 'wpseo_focuskw', 'wpseo_opengraph-title', 'wpseo_title']);

      const view = (await t.request.get(`${CATEGORIES}/${id}`).expect(200)).body;
      expect(view.meta).toEqual([]);
      expect(view.seo_head_json).toMatchObject({ title: `All about Gardens - ${siteName}`, description: 'Beds, borders and lawns.', og_title: 'Gardens for all' });
      const crumbs = view.seo_head_json.schema['@graph'].find((p: { '@type': string }) => p['@type'] === 'BreadcrumbList');
      expect(crumbs.itemListElement[1].name).toBe('Our gardens');
      const page = await t.request.get(pathOf(view.link as string)).expect(200);
      expect(titleOf(page.text)).toBe(`All about Gardens - ${siteName}`);
    });

    test('noindex: index, noindex, and default (the type setting) deletes the row', async () => {
      await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', t.adminAuth).send({ meta: { wpseo_noindex: 'noindex', wpseo_canonical: 'https://elsewhere.example/gardens' } }).expect(200);
      let head = (await t.request.get(`${CATEGORIES}/${id}?_fields=seo_head_json`).expect(200)).body.seo_head_json;
      expect(head.robots.index).toBe('noindex');
      expect(head.canonical).toBeUndefined();
      await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', t.adminAuth).send({ meta: { wpseo_noindex: 'default' } }).expect(200);
      head = (await t.request.get(`${CATEGORIES}/${id}?_fields=seo_head_json`).expect(200)).body.seo_head_json;
      expect(head.robots.index).toBe('index');
      expect(head.canonical).toBe('https://elsewhere.example/gardens');
      expect(await t.db.prisma.termMeta.count({ where: { termId: id, key: 'wpseo_noindex' } })).toBe(0);
    });

    test('a bad value is refused and the whole write changes nothing', async () => {
      const before = (await t.request.get(`${CATEGORIES}/${id}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body;
      for (const meta of [{ wpseo_noindex: 'maybe' }, { wpseo_canonical: 'not a url' }, { wpseo_title: 'x'.repeat(301) }, { 'wpseo_opengraph-image-id': 'abc' }, { wpseo_desc: 7 }]) {
        const res = await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', t.adminAuth).send({ name: 'Renamed', meta: { wpseo_title: 'Changed', ...meta } });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
      }
      const after = (await t.request.get(`${CATEGORIES}/${id}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body;
      expect(after.name).toBe(before.name);
      expect(after.meta).toEqual(before.meta);
    });

    test('only who may edit the term writes its fields; tags have them too', async () => {
      const denied = await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', author).send({ meta: { wpseo_title: 'Mine' } });
      expect(denied.status).toBe(403);
      expect((await t.request.get(`${CATEGORIES}/${id}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body.meta.wpseo_title).not.toBe('Mine');
      const tag = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'Roses', meta: { wpseo_title: '%%term_title%% in bloom', wpseo_noindex: 'noindex' } }).expect(201);
      expect(tag.body.meta.wpseo_title).toBe('%%term_title%% in bloom');
      expect(tag.body.seo_head_json.title).toBe('Roses in bloom');
      expect(tag.body.seo_head_json.robots.index).toBe('noindex');
    });
  });

  describe('users', () => {
    let pennyId: number;
    beforeAll(async () => {
      pennyId = (await t.request.get(`${USERS}/me`).set('Authorization', author).expect(200)).body.id as number;
      // An author with a published post (else Yoast's noindex-author-noposts rule hides the archive anyway).
      await t.request.post('/wp-json/core/v2/posts').set('Authorization', author).send({ title: 'My first', status: 'publish' }).expect(201);
    });

    test('a user writes their own fields; the author archive head and page use them', async () => {
      const res = await t.request.post(`${USERS}/${pennyId}`).set('Authorization', author).send({ meta: { wpseo_title: 'Writing by %%name%%', wpseo_metadesc: 'Notes from the potting shed.' } }).expect(200);
      expect(res.body.meta).toEqual({ wpseo_title: 'Writing by %%name%%', wpseo_metadesc: 'Notes from the potting shed.', wpseo_noindex_author: '' });
      const view = (await t.request.get(`${USERS}/${pennyId}`).expect(200)).body;
      expect(view.meta).toEqual([]);
      expect(view.seo_head_json).toMatchObject({ title: 'Writing by penny', description: 'Notes from the potting shed.' });
      expect(view.seo_head_json.robots.index).toBe('index');
      expect(titleOf((await t.request.get(pathOf(view.link as string)).expect(200)).text)).toBe('Writing by penny');
    });

    test('wpseo_noindex_author "on" keeps the archive out of search results; "off" deletes it', async () => {
      await t.request.post(`${USERS}/${pennyId}`).set('Authorization', author).send({ meta: { wpseo_noindex_author: 'on' } }).expect(200);
      expect((await t.request.get(`${USERS}/${pennyId}?_fields=seo_head_json`).expect(200)).body.seo_head_json.robots.index).toBe('noindex');
      await t.request.post(`${USERS}/${pennyId}`).set('Authorization', t.adminAuth).send({ meta: { wpseo_noindex_author: 'off' } }).expect(200);
      const edit = (await t.request.get(`${USERS}/${pennyId}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body;
      expect(edit.meta.wpseo_noindex_author).toBe('');
      expect(edit.seo_head_json.robots.index).toBe('index');
    });

    test('someone who may not edit the user is refused; a bad value changes nothing', async () => {
      const adminId = 1;
      const denied = await t.request.post(`${USERS}/${adminId}`).set('Authorization', author).send({ meta: { wpseo_title: 'Hacked' } });
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('rest_cannot_edit');
      const bad = await t.request.post(`${USERS}/${pennyId}`).set('Authorization', author).send({ description: 'Changed bio', meta: { wpseo_title: 'Other', wpseo_noindex_author: 'yes' } });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('rest_invalid_param');
      const edit = (await t.request.get(`${USERS}/${pennyId}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body;
      expect(edit.description).toBe('');
      expect(edit.meta.wpseo_title).toBe('Writing by %%name%%');
      expect((await t.request.get(`${USERS}/${adminId}?context=edit`).set('Authorization', t.adminAuth).expect(200)).body.meta.wpseo_title).toBe('');
    });
  });
});
