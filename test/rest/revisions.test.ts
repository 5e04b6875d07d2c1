/**
 * Revisions over real HTTP: when updates leave one, the revisions routes (list, read, delete)
 * with their records, errors and pagination, and concurrent updates keeping every revision.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';
import type { Response } from 'supertest';

/** A decoded JSON response body (supertest types it loosely). */
type Body = Response['body'];

const API = `${SITE_URL}/wp-json`;
const POSTS = '/wp-json/core/v2/posts';
const PAGES = '/wp-json/core/v2/pages';

const VIEW_KEYS = ['author', 'date', 'date_gmt', 'id', 'modified', 'modified_gmt', 'parent', 'slug', 'guid', 'title', 'content', 'excerpt', 'meta', '_links'];

describe('revisions', () => {
  let t: TestApp;
  let adminId: number;
  let author: { id: number; auth: string };

  async function makeUser(login: string, role: string) {
    const created = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: login, email: `${login}@example.com`, password: 'secret-pass-1', roles: [role] });
    const pw = await t.request.post(`/wp-json/core/v2/users/${created.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' });
    return { id: created.body.id as number, auth: basicAuth(login, pw.body.password) };
  }

  async function create(body: Record<string, unknown>, auth = t.adminAuth, base = POSTS): Promise<Body> {
    const res = await t.request.post(base).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  const patch = (id: number, body: Record<string, unknown>, auth = t.adminAuth) => t.request.patch(`${POSTS}/${id}`).set('Authorization', auth).send(body).expect(200);
  const revisionCount = (id: number) => t.db.prisma.content.count({ where: { parentId: id, type: 'revision' } });

  beforeAll(async () => {
    t = await startTestApp();
    adminId = (await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id;
    author = await makeUser('au', 'author');
  });
  afterAll(() => t.close());

  it('saves none on create, one on the first update, then only when text changes', async () => {
    const post = await create({ title: 'Versioned', content: 'One', excerpt: 'Short', status: 'publish' });
    expect(post._links['version-history']).toEqual([{ count: 0, href: `${API}/core/v2/posts/${post.id}/revisions` }]);
    expect(post._links['predecessor-version']).toBeUndefined();
    expect(await revisionCount(post.id)).toBe(0);
    const first = await patch(post.id, { comment_status: 'closed' });
    expect(await revisionCount(post.id)).toBe(1);
    const latest = await t.db.prisma.content.findFirstOrThrow({ where: { parentId: post.id, type: 'revision' } });
    expect(first.body._links['version-history'][0].count).toBe(1);
    expect(first.body._links['predecessor-version']).toEqual([{ id: latest.id, href: `${API}/core/v2/posts/${post.id}/revisions/${latest.id}` }]);
    await patch(post.id, { ping_status: 'closed' });
    await patch(post.id, { content: 'One  ' });
    expect(await revisionCount(post.id)).toBe(1);
    await patch(post.id, { content: 'Two' });
    await patch(post.id, { meta: { footnotes: '[]' } });
    expect(await revisionCount(post.id)).toBe(3);
  });

  describe('routes', () => {
    let post: Body;
    let revisionIds: number[];

    beforeAll(async () => {
      post = await create({ title: 'Sample "quoted" post', content: 'Original', excerpt: 'A short "excerpt".', status: 'publish' });
      await patch(post.id, { content: 'Edited paragraph with "quotes".' });
      await patch(post.id, { title: 'Second title' });
      await patch(post.id, { title: 'Third title' });
      revisionIds = (await t.db.prisma.content.findMany({ where: { parentId: post.id, type: 'revision' }, orderBy: { id: 'desc' } })).map((r) => r.id);
    });

    it('lists revisions newest first in view context', async () => {
      const res = await t.request.get(`${POSTS}/${post.id}/revisions`).set('Authorization', t.adminAuth).expect(200);
      expect(res.headers.allow).toBe('GET');
      expect(res.headers['x-wp-total']).toBe('3');
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.body.map((r: { id: number }) => r.id)).toEqual(revisionIds);
      const oldest = res.body[2];
      expect(Object.keys(oldest)).toEqual(VIEW_KEYS);
      expect(oldest.author).toBe(adminId);
      expect(oldest.parent).toBe(post.id);
      expect(oldest.slug).toBe(`${post.id}-revision-v1`);
      expect(oldest.guid).toEqual({ rendered: `${SITE_URL}/?p=${oldest.id}` });
      expect(oldest.title).toEqual({ rendered: 'Sample &#8220;quoted&#8221; post' });
      expect(oldest.content).toEqual({ rendered: '<p>Edited paragraph with &#8220;quotes&#8221;.</p>\n' });
      expect(oldest.excerpt).toEqual({ rendered: '<p>A short &#8220;excerpt&#8221;.</p>\n' });
      expect(oldest.meta).toEqual({ footnotes: '' });
      expect(oldest.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      expect(oldest._links).toEqual({ parent: [{ href: `${API}/core/v2/posts/${post.id}` }] });
    });

    it('shows raw fields in edit context and the embed subset in embed context', async () => {
      const edit = await t.request.get(`${POSTS}/${post.id}/revisions/${revisionIds[0]}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(edit.body.title).toEqual({ raw: 'Third title', rendered: 'Third title' });
      expect(edit.body.content).toEqual({ raw: 'Edited paragraph with "quotes".', rendered: '<p>Edited paragraph with &#8220;quotes&#8221;.</p>\n' });
      expect(edit.body.guid).toEqual({ rendered: `${SITE_URL}/?p=${revisionIds[0]}`, raw: `${SITE_URL}/?p=${revisionIds[0]}` });
      const embed = await t.request.get(`${POSTS}/${post.id}/revisions/${revisionIds[0]}?context=embed`).set('Authorization', t.adminAuth).expect(200);
      expect(Object.keys(embed.body)).toEqual(['author', 'date', 'id', 'parent', 'slug', 'title', 'excerpt', '_links']);
    });

    it('pages, offsets, orders and filters', async () => {
      const page = await t.request.get(`${POSTS}/${post.id}/revisions?per_page=1&page=2`).set('Authorization', t.adminAuth).expect(200);
      expect(page.body.map((r: { id: number }) => r.id)).toEqual([revisionIds[1]]);
      expect(page.headers['x-wp-totalpages']).toBe('3');
      expect(page.headers.link).toBe(
        `<${API}/core/v2/posts/${post.id}/revisions?per_page=1&page=1>; rel="prev", <${API}/core/v2/posts/${post.id}/revisions?per_page=1&page=3>; rel="next"`,
      );
      const past = await t.request.get(`${POSTS}/${post.id}/revisions?per_page=1&page=4`).set('Authorization', t.adminAuth).expect(400);
      expect(past.body).toEqual({ code: 'rest_revision_invalid_page_number', message: 'The page number requested is larger than the number of pages available.', data: { status: 400 } });
      const nopage = await t.request.get(`${POSTS}/${post.id}/revisions?page=2`).set('Authorization', t.adminAuth).expect(400);
      expect(nopage.body.code).toBe('rest_revision_invalid_page_number');
      const offset = await t.request.get(`${POSTS}/${post.id}/revisions?offset=3`).set('Authorization', t.adminAuth).expect(400);
      expect(offset.body).toEqual({ code: 'rest_revision_invalid_offset_number', message: 'The offset number requested is larger than or equal to the number of available revisions.', data: { status: 400 } });
      const asc = await t.request.get(`${POSTS}/${post.id}/revisions?order=asc&offset=1`).set('Authorization', t.adminAuth).expect(200);
      expect(asc.body.map((r: { id: number }) => r.id)).toEqual([revisionIds[1], revisionIds[0]]);
      const inc = await t.request.get(`${POSTS}/${post.id}/revisions?include=${revisionIds[2]},${revisionIds[0]}&orderby=include`).set('Authorization', t.adminAuth).expect(200);
      expect(inc.body.map((r: { id: number }) => r.id)).toEqual([revisionIds[2], revisionIds[0]]);
      const search = await t.request.get(`${POSTS}/${post.id}/revisions?search=second`).set('Authorization', t.adminAuth).expect(200);
      expect(search.body.map((r: { id: number }) => r.id)).toEqual([revisionIds[1]]);
      const relevance = await t.request.get(`${POSTS}/${post.id}/revisions?orderby=relevance`).set('Authorization', t.adminAuth).expect(400);
      expect(relevance.body.code).toBe('rest_no_search_term_defined');
    });

    it('needs edit rights on the parent: 401 anonymous, 403 others', async () => {
      const anon = await t.request.get(`${POSTS}/${post.id}/revisions`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_read', message: 'Sorry, you are not allowed to view revisions of this post.', data: { status: 401 } });
      expect(anon.headers.allow).toBeUndefined();
      const other = await t.request.get(`${POSTS}/${post.id}/revisions/${revisionIds[0]}`).set('Authorization', author.auth).expect(403);
      expect(other.body.code).toBe('rest_cannot_read');
    });

    it('answers 404 for bad parents, unknown revisions and revisions of another post', async () => {
      const page = await create({ title: 'A page' }, t.adminAuth, PAGES);
      for (const parent of [999999, page.id]) {
        const res = await t.request.get(`${POSTS}/${parent}/revisions`).set('Authorization', t.adminAuth).expect(404);
        expect(res.body).toEqual({ code: 'rest_post_invalid_parent', message: 'Invalid post parent ID.', data: { status: 404 } });
      }
      const unknown = await t.request.get(`${POSTS}/${post.id}/revisions/999999`).set('Authorization', t.adminAuth).expect(404);
      expect(unknown.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid revision ID.', data: { status: 404 } });
      const notRevision = await t.request.get(`${POSTS}/${post.id}/revisions/${post.id}`).set('Authorization', t.adminAuth).expect(404);
      expect(notRevision.body.code).toBe('rest_post_invalid_id');
      const other = await create({ title: 'Other', status: 'publish' });
      const mismatch = await t.request.get(`${POSTS}/${other.id}/revisions/${revisionIds[0]}`).set('Authorization', t.adminAuth).expect(404);
      expect(mismatch.body).toEqual({ code: 'rest_revision_parent_id_mismatch', message: `The revision does not belong to the specified parent with id of "${other.id}"`, data: { status: 404 } });
    });

    it('refuses deletion to everybody, as stock capabilities do', async () => {
      for (const query of ['', '?force=true']) {
        const res = await t.request.delete(`${POSTS}/${post.id}/revisions/${revisionIds[0]}${query}`).set('Authorization', t.adminAuth).expect(403);
        expect(res.body).toEqual({ code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this revision.', data: { status: 403 } });
      }
      const anon = await t.request.delete(`${POSTS}/${post.id}/revisions/${revisionIds[0]}?force=true`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete revisions of this post.', data: { status: 401 } });
      expect(await revisionCount(post.id)).toBe(3);
      const options = await t.request.options(`${POSTS}/${post.id}/revisions/${revisionIds[0]}`).set('Authorization', t.adminAuth).expect(200);
      expect(options.headers.allow).toBe('GET');
      expect(options.body.endpoints[1].args.force).toEqual({ type: 'boolean', default: false, description: 'Required to be true, as revisions do not support trashing.', required: false });
      await t.request.post(`${POSTS}/${post.id}/revisions`).set('Authorization', t.adminAuth).send({}).expect(404);
    });

    it('declares the revisions collection without a per_page default and without batch support', async () => {
      const res = await t.request.options(`${POSTS}/${post.id}/revisions`).expect(200);
      expect(res.body.schema.title).toBe('post-revision');
      const [list] = res.body.endpoints;
      expect(list.allow_batch).toBeUndefined();
      expect(Object.keys(list.args)).toEqual(['parent', 'context', 'page', 'per_page', 'search', 'exclude', 'include', 'offset', 'order', 'orderby']);
      expect(list.args.per_page).toEqual({ description: 'Maximum number of items to be returned in result set.', type: 'integer', minimum: 1, maximum: 100, required: false });
      expect(list.args.orderby.enum).toEqual(['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title']);
    });
  });

  it('keeps the revision of every one of two simultaneous updates', async () => {
    const post = await create({ title: 'Start', status: 'publish' });
    await patch(post.id, { content: 'First revision' });
    const [a, b] = await Promise.all([
      t.request.patch(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ title: 'Concurrent A' }),
      t.request.patch(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ title: 'Concurrent B' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const titles = (await t.db.prisma.content.findMany({ where: { parentId: post.id, type: 'revision' } })).map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['Concurrent A', 'Concurrent B']));
    expect(titles).toHaveLength(3);
  });

  it('revisions pages too, and trashing is an update', async () => {
    const page = await create({ title: 'Page with history', status: 'publish' }, t.adminAuth, PAGES);
    await t.request.patch(`${PAGES}/${page.id}`).set('Authorization', t.adminAuth).send({ title: 'Page v2' }).expect(200);
    const list = await t.request.get(`${PAGES}/${page.id}/revisions`).set('Authorization', t.adminAuth).expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]._links.parent).toEqual([{ href: `${API}/core/v2/pages/${page.id}` }]);
    const post = await create({ title: 'Trash me', status: 'publish' });
    const trashed = await t.request.delete(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).expect(200);
    expect(trashed.body._links['version-history'][0].count).toBe(1);
  });
});
