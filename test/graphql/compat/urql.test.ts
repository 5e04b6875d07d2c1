/**
 * The compatibility suite through urql (a front-end's client): every operation is valid against
 * our SDL, and, sent over HTTP to the demo site, answers what the site holds — compared with what
 * the REST face says about the same records.
 */
import { startTestApp, type TestApp } from '../../support/app';
import { listen, run, type GraphQLTestServer } from '../client';
import { validationErrors } from '../sdl';
import { operation, operations } from './operations';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const API = '/wp-json/core/v2';
const SITE = 'http://example.test';

describe('compatibility suite: real front-end operations over urql', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  let restPosts: Json[];
  let restPages: Json[];
  let menuId: number;

  const query = <T = Json>(name: string, variables: Json = {}, authorization?: string) => run<T>(server.client(authorization), operation(name).document, variables);
  const rest = async (path: string) => (await t.request.get(path).set('Authorization', t.adminAuth).expect(200)).body as Json[];

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    server = await listen(t);
    restPosts = (await t.request.get(`${API}/posts?per_page=100`).expect(200)).body;
    restPages = (await t.request.get(`${API}/pages?per_page=100`).expect(200)).body;
    // The demo menu goes to the theme's primary location, as a site owner would put it.
    menuId = (await rest(`${API}/menus`))[0].id;
    await t.request.post(`${API}/menus/${menuId}`).set('Authorization', t.adminAuth).send({ locations: ['primary'] }).expect(200);
  });
  afterAll(() => t.close());

  it.each(operations().map((op) => [op.file, op] as const))('%s is valid against our schema', (_file, op) => {
    expect(validationErrors(op.document)).toEqual([]);
  });

  describe('Faust.js seed query', () => {
    it('resolves a post, a page, a category, an author and the posts archive', async () => {
      const post = restPosts[0];
      const postNode = (await query('GetSeedNode', { uri: new URL(post.link).pathname })).node;
      expect(postNode).toEqual({
        __typename: 'Post', uri: new URL(post.link).pathname, id: Buffer.from(`post:${post.id}`).toString('base64'), databaseId: post.id,
        isContentNode: true, slug: post.slug, contentType: { node: { name: 'post' } }, template: { templateName: 'Default' },
      });
      const page = restPages.find((p) => p.slug === 'about')!;
      const pageNode = (await query('GetSeedNode', { uri: '/about/' })).node;
      expect(pageNode).toMatchObject({ __typename: 'Page', databaseId: page.id, isContentNode: true, slug: 'about', contentType: { node: { name: 'page' } } });
      const news = (await t.request.get(`${API}/categories?slug=news`)).body[0];
      expect((await query('GetSeedNode', { uri: '/category/news/' })).node).toEqual({
        __typename: 'Category', uri: '/category/news/', id: Buffer.from(`term:${news.id}`).toString('base64'), databaseId: news.id, isTermNode: true, slug: 'news', taxonomyName: 'category',
      });
      const admin = (await t.request.get(`${API}/users/1`)).body;
      expect((await query('GetSeedNode', { uri: new URL(admin.link).pathname })).node).toMatchObject({ __typename: 'User', databaseId: 1, userId: 1, name: admin.name });
      // The front page of a site that shows its posts there is the post type's archive.
      expect((await query('GetSeedNode', { uri: '/' })).node).toMatchObject({ __typename: 'ContentType', uri: '/', name: 'post', isFrontPage: true, isPostsPage: true });
    });

    it('answers null for an address nothing lives at', async () => {
      expect((await query('GetSeedNode', { uri: '/no-such-thing/' })).node).toBeNull();
    });
  });

  describe('Next.js WordPress example', () => {
    it('lists the home page posts newest first, with authors', async () => {
      const data = await query('AllPostsForHome');
      const nodes = data.posts.edges.map((e: Json) => e.node);
      expect(nodes.map((n: Json) => n.slug)).toEqual(restPosts.map((p) => p.slug));
      expect(nodes[0]).toMatchObject({ title: restPosts[0].title.rendered, excerpt: restPosts[0].excerpt.rendered, date: restPosts[0].date, featuredImage: null });
      expect(nodes[0].author.node.name).toBe((await t.request.get(`${API}/users/${restPosts[0].author}`)).body.name);
      expect(nodes[0].author.node.avatar.url).toMatch(/^https?:\/\//);
    });

    it('lists every slug for static paths, capped at 100 like WPGraphQL', async () => {
      const data = await query('AllPostsWithSlug');
      expect(data.posts.edges.map((e: Json) => e.node.slug).sort()).toEqual(restPosts.map((p) => p.slug).sort());
    });

    it('reads a post by slug with its terms and three more posts', async () => {
      const post = restPosts.find((p) => p.slug === 'two-faces-one-domain')!;
      const data = await query('PostBySlug', { id: post.slug, idType: 'SLUG' });
      expect(data.post).toMatchObject({ title: post.title.rendered, slug: post.slug, content: post.content.rendered, date: post.date });
      expect(data.post.categories.edges.map((e: Json) => e.node.name)).toEqual(['News']);
      expect(data.post.tags.edges.map((e: Json) => e.node.name).sort()).toEqual(['featured', 'graphql', 'rest']);
      expect(data.posts.edges.map((e: Json) => e.node.slug)).toEqual(restPosts.slice(0, 3).map((p) => p.slug));
    });

    it('previews a draft for its editor by database id, and hides it from everyone else', async () => {
      const draft = (await t.request.post(`${API}/posts`).set('Authorization', t.adminAuth).send({ title: 'Preview me', status: 'draft' }).expect(201)).body;
      const variables = { id: String(draft.id), idType: 'DATABASE_ID' };
      expect((await query('PreviewPost', variables, t.adminAuth)).post).toEqual({ databaseId: draft.id, slug: draft.slug || null, status: 'draft' });
      expect((await query('PreviewPost', variables)).post).toBeNull();
    });
  });

  describe('gatsby-source-wordpress style sourcing', () => {
    it('sources every post and page by pages of contentNodes', async () => {
      const seen: Json[] = [];
      let after: string | null = null;
      for (let round = 0; round < 20; round++) {
        const data: Json = await query('SourceContentNodes', { first: 3, after });
        seen.push(...data.contentNodes.nodes);
        if (!data.contentNodes.pageInfo.hasNextPage) break;
        after = data.contentNodes.pageInfo.endCursor;
      }
      const expected = [...restPosts, ...restPages].map((r) => `${r.type}:${r.id}`).sort();
      expect(seen.map((n) => `${n.contentTypeName}:${n.databaseId}`).sort()).toEqual(expected);
      const about = seen.find((n) => n.uri === '/about/')!;
      expect(about).toMatchObject({ __typename: 'Page', title: 'About', parentId: null, isFrontPage: false });
      const post = seen.find((n) => n.databaseId === restPosts[0].id)!;
      expect(post.categories.nodes).toEqual(restPosts[0].categories.map((c: number) => ({ id: Buffer.from(`term:${c}`).toString('base64') })));
      expect(post.author.node.id).toBe(Buffer.from(`user:${restPosts[0].author}`).toString('base64'));
    });
  });

  describe('archives, pages, menus, settings, viewer, events', () => {
    it('resolves a category archive with its posts', async () => {
      const news = (await t.request.get(`${API}/categories?slug=news`)).body[0];
      const inNews = (await t.request.get(`${API}/posts?categories=${news.id}`)).body as Json[];
      const data = await query('CategoryArchive', { uri: '/category/news/' });
      expect(data.nodeByUri).toMatchObject({ __typename: 'Category', uri: '/category/news/', databaseId: news.id, name: 'News', description: news.description });
      expect(data.nodeByUri.posts.nodes.map((n: Json) => n.uri)).toEqual(inNews.map((p) => new URL(p.link).pathname));
    });

    it('reads a page by its path', async () => {
      const page = restPages.find((p) => p.slug === 'contact')!;
      const data = await query('PageByUri', { uri: '/contact/' });
      expect(data.contentNode).toEqual({ __typename: 'Page', databaseId: page.id, uri: '/contact/', title: 'Contact', content: page.content.rendered, isFrontPage: false, parent: null });
    });

    it('reads the primary menu with labels, paths and linked nodes', async () => {
      const items = await rest(`${API}/menu-items?menus=${menuId}&per_page=100`);
      const data = await query('PrimaryMenu');
      const nodes = data.menuItems.nodes as Json[];
      expect(nodes.map((n) => n.databaseId)).toEqual(items.map((i) => i.id));
      expect(nodes.map((n) => n.label)).toEqual(['Home', 'About', 'News', 'Contact']);
      expect(nodes.map((n) => n.url)).toEqual(items.map((i) => i.url));
      expect(nodes.map((n) => n.path)).toEqual(['/', '/about/', '/category/news/', '/contact/']);
      expect(nodes.map((n) => n.connectedNode?.node.__typename ?? null)).toEqual([null, 'Page', 'Category', 'Page']);
      expect(nodes.every((n) => n.parentId === null)).toBe(true);
    });

    it('reads the site title and tagline', async () => {
      const index = (await t.request.get('/wp-json/')).body;
      const data = await query('SiteSettings');
      expect(data.generalSettings).toEqual({ title: 'Demo Site', description: index.description, url: SITE });
      expect(data.allSettings).toEqual({ generalSettingsTitle: 'Demo Site', generalSettingsDescription: index.description, readingSettingsPostsPerPage: 10 });
    });

    it('knows the viewer when logged in, and nobody otherwise', async () => {
      expect((await query('Viewer')).viewer).toBeNull();
      const me = (await t.request.get(`${API}/users/me?context=edit`).set('Authorization', t.adminAuth)).body;
      const viewer = (await query('Viewer', {}, t.adminAuth)).viewer;
      expect(viewer).toMatchObject({ id: Buffer.from(`user:${me.id}`).toString('base64'), databaseId: me.id, name: me.name, username: me.username, email: me.email, roles: { nodes: [{ name: 'administrator' }] } });
      expect(viewer.capabilities).toEqual(expect.arrayContaining(['edit_posts', 'manage_options']));
    });

    it('lists the upcoming events with venues and organizers, as events/v1 does', async () => {
      const fromRest = (await t.request.get('/wp-json/events/v1/events')).body.events as Json[];
      const data = await query('UpcomingEvents');
      expect(data.events.nodes.map((e: Json) => e.databaseId)).toEqual(fromRest.map((e) => e.id));
      expect(data.events.nodes[0]).toMatchObject({
        title: fromRest[0].title, startDate: fromRest[0].start_date, endDate: fromRest[0].end_date, allDay: false,
        venue: { title: fromRest[0].venue.venue, city: fromRest[0].venue.city },
        organizers: { nodes: fromRest[0].organizer.map((o: Json) => ({ title: o.organizer })) },
        eventsCategories: { nodes: fromRest[0].categories.map((c: Json) => ({ name: c.name })) },
      });
    });
  });
});
