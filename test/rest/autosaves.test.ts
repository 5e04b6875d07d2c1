/**
 * Autosaves over real HTTP (WP_REST_Autosaves_Controller): in-place updates of the author's own
 * draft, one autosave revision per user otherwise, and the list and item reads.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';
import type { Response } from 'supertest';

/** A decoded JSON response body (supertest types it loosely). */
type Body = Response['body'];

const API = `${SITE_URL}/wp-json`;
const POSTS = '/wp-json/core/v2/posts';
const PAGES = '/wp-json/core/v2/pages';

const EDIT_KEYS = ['author', 'date', 'date_gmt', 'id', 'modified', 'modified_gmt', 'parent', 'slug', 'guid', 'title', 'content', 'excerpt', 'meta', 'preview_link'];

describe('autosaves', () => {
  let t: TestApp;
  let adminId: number;
  let author: { id: number; auth: string };
  let editor: { id: number; auth: string };
  let contributor: { id: number; auth: string };
  let subscriber: { id: number; auth: string };

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

  const autosave = (id: number, body: Record<string, unknown>, auth = t.adminAuth, base = POSTS) => t.request.post(`${base}/${id}/autosaves`).set('Authorization', auth).send(body);
  const revisions = (id: number) => t.db.prisma.content.findMany({ where: { parentId: id, type: 'revision' }, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    t = await startTestApp();
    adminId = (await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id;
    author = await makeUser('au', 'author');
    editor = await makeUser('ed', 'editor');
    contributor = await makeUser('co', 'contributor');
    subscriber = await makeUser('su', 'subscriber');
  });
  afterAll(() => t.close());

  it('updates the author\'s own draft in place, without a revision (200, id = post id)', async () => {
    const draft = await create({ title: 'My draft', content: 'Old' }, author.auth);
    const res = await autosave(draft.id, { title: 'My draft v2', content: 'New body' }, author.auth).expect(200);
    expect(Object.keys(res.body)).toEqual(EDIT_KEYS);
    expect(res.body.id).toBe(draft.id);
    expect(res.body.parent).toBe(0);
    expect(res.body.author).toBe(author.id);
    expect(res.body.date).toBeNull();
    expect(res.body.date_gmt).toBeNull();
    expect(res.body.slug).toBe('');
    expect(res.body.title).toEqual({ raw: 'My draft v2', rendered: 'My draft v2' });
    expect(res.body.content).toEqual({ raw: 'New body', rendered: '<p>New body</p>\n' });
    expect(res.body.preview_link).toBe(`${SITE_URL}/?p=${draft.id}&preview=true`);
    const row = await t.db.prisma.content.findUniqueOrThrow({ where: { id: draft.id } });
    expect([row.title, row.content, row.status]).toEqual(['My draft v2', 'New body', 'draft']);
    expect(await revisions(draft.id)).toHaveLength(0);
  });

  describe('on a published post', () => {
    let post: Body;
    let autosaveId: number;

    beforeAll(async () => {
      post = await create({ title: 'Sample "quoted" post', content: 'Published body', excerpt: 'Kept excerpt', status: 'publish' });
    });

    it('creates an autosave revision with only the sent fields; the post is untouched', async () => {
      const res = await autosave(post.id, { title: 'Sample "quoted" post (autosaved)', content: '<p>Autosaved body.</p>' }).expect(200);
      expect(res.headers.allow).toBe('GET, POST');
      const body = res.body;
      expect(Object.keys(body)).toEqual([...EDIT_KEYS, '_links']);
      autosaveId = body.id;
      expect(body.id).not.toBe(post.id);
      expect(body.parent).toBe(post.id);
      expect(body.author).toBe(adminId);
      expect(body.slug).toBe(`${post.id}-autosave-v1`);
      expect(body.guid).toEqual({ rendered: `${SITE_URL}/?p=${body.id}`, raw: `${SITE_URL}/?p=${body.id}` });
      expect(body.title).toEqual({ raw: 'Sample "quoted" post (autosaved)', rendered: 'Sample &#8220;quoted&#8221; post (autosaved)' });
      expect(body.content).toEqual({ raw: '<p>Autosaved body.</p>', rendered: '<p>Autosaved body.</p>\n' });
      expect(body.excerpt).toEqual({ raw: '', rendered: '' });
      expect(body.meta).toEqual({ footnotes: '' });
      expect(body.preview_link).toMatch(new RegExp(`^${SITE_URL}/sample-quoted-post/\\?preview_id=${post.id}&preview_nonce=[0-9a-f]{10}&preview=true$`));
      expect(body._links).toEqual({ parent: [{ href: `${API}/core/v2/posts/${post.id}` }] });
      const row = await t.db.prisma.content.findUniqueOrThrow({ where: { id: post.id } });
      expect(row.title).toBe('Sample "quoted" post');
    });

    it('overwrites the same user\'s autosave, keeping the fields not sent', async () => {
      const res = await autosave(post.id, { content: 'Second autosave' }).expect(200);
      expect(res.body.id).toBe(autosaveId);
      expect(res.body.title.raw).toBe('Sample "quoted" post (autosaved)');
      expect(res.body.content.raw).toBe('Second autosave');
      const unchanged = await autosave(post.id, { content: 'Published body' }).expect(200);
      expect(unchanged.body.id).toBe(autosaveId);
      expect(unchanged.body.content.raw).toBe('Second autosave');
      expect((await revisions(post.id)).filter((r) => r.slug.endsWith('autosave-v1'))).toHaveLength(1);
    });

    it('keeps one autosave per user', async () => {
      const res = await autosave(post.id, { title: 'Editor autosave' }, editor.auth).expect(200);
      expect(res.body.id).not.toBe(autosaveId);
      expect(res.body.author).toBe(editor.id);
      const autosaves = (await revisions(post.id)).filter((r) => r.slug === `${post.id}-autosave-v1`);
      expect(autosaves.map((r) => r.authorId).sort()).toEqual([adminId, editor.id].sort());
    });

    it('lists the autosaves without pagination headers; version-history counts them', async () => {
      const res = await t.request.get(`${POSTS}/${post.id}/autosaves`).set('Authorization', t.adminAuth).expect(200);
      expect(res.headers['x-wp-total']).toBeUndefined();
      expect(res.body).toHaveLength(2);
      expect(res.body.every((r: { slug: string }) => r.slug === `${post.id}-autosave-v1`)).toBe(true);
      expect(Object.keys(res.body[0])).toEqual(['author', 'date', 'date_gmt', 'id', 'modified', 'modified_gmt', 'parent', 'slug', 'guid', 'title', 'content', 'excerpt', 'meta', '_links']);
      const record = await t.request.get(`${POSTS}/${post.id}`).expect(200);
      expect(record.body._links['version-history'][0].count).toBe(2);
    });

    it('reads the latest autosave whatever the id in the path', async () => {
      const res = await t.request.get(`${POSTS}/${post.id}/autosaves/999999?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(res.body.parent).toBe(post.id);
      expect(res.body.slug).toBe(`${post.id}-autosave-v1`);
      expect(typeof res.body.preview_link).toBe('string');
    });
  });

  it('creates a revision when editing someone else\'s draft', async () => {
    const draft = await create({ title: 'Authors draft' }, author.auth);
    const res = await autosave(draft.id, { title: 'Edited by editor' }, editor.auth).expect(200);
    expect(res.body.parent).toBe(draft.id);
    expect(res.body.date).not.toBeNull();
    expect(res.body.preview_link).toMatch(new RegExp(`^${SITE_URL.replace(/\./g, '\\.')}/\\?p=${draft.id}&preview_id=${draft.id}&preview_nonce=`));
    expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: draft.id } })).title).toBe('Authors draft');
  });

  it('autosaves the post named by a body id rather than the path (WordPress precedence)', async () => {
    const a = await create({ title: 'Path draft' });
    const b = await create({ title: 'Body draft' });
    const res = await autosave(a.id, { id: b.id, title: 'Autosaved via body id' }).expect(200);
    expect(res.body.id).toBe(b.id);
    expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: a.id } })).title).toBe('Path draft');
  });

  it('answers rest_post_no_autosave when there is none', async () => {
    const post = await create({ title: 'No autosave', status: 'publish' });
    const res = await t.request.get(`${POSTS}/${post.id}/autosaves/1`).set('Authorization', t.adminAuth).expect(404);
    expect(res.body).toEqual({ code: 'rest_post_no_autosave', message: 'There is no autosave revision for this post.', data: { status: 404 } });
    const list = await t.request.get(`${POSTS}/${post.id}/autosaves`).set('Authorization', t.adminAuth).expect(200);
    expect(list.body).toEqual([]);
  });

  it('applies the update permission and rules', async () => {
    const post = await create({ title: 'Guarded', status: 'publish' });
    const before = await t.db.prisma.content.count();
    const sub = await autosave(post.id, { title: 'x' }, subscriber.auth).expect(403);
    expect(sub.body).toEqual({ code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this post.', data: { status: 403 } });
    const anon = await t.request.post(`${POSTS}/${post.id}/autosaves`).send({ title: 'x' }).expect(401);
    expect(anon.body.code).toBe('rest_cannot_edit');
    const missing = await autosave(999999, { title: 'x' }).expect(404);
    expect(missing.body.code).toBe('rest_post_invalid_id');
    const draft = await create({ title: 'Contributor draft' }, contributor.auth);
    const publish = await autosave(draft.id, { status: 'publish' }, contributor.auth).expect(403);
    expect(publish.body.code).toBe('rest_cannot_publish');
    expect(await t.db.prisma.content.count()).toBe(before + 1);
    const list = await t.request.get(`${POSTS}/${post.id}/autosaves`).expect(401);
    expect(list.body).toEqual({ code: 'rest_cannot_read', message: 'Sorry, you are not allowed to view autosaves of this post.', data: { status: 401 } });
    const item = await t.request.get(`${POSTS}/${post.id}/autosaves/1`).set('Authorization', author.auth).expect(403);
    expect(item.body.code).toBe('rest_cannot_read');
  });

  it('declares the autosave routes', async () => {
    const res = await t.request.options(`${POSTS}/1/autosaves`).expect(200);
    expect(res.body.schema.title).toBe('post-revision');
    expect(res.body.schema.properties.preview_link).toEqual({ description: 'Preview link for the post.', type: 'string', format: 'uri', context: ['edit'], readonly: true });
    const [list, create] = res.body.endpoints;
    expect(Object.keys(list.args)).toEqual(['parent', 'context']);
    expect(list.args.parent).toEqual({ description: 'The ID for the parent of the autosave.', type: 'integer', required: false });
    expect(Object.keys(create.args).slice(0, 3)).toEqual(['parent', 'date', 'date_gmt']);
    expect(create.allow_batch).toBeUndefined();
  });

  it('works for pages', async () => {
    const page = await create({ title: 'Page', status: 'publish' }, t.adminAuth, PAGES);
    const res = await autosave(page.id, { content: 'Autosaved page' }, t.adminAuth, PAGES).expect(200);
    expect(res.body.parent).toBe(page.id);
    expect(res.body._links.parent).toEqual([{ href: `${API}/core/v2/pages/${page.id}` }]);
  });
});
