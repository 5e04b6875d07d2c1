/**
 * Pages over real HTTP: the same resource as posts parameterised by type — hierarchy (parent,
 * nested links, `up`), menu_order, the page-only collection filters and the page capabilities.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';
import type { Response } from 'supertest';

/** A decoded JSON response body (supertest types it loosely). */
type Body = Response['body'];

const API = `${SITE_URL}/wp-json`;
const PAGES = '/wp-json/core/v2/pages';
const POSTS = '/wp-json/core/v2/posts';

const VIEW_KEYS = [
  'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'title', 'content', 'excerpt',
  'author', 'featured_media', 'parent', 'menu_order', 'comment_status', 'ping_status', 'template', 'meta', 'class_list', 'seo_head', 'seo_head_json', '_links',
];

describe('pages', () => {
  let t: TestApp;
  let author: { id: number; auth: string };
  let editor: { id: number; auth: string };

  async function makeUser(login: string, role: string) {
    const created = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: login, email: `${login}@example.com`, password: 'secret-pass-1', roles: [role] });
    const pw = await t.request.post(`/wp-json/core/v2/users/${created.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' });
    return { id: created.body.id as number, auth: basicAuth(login, pw.body.password) };
  }

  async function create(body: Record<string, unknown>, auth = t.adminAuth): Promise<Body> {
    const res = await t.request.post(PAGES).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  let parent: Body;
  let child: Body;

  beforeAll(async () => {
    t = await startTestApp();
    author = await makeUser('au', 'author');
    editor = await makeUser('ed', 'editor');
    parent = await create({ title: 'Sample parent page', content: 'Parent.', status: 'publish', menu_order: 2 });
    child = await create({ title: 'Sample child page', content: 'Child.', status: 'publish', parent: parent.id, menu_order: 1 });
  });
  afterAll(() => t.close());

  it('declares the page collection arguments', async () => {
    const res = await t.request.options(PAGES).expect(200);
    expect(res.body.schema.title).toBe('page');
    const [list, create] = res.body.endpoints;
    expect(Object.keys(list.args)).toEqual([
      'context', 'page', 'per_page', 'search', 'after', 'modified_after', 'author', 'author_exclude', 'before', 'modified_before',
      'exclude', 'include', 'menu_order', 'search_semantics', 'offset', 'order', 'orderby', 'parent', 'parent_exclude', 'search_columns',
      'slug', 'status',
    ]);
    expect(list.args.orderby.enum).toContain('menu_order');
    expect(list.args.parent).toEqual({ description: 'Limit result set to items with particular parent IDs.', type: 'array', items: { type: 'integer' }, default: [], required: false });
    expect(list.args.menu_order).toEqual({ description: 'Limit result set to posts with a specific menu_order value.', type: 'integer', required: false });
    expect(Object.keys(create.args)).toEqual([
      'date', 'date_gmt', 'slug', 'status', 'password', 'parent', 'title', 'content', 'author', 'excerpt', 'featured_media', 'comment_status',
      'ping_status', 'menu_order', 'meta', 'template',
    ]);
    expect(Object.keys(res.body.schema.properties)).toEqual([
      'date', 'date_gmt', 'guid', 'id', 'link', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'password', 'permalink_template',
      'generated_slug', 'class_list', 'parent', 'title', 'content', 'author', 'excerpt', 'featured_media', 'comment_status', 'ping_status',
      'menu_order', 'meta', 'template', 'seo_head', 'seo_head_json',
    ]);
  });

  it('shows a child page with its nested link, parent and up link', async () => {
    const res = await t.request.get(`${PAGES}/${child.id}`).expect(200);
    expect(res.headers.link).toBe(`<${SITE_URL}/sample-parent-page/sample-child-page/>; rel="alternate"; type=text/html`);
    const body = res.body;
    expect(Object.keys(body)).toEqual(VIEW_KEYS);
    expect(body.link).toBe(`${SITE_URL}/sample-parent-page/sample-child-page/`);
    expect(body.guid).toEqual({ rendered: `${SITE_URL}/sample-parent-page/sample-child-page/` });
    expect(body.parent).toBe(parent.id);
    expect(body.menu_order).toBe(1);
    expect([body.comment_status, body.ping_status]).toEqual(['closed', 'closed']);
    expect(body.excerpt).toEqual({ rendered: '<p>Child.</p>\n', protected: false });
    expect(body.class_list).toEqual([`post-${child.id}`, 'page', 'type-page', 'status-publish', 'hentry']);
    expect(Object.keys(body._links)).toEqual(['self', 'collection', 'about', 'author', 'replies', 'version-history', 'up', 'wp:attachment', 'curies']);
    expect(body._links.up).toEqual([{ embeddable: true, href: `${API}/core/v2/pages/${parent.id}` }]);
    expect(body._links.about).toEqual([{ href: `${API}/core/v2/types/page` }]);
    const edit = await t.request.get(`${PAGES}/${child.id}?context=edit`).set('Authorization', t.adminAuth).expect(200);
    expect(edit.body.permalink_template).toBe(`${SITE_URL}/sample-parent-page/%pagename%/`);
    expect(edit.body.generated_slug).toBe('sample-child-page');
    const actions = Object.keys(edit.body._links).filter((k) => k.startsWith('wp:action-'));
    expect(actions).toEqual(['wp:action-publish', 'wp:action-unfiltered-html', 'wp:action-assign-author']);
  });

  it('embeds the parent through `up`', async () => {
    const res = await t.request.get(`${PAGES}/${child.id}?_embed=up`).expect(200);
    expect(res.body._embedded.up).toHaveLength(1);
    expect(res.body._embedded.up[0].id).toBe(parent.id);
    expect(Object.keys(res.body._embedded.up[0])).toEqual(['id', 'date', 'slug', 'type', 'link', 'title', 'excerpt', 'author', 'featured_media', 'seo_head', 'seo_head_json', '_links']);
  });

  it('keeps posts and pages apart', async () => {
    await t.request.get(`${POSTS}/${parent.id}`).expect(404);
    const post = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'A post', status: 'publish' }).expect(201);
    const res = await t.request.get(`${PAGES}/${post.body.id}`).expect(404);
    expect(res.body.code).toBe('rest_post_invalid_id');
  });

  it('refuses a parent that does not exist, without writing', async () => {
    const before = await t.db.prisma.content.count();
    const res = await t.request.post(PAGES).set('Authorization', t.adminAuth).send({ title: 'Orphan', parent: 987654 }).expect(400);
    expect(res.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post parent ID.', data: { status: 400 } });
    expect(await t.db.prisma.content.count()).toBe(before);
  });

  it('keeps slugs unique per parent', async () => {
    const a = await create({ title: 'Contact', status: 'publish' });
    const b = await create({ title: 'Contact', status: 'publish', parent: parent.id });
    const c = await create({ title: 'Contact', status: 'publish' });
    expect([a.slug, b.slug, c.slug]).toEqual(['contact', 'contact', 'contact-2']);
    expect(b.link).toBe(`${SITE_URL}/sample-parent-page/contact/`);
    // A page may not look like a pagination segment.
    expect((await create({ title: '2', status: 'publish' })).slug).toBe('2-2');
  });

  it('moves a page: a new parent nests its link; a loop is broken', async () => {
    const page = await create({ title: 'Mover', status: 'publish' });
    const moved = await t.request.patch(`${PAGES}/${page.id}`).set('Authorization', t.adminAuth).send({ parent: child.id }).expect(200);
    expect(moved.body.link).toBe(`${SITE_URL}/sample-parent-page/sample-child-page/mover/`);
    const self = await t.request.patch(`${PAGES}/${page.id}`).set('Authorization', t.adminAuth).send({ parent: page.id }).expect(200);
    expect(self.body.parent).toBe(0);
    // parent <- child; making parent a child of child breaks the loop.
    const loop = await t.request.patch(`${PAGES}/${parent.id}`).set('Authorization', t.adminAuth).send({ parent: child.id }).expect(200);
    expect(loop.body.parent).toBe(child.id);
    expect((await t.db.prisma.content.findUniqueOrThrow({ where: { id: child.id } })).parentId).toBe(0);
    await t.request.patch(`${PAGES}/${child.id}`).set('Authorization', t.adminAuth).send({ parent: parent.id }).expect(200);
    await t.request.patch(`${PAGES}/${parent.id}`).set('Authorization', t.adminAuth).send({ parent: 0 }).expect(200);
  });

  it('filters by parent, parent_exclude and menu_order; orders by menu_order', async () => {
    const ids = async (q: string) => (await t.request.get(`${PAGES}?${q}`).expect(200)).body.map((x: { id: number }) => x.id);
    expect(await ids(`parent=${parent.id}&orderby=id&order=asc`)).toEqual((await t.db.prisma.content.findMany({ where: { parentId: parent.id, type: 'page', status: 'publish' }, orderBy: { id: 'asc' } })).map((r) => r.id));
    const top = await ids('parent=0&per_page=100');
    expect(top).toContain(parent.id);
    expect(top).not.toContain(child.id);
    expect(await ids(`parent_exclude=0&per_page=100`)).toContain(child.id);
    expect(await ids('menu_order=2')).toEqual([parent.id]);
    const ordered = await ids(`include=${parent.id},${child.id}&orderby=menu_order&order=asc`);
    expect(ordered).toEqual([child.id, parent.id]);
  });

  it('gives drafts the page_id link and needs page capabilities to write', async () => {
    const draft = await create({ title: 'Draft page' });
    expect(draft.link).toBe(`${SITE_URL}/?page_id=${draft.id}`);
    expect(draft.permalink_template).toBe(`${SITE_URL}/%pagename%/`);
    const denied = await t.request.post(PAGES).set('Authorization', author.auth).send({ title: 'x' }).expect(403);
    expect(denied.body.code).toBe('rest_cannot_create');
    expect((await create({ title: 'By an editor', status: 'publish' }, editor.auth)).author).toBe(editor.id);
  });

  it('links the static front page to the home address and protects it from deletion', async () => {
    const front = await create({ title: 'Welcome', status: 'publish' });
    await t.db.prisma.option.createMany({ data: [{ name: 'show_on_front', value: '"page"' }, { name: 'page_on_front', value: String(front.id) }] });
    try {
      const res = await t.request.get(`${PAGES}/${front.id}`).expect(200);
      expect(res.body.link).toBe(`${SITE_URL}/`);
      const denied = await t.request.delete(`${PAGES}/${front.id}`).set('Authorization', editor.auth).expect(403);
      expect(denied.body.code).toBe('rest_cannot_delete');
    } finally {
      await t.db.prisma.option.deleteMany({ where: { name: { in: ['show_on_front', 'page_on_front'] } } });
    }
  });

  it('moves the children of a deleted page up to its parent', async () => {
    const top = await create({ title: 'Top', status: 'publish' });
    const middle = await create({ title: 'Middle', status: 'publish', parent: top.id });
    const leaf = await create({ title: 'Leaf', status: 'publish', parent: middle.id });
    await t.request.delete(`${PAGES}/${middle.id}?force=true`).set('Authorization', t.adminAuth).expect(200);
    const res = await t.request.get(`${PAGES}/${leaf.id}`).expect(200);
    expect(res.body.parent).toBe(top.id);
    expect(res.body.link).toBe(`${SITE_URL}/top/leaf/`);
  });
});
