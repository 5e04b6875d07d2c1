/**
 * A real WordPress REST client (node-wpapi) against a listening server: it discovers the API from
 * the home page's Link header and the index, then creates, reads, queries, updates and deletes
 * content through the routes it discovered, as a legacy client would.
 */
import WPAPI from 'wpapi';
import { ADMIN_APP_PASSWORD, ADMIN_LOGIN, startTestApp, type TestApp } from '../support/app';
import { freePort } from '../support/server-process';

describe('node-wpapi against the server', () => {
  let t: TestApp;
  let site: WPAPI;
  let core: WPAPI;

  beforeAll(async () => {
    const port = await freePort();
    t = await startTestApp({ SITE_URL: `http://127.0.0.1:${port}` }, { seed: true });
    await t.app.fastify.listen({ port, host: '127.0.0.1' });
    site = await WPAPI.discover(`http://127.0.0.1:${port}`);
    site.auth({ username: ADMIN_LOGIN, password: ADMIN_APP_PASSWORD });
    core = site.namespace('core/v2');
  });
  afterAll(() => t.close());

  it('discovers the core/v2 routes from the index', () => {
    expect(typeof (core as unknown as { posts: unknown }).posts).toBe('function');
    expect(typeof (core as unknown as { categories: unknown }).categories).toBe('function');
  });

  it('lists published posts with paging information', async () => {
    const posts = await core.posts().perPage(2).get();
    expect(posts).toHaveLength(2);
    expect(posts._paging.total).toBe(6);
    expect(posts._paging.totalPages).toBe(3);
    const next = await posts._paging.next.get();
    expect(next).toHaveLength(2);
  });

  it('creates, reads, updates, searches and deletes a post', async () => {
    const [category] = await core.categories().slug('news').get();
    const created = await core.posts().create({ title: 'From wpapi', content: 'Hello\n\nWorld', status: 'publish', categories: [category.id] });
    expect(created.id).toBeGreaterThan(0);
    expect(created.slug).toBe('from-wpapi');
    expect(created.content.rendered).toBe('<p>Hello</p>\n<p>World</p>\n');

    const read = await core.posts().id(created.id).get();
    expect(read.title.rendered).toBe('From wpapi');
    expect(read.categories).toEqual([category.id]);

    const updated = await core.posts().id(created.id).update({ title: 'From wpapi, edited' });
    expect(updated.title.raw).toBe('From wpapi, edited');
    const revisions = await core.posts().id(created.id).revisions().get();
    expect(revisions.length).toBe(1);

    const found = await core.posts().search('edited').get();
    expect(found.map((p: { id: number }) => p.id)).toContain(created.id);
    const inCategory = await core.posts().categories(category.id).get();
    expect(inCategory.map((p: { id: number }) => p.id)).toContain(created.id);

    const trashed = await core.posts().id(created.id).delete();
    expect(trashed.status).toBe('trash');
    const deleted = await core.posts().id(created.id).param('force', true).delete();
    expect(deleted.deleted).toBe(true);
    await expect(core.posts().id(created.id).get()).rejects.toMatchObject({ code: 'rest_post_invalid_id', data: { status: 404 } });
  });

  it('embeds authors and terms', async () => {
    const [post] = await core.posts().perPage(1).embed().get();
    expect(post._embedded.author[0].slug).toBe('admin');
    expect(post._embedded['wp:term'][0][0].taxonomy).toBe('category');
  });

  it('reads pages, menus, users and settings', async () => {
    const pages = await core.pages().get();
    expect(pages.map((p: { slug: string }) => p.slug).sort()).toEqual(['about', 'contact']);
    const menus = await core.menus().get();
    expect(menus[0].name).toBe('Main Menu');
    const me = await core.users().me().get();
    expect(me.slug).toBe('admin');
    const settings = await core.settings().get();
    expect(settings.title).toBe('Demo Site');
  });

  it('reports WordPress errors to the client', async () => {
    await expect(core.posts().perPage(1000).get()).rejects.toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
  });
});
