/**
 * Reading posts over real HTTP: route declarations, the record in view/edit/embed context (keys in
 * WordPress's order), links, headers, read permissions, password protection and `_embed`.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';
import type { Response } from 'supertest';

/** A decoded JSON response body (supertest types it loosely). */
type Body = Response['body'];

const API = `${SITE_URL}/wp-json`;
const POSTS = '/wp-json/core/v2/posts';

const VIEW_KEYS = [
  'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'title', 'content', 'excerpt',
  'author', 'featured_media', 'comment_status', 'ping_status', 'sticky', 'template', 'format', 'meta', 'categories', 'tags',
  'class_list', 'seo_head', 'seo_head_json', '_links',
];
const EDIT_KEYS = [
  'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'password', 'slug', 'status', 'type', 'link', 'title', 'content',
  'excerpt', 'author', 'featured_media', 'comment_status', 'ping_status', 'sticky', 'template', 'format', 'meta', 'categories',
  'tags', 'permalink_template', 'generated_slug', 'class_list', 'seo_head', 'seo_head_json', '_links',
];
const EMBED_KEYS = ['id', 'date', 'slug', 'type', 'link', 'title', 'excerpt', 'author', 'featured_media', 'seo_head', 'seo_head_json', '_links'];

interface Account {
  id: number;
  auth: string;
}

describe('posts: reading', () => {
  let t: TestApp;
  let adminId: number;
  let author: Account;
  let subscriber: Account;
  let uncategorized: number;
  let news: number;
  let tagId: number;

  async function makeUser(login: string, role: string): Promise<Account> {
    const created = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: login, email: `${login}@example.com`, password: 'secret-pass-1', roles: [role] });
    if (created.status !== 201) throw new Error(`user ${login}: ${created.status} ${JSON.stringify(created.body)}`);
    const pw = await t.request.post(`/wp-json/core/v2/users/${created.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' });
    if (pw.status !== 201) throw new Error(`app password ${login}: ${pw.status}`);
    return { id: created.body.id, auth: basicAuth(login, pw.body.password) };
  }

  async function create(body: Record<string, unknown>, auth = t.adminAuth): Promise<Body> {
    const res = await t.request.post(POSTS).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    adminId = (await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id;
    author = await makeUser('writer', 'author');
    subscriber = await makeUser('reader', 'subscriber');
    uncategorized = (await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'category', slug: 'uncategorized' } })).id;
    news = (await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'category', slug: 'news' } })).id;
    tagId = (await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'post_tag', slug: 'release' } })).id;
  });
  afterAll(() => t.close());

  describe('route declarations', () => {
    it('declares the collection with WordPress arguments in WordPress order, batchable', async () => {
      const res = await t.request.options(POSTS).expect(200);
      expect(res.headers.allow).toBe('GET');
      expect(res.body.namespace).toBe('core/v2');
      expect(res.body.methods).toEqual(['GET', 'POST']);
      const [list, create] = res.body.endpoints;
      expect(list.allow_batch).toEqual({ v1: true });
      expect(create.allow_batch).toEqual({ v1: true });
      expect(Object.keys(list.args)).toEqual([
        'context', 'page', 'per_page', 'search', 'after', 'modified_after', 'author', 'author_exclude', 'before', 'modified_before',
        'exclude', 'include', 'search_semantics', 'offset', 'order', 'orderby', 'search_columns', 'slug', 'status', 'tax_relation',
        'categories', 'categories_exclude', 'tags', 'tags_exclude', 'sticky', 'ignore_sticky', 'format',
      ]);
      expect(list.args.context).toEqual({
        description: 'Scope under which the request is made; determines fields present in response.',
        type: 'string', enum: ['view', 'embed', 'edit'], default: 'view', required: false,
      });
      expect(list.args.per_page).toEqual({ description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100, required: false });
      expect(list.args.status).toEqual({
        default: 'publish',
        description: 'Limit result set to posts assigned one or more statuses.',
        type: 'array',
        items: {
          enum: ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit', 'request-pending', 'request-confirmed', 'request-failed', 'request-completed', 'any'],
          type: 'string',
        },
        required: false,
      });
      expect(list.args.orderby.enum).toEqual(['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title']);
      expect(list.args.categories).toEqual({
        description: 'Limit result set to items with specific terms assigned in the categories taxonomy.',
        type: ['object', 'array'],
        oneOf: [
          { title: 'Term ID List', description: 'Match terms with the listed IDs.', type: 'array', items: { type: 'integer' } },
          {
            title: 'Term ID Taxonomy Query',
            description: 'Perform an advanced term query.',
            type: 'object',
            properties: {
              terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] },
              include_children: { description: 'Whether to include child terms in the terms limiting the result set.', type: 'boolean', default: false },
              operator: { description: 'Whether items must be assigned all or any of the specified terms.', type: 'string', enum: ['AND', 'OR'], default: 'OR' },
            },
            additionalProperties: false,
          },
        ],
        required: false,
      });
      expect(Object.keys(list.args.tags_exclude.oneOf[1].properties)).toEqual(['terms']);
      expect(list.args.ignore_sticky).toEqual({ description: 'Whether to ignore sticky posts or not.', type: 'boolean', default: true, required: false });
      expect(list.args.format).toEqual({
        description: 'Limit result set to items assigned one or more given formats.',
        type: 'array',
        uniqueItems: true,
        items: { enum: ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'], type: 'string' },
        required: false,
      });
      expect(Object.keys(create.args)).toEqual([
        'date', 'date_gmt', 'slug', 'status', 'password', 'title', 'content', 'author', 'excerpt', 'featured_media', 'comment_status',
        'ping_status', 'format', 'meta', 'sticky', 'template', 'categories', 'tags',
      ]);
      expect(create.args.title).toEqual({
        description: 'The title for the post.',
        type: 'object',
        properties: {
          raw: { description: 'Title for the post, as it exists in the database.', type: 'string', context: ['edit'] },
          rendered: { description: 'HTML title for the post, transformed for display.', type: 'string', context: ['view', 'edit', 'embed'], readonly: true },
        },
        required: false,
      });
      expect(create.args.date).toEqual({ description: "The date the post was published, in the site's timezone.", type: ['string', 'null'], format: 'date-time', required: false });
      expect(create.args.status).toEqual({ description: 'A named status for the post.', type: 'string', enum: ['publish', 'future', 'draft', 'pending', 'private'], required: false });
      expect(create.args.meta).toMatchObject({ description: 'Meta fields.', type: 'object', required: false });
      // footnotes (core) first, then Yoast's SEO fields (edit context only).
      expect(create.args.meta.properties.footnotes).toEqual({ type: 'string', title: '', description: '', default: '' });
      expect(create.args.meta.properties._yoast_wpseo_title).toEqual({ type: 'string', title: '', description: '', default: '', context: ['edit'], maxLength: 300 });
    });

    it('serves the post schema on OPTIONS with the properties in WordPress order', async () => {
      const res = await t.request.options(POSTS).expect(200);
      expect(res.body.schema.title).toBe('post');
      expect(Object.keys(res.body.schema.properties)).toEqual([
        'date', 'date_gmt', 'guid', 'id', 'link', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'password', 'permalink_template',
        'generated_slug', 'class_list', 'title', 'content', 'author', 'excerpt', 'featured_media', 'comment_status', 'ping_status',
        'format', 'meta', 'sticky', 'template', 'categories', 'tags', 'seo_head', 'seo_head_json',
      ]);
      expect(res.body.schema.properties.content.properties.block_version).toEqual({
        description: 'Version of the content block format used by the post.', type: 'integer', context: ['edit'], readonly: true,
      });
    });

    it('declares the item route: GET, EDITABLE and DELETE, all batchable', async () => {
      const res = await t.request.options(`${POSTS}/1`).expect(200);
      expect(res.body.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      const [read, update, remove] = res.body.endpoints;
      expect(read.methods).toEqual(['GET']);
      expect(Object.keys(read.args)).toEqual(['id', 'context', 'excerpt_length', 'password']);
      expect(read.args.id).toEqual({ description: 'Unique identifier for the post.', type: 'integer', required: false });
      expect(read.args.password).toEqual({ description: 'The password for the post if it is password protected.', type: 'string', required: false });
      expect(update.methods).toEqual(['POST', 'PUT', 'PATCH']);
      expect(Object.keys(update.args)[0]).toBe('id');
      expect(remove.args.force).toEqual({ type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.', required: false });
      for (const e of res.body.endpoints) expect(e.allow_batch).toEqual({ v1: true });
    });

    it('registers the routes in WordPress order in the namespace index', async () => {
      const res = await t.request.get('/wp-json/core/v2').expect(200);
      const keys = Object.keys(res.body.routes).filter((k) => k.startsWith('/core/v2/posts') || k.startsWith('/core/v2/pages'));
      expect(keys).toEqual([
        '/core/v2/posts', '/core/v2/posts/(?P<id>[\\d]+)', '/core/v2/posts/(?P<parent>[\\d]+)/revisions',
        '/core/v2/posts/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)', '/core/v2/posts/(?P<id>[\\d]+)/autosaves',
        '/core/v2/posts/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)',
        '/core/v2/pages', '/core/v2/pages/(?P<id>[\\d]+)', '/core/v2/pages/(?P<parent>[\\d]+)/revisions',
        '/core/v2/pages/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)', '/core/v2/pages/(?P<id>[\\d]+)/autosaves',
        '/core/v2/pages/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)',
      ]);
      expect(res.body.routes['/core/v2/posts']._links).toEqual({ self: [{ href: `${API}/core/v2/posts` }] });
      expect(res.body.routes['/core/v2/posts/(?P<id>[\\d]+)']._links).toBeUndefined();
    });
  });

  describe('the record', () => {
    let post: Body;

    beforeAll(async () => {
      post = await create({
        title: 'Sample "quoted" post',
        content: '<!-- wp:paragraph -->\n<p>A paragraph with "quotes" and an apostrophe\'s.</p>\n<!-- /wp:paragraph -->',
        excerpt: 'A short "excerpt".',
        status: 'publish',
        categories: [news],
        tags: [tagId],
      });
    });

    it('answers a single GET in view context with WordPress keys, values, links and headers', async () => {
      const res = await t.request.get(`${POSTS}/${post.id}`).expect(200);
      expect(res.headers.link).toBe(`<${SITE_URL}/sample-quoted-post/>; rel="alternate"; type=text/html`);
      expect(res.headers.allow).toBe('GET');
      const body = res.body;
      expect(Object.keys(body)).toEqual(VIEW_KEYS);
      expect(body.id).toBe(post.id);
      expect(body.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      expect(body.date_gmt).toBe(body.date);
      expect(body.guid).toEqual({ rendered: `${SITE_URL}/sample-quoted-post/` });
      expect(body.slug).toBe('sample-quoted-post');
      expect(body.status).toBe('publish');
      expect(body.type).toBe('post');
      expect(body.link).toBe(`${SITE_URL}/sample-quoted-post/`);
      expect(body.title).toEqual({ rendered: 'Sample &#8220;quoted&#8221; post' });
      expect(body.content).toEqual({ rendered: '\n<p>A paragraph with &#8220;quotes&#8221; and an apostrophe&#8217;s.</p>\n', protected: false });
      expect(body.excerpt).toEqual({ rendered: '<p>A short &#8220;excerpt&#8221;.</p>\n', protected: false });
      expect(body.author).toBe(adminId);
      expect(body.featured_media).toBe(0);
      expect([body.comment_status, body.ping_status, body.sticky, body.template, body.format]).toEqual(['open', 'open', false, '', 'standard']);
      expect(body.meta).toEqual({ footnotes: '' });
      expect(body.categories).toEqual([news]);
      expect(body.tags).toEqual([tagId]);
      expect(body.class_list).toEqual([`post-${post.id}`, 'post', 'type-post', 'status-publish', 'format-standard', 'hentry', 'category-news', 'tag-release']);
      expect(Object.keys(body._links)).toEqual(['self', 'collection', 'about', 'author', 'replies', 'version-history', 'wp:attachment', 'wp:term', 'curies']);
      expect(body._links.self).toEqual([{ href: `${API}/core/v2/posts/${post.id}`, targetHints: { allow: ['GET'] } }]);
      expect(body._links.collection).toEqual([{ href: `${API}/core/v2/posts` }]);
      expect(body._links.about).toEqual([{ href: `${API}/core/v2/types/post` }]);
      expect(body._links.author).toEqual([{ embeddable: true, href: `${API}/core/v2/users/${adminId}` }]);
      expect(body._links.replies).toEqual([{ embeddable: true, href: `${API}/core/v2/comments?post=${post.id}` }]);
      expect(body._links['version-history']).toEqual([{ count: 0, href: `${API}/core/v2/posts/${post.id}/revisions` }]);
      expect(body._links['wp:attachment']).toEqual([{ href: `${API}/core/v2/media?parent=${post.id}` }]);
      expect(body._links['wp:term']).toEqual([
        { taxonomy: 'category', embeddable: true, href: `${API}/core/v2/categories?post=${post.id}` },
        { taxonomy: 'post_tag', embeddable: true, href: `${API}/core/v2/tags?post=${post.id}` },
      ]);
      expect(body._links.curies).toEqual([{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]);
    });

    it('answers edit context for an editor with raw values, generated slug, template and action links', async () => {
      const res = await t.request.get(`${POSTS}/${post.id}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      const body = res.body;
      expect(Object.keys(body)).toEqual(EDIT_KEYS);
      expect(body.guid).toEqual({ rendered: `${SITE_URL}/sample-quoted-post/`, raw: `${SITE_URL}/sample-quoted-post/` });
      expect(body.password).toBe('');
      expect(body.title).toEqual({ raw: 'Sample "quoted" post', rendered: 'Sample &#8220;quoted&#8221; post' });
      expect(body.content).toEqual({
        raw: '<!-- wp:paragraph -->\n<p>A paragraph with "quotes" and an apostrophe\'s.</p>\n<!-- /wp:paragraph -->',
        rendered: '\n<p>A paragraph with &#8220;quotes&#8221; and an apostrophe&#8217;s.</p>\n',
        protected: false,
        block_version: 1,
      });
      expect(body.excerpt).toEqual({ raw: 'A short "excerpt".', rendered: '<p>A short &#8220;excerpt&#8221;.</p>\n', protected: false });
      expect(body.permalink_template).toBe(`${SITE_URL}/%postname%/`);
      expect(body.generated_slug).toBe('sample-quoted-post');
      expect(body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(Object.keys(body._links)).toEqual([
        'self', 'collection', 'about', 'author', 'replies', 'version-history', 'wp:attachment', 'wp:term', 'wp:action-publish',
        'wp:action-unfiltered-html', 'wp:action-sticky', 'wp:action-assign-author', 'wp:action-create-categories',
        'wp:action-assign-categories', 'wp:action-create-tags', 'wp:action-assign-tags', 'curies',
      ]);
      expect(body._links['wp:action-publish']).toEqual([{ href: `${API}/core/v2/posts/${post.id}` }]);
    });

    it('gives an author on their own post only the actions their role has', async () => {
      const own = await create({ title: 'Author post', status: 'publish' }, author.auth);
      const res = await t.request.get(`${POSTS}/${own.id}?context=edit`).set('Authorization', author.auth).expect(200);
      const actions = Object.keys(res.body._links).filter((k) => k.startsWith('wp:action-'));
      expect(actions).toEqual(['wp:action-publish', 'wp:action-assign-categories', 'wp:action-create-tags', 'wp:action-assign-tags']);
      expect(res.body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    });

    it('answers embed context with the nine embed fields', async () => {
      const res = await t.request.get(`${POSTS}/${post.id}?context=embed`).expect(200);
      expect(Object.keys(res.body)).toEqual(EMBED_KEYS);
      expect(res.body.title).toEqual({ rendered: 'Sample &#8220;quoted&#8221; post' });
      expect(res.body.excerpt).toEqual({ rendered: '<p>A short &#8220;excerpt&#8221;.</p>\n', protected: false });
    });

    it('filters fields with _fields', async () => {
      const res = await t.request.get(`${POSTS}/${post.id}?_fields=id,title`).expect(200);
      expect(res.body).toEqual({ id: post.id, title: { rendered: 'Sample &#8220;quoted&#8221; post' } });
      const list = await t.request.get(`${POSTS}?_fields=id,title.rendered&per_page=1`).expect(200);
      expect(Object.keys(list.body[0])).toEqual(['id', 'title']);
    });

    it('shows dates in the site time zone', async () => {
      await t.db.prisma.option.upsert({ where: { name: 'timezone_string' }, create: { name: 'timezone_string', value: '"Europe/Paris"' }, update: { value: '"Europe/Paris"' } });
      try {
        await t.request.patch(`${POSTS}/${post.id}`).set('Authorization', t.adminAuth).send({ date_gmt: '2026-01-15T10:00:00' }).expect(200);
        const res = await t.request.get(`${POSTS}/${post.id}`).expect(200);
        expect(res.body.date).toBe('2026-01-15T11:00:00');
        expect(res.body.date_gmt).toBe('2026-01-15T10:00:00');
      } finally {
        await t.db.prisma.option.delete({ where: { name: 'timezone_string' } });
      }
    });
  });

  describe('read permissions', () => {
    let draft: Body;
    let privatePost: Body;

    beforeAll(async () => {
      draft = await create({ title: 'Secret draft', content: 'Draft body' }, author.auth);
      privatePost = await create({ title: 'Private thoughts', status: 'private' });
    });

    it('refuses drafts to anonymous callers (401) and subscribers (403) with rest_forbidden', async () => {
      const anon = await t.request.get(`${POSTS}/${draft.id}`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
      expect(anon.headers.allow).toBeUndefined();
      const sub = await t.request.get(`${POSTS}/${draft.id}`).set('Authorization', subscriber.auth).expect(403);
      expect(sub.body.code).toBe('rest_forbidden');
    });

    it('lets the author read their draft, with the plain link and a shimmed date_gmt', async () => {
      const res = await t.request.get(`${POSTS}/${draft.id}`).set('Authorization', author.auth).expect(200);
      expect(res.body.status).toBe('draft');
      expect(res.body.slug).toBe('');
      expect(res.body.link).toBe(`${SITE_URL}/?p=${draft.id}`);
      expect(res.headers.link).toBe(`<${SITE_URL}/?p=${draft.id}>; rel="alternate"; type=text/html`);
      expect(res.body.date_gmt).toBe(res.body.date);
    });

    it('refuses private posts to anonymous callers, shows them to editors', async () => {
      await t.request.get(`${POSTS}/${privatePost.id}`).expect(401);
      await t.request.get(`${POSTS}/${privatePost.id}`).set('Authorization', author.auth).expect(403);
      const res = await t.request.get(`${POSTS}/${privatePost.id}`).set('Authorization', t.adminAuth).expect(200);
      expect(res.body.title.rendered).toBe('Private thoughts');
      expect(res.body.link).toBe(`${SITE_URL}/private-thoughts/`);
    });

    it('refuses edit context: 401 anonymous, 403 subscriber, on items and collections', async () => {
      const item = await t.request.get(`${POSTS}/${draft.id}?context=edit`).expect(401);
      expect(item.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit this post.', data: { status: 401 } });
      const list = await t.request.get(`${POSTS}?context=edit`).expect(401);
      expect(list.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit posts in this post type.', data: { status: 401 } });
      expect(list.headers.allow).toBeUndefined();
      const sub = await t.request.get(`${POSTS}?context=edit`).set('Authorization', subscriber.auth).expect(403);
      expect(sub.body.code).toBe('rest_forbidden_context');
      const other = await t.request.get(`${POSTS}/${privatePost.id}?context=edit`).set('Authorization', author.auth).expect(403);
      expect(other.body.code).toBe('rest_forbidden_context');
    });

    it('answers 404 rest_post_invalid_id for unknown ids, other types and absurd ids', async () => {
      const page = await t.db.prisma.content.findFirstOrThrow({ where: { type: 'page' } });
      for (const id of [999999, page.id, 0, 99999999999]) {
        const res = await t.request.get(`${POSTS}/${id}`).expect(404);
        expect(res.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
        expect(res.headers.allow).toBeUndefined();
      }
    });
  });

  describe('password protection', () => {
    let locked: Body;

    beforeAll(async () => {
      locked = await create({ title: 'Locked', content: 'Hidden words', excerpt: 'Hidden excerpt', status: 'publish', password: 'open sesame' });
    });

    it('hides content and excerpt but keeps the title', async () => {
      const res = await t.request.get(`${POSTS}/${locked.id}`).expect(200);
      expect(res.body.title.rendered).toBe('Locked');
      expect(res.body.content).toEqual({ rendered: '', protected: true });
      expect(res.body.excerpt).toEqual({ rendered: '', protected: true });
      expect(res.body.class_list).toContain('post-password-required');
      const list = await t.request.get(`${POSTS}?include=${locked.id}`).expect(200);
      expect(list.body[0].content).toEqual({ rendered: '', protected: true });
    });

    it('reveals them with the right ?password= and refuses a wrong one with 403', async () => {
      const ok = await t.request.get(`${POSTS}/${locked.id}?password=open%20sesame`).expect(200);
      expect(ok.body.content).toEqual({ rendered: '<p>Hidden words</p>\n', protected: true });
      expect(ok.body.excerpt.rendered).toBe('<p>Hidden excerpt</p>\n');
      const bad = await t.request.get(`${POSTS}/${locked.id}?password=nope`).expect(403);
      expect(bad.body).toEqual({ code: 'rest_post_incorrect_password', message: 'Incorrect post password.', data: { status: 403 } });
    });

    it('reveals them to editors in edit context, with the password', async () => {
      const res = await t.request.get(`${POSTS}/${locked.id}?context=edit`).set('Authorization', t.adminAuth).expect(200);
      expect(res.body.password).toBe('open sesame');
      expect(res.body.content.rendered).toBe('<p>Hidden words</p>\n');
      const view = await t.request.get(`${POSTS}/${locked.id}`).set('Authorization', t.adminAuth).expect(200);
      expect(view.body.content.rendered).toBe('');
    });
  });

  describe('collections', () => {
    it('lists published posts newest first with pagination headers', async () => {
      const all = await t.request.get(`${POSTS}?per_page=100`).expect(200);
      const total = Number(all.headers['x-wp-total']);
      expect(all.body).toHaveLength(total);
      expect(all.body.every((p: { status: string }) => p.status === 'publish')).toBe(true);
      const dates = all.body.map((p: { date: string }) => p.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      const page = await t.request.get(`${POSTS}?per_page=2&page=2`).expect(200);
      expect(page.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 2)));
      expect(page.headers.link).toBe(`<${API}/core/v2/posts?per_page=2&page=1>; rel="prev", <${API}/core/v2/posts?per_page=2&page=3>; rel="next"`);
      expect(page.body.map((p: { id: number }) => p.id)).toEqual(all.body.slice(2, 4).map((p: { id: number }) => p.id));
    });

    it('refuses a page past the last one, but not on an empty result', async () => {
      const res = await t.request.get(`${POSTS}?page=999`).expect(400);
      expect(res.body).toEqual({ code: 'rest_post_invalid_page_number', message: 'The page number requested is larger than the number of pages available.', data: { status: 400 } });
      const empty = await t.request.get(`${POSTS}?page=5&search=zzzznothing`).expect(200);
      expect(empty.body).toEqual([]);
      expect(empty.headers['x-wp-total']).toBe('0');
      expect(empty.headers['x-wp-totalpages']).toBe('0');
    });

    it('validates per_page before anything else', async () => {
      const res = await t.request.get(`${POSTS}?per_page=101&context=edit`).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params.per_page).toBe('per_page must be between 1 (inclusive) and 100 (inclusive)');
      expect(res.body.data.details.per_page.code).toBe('rest_out_of_bounds');
    });

    it('answers HEAD with the headers only', async () => {
      const res = await t.request.head(`${POSTS}?per_page=1`).expect(200);
      expect(res.headers['x-wp-total']).toBeDefined();
      expect(res.text ?? '').toBe('');
    });
  });

  describe('_embed', () => {
    it('embeds the author through the users route and terms per taxonomy', async () => {
      const post = await create({ title: 'Embedded', status: 'publish', categories: [uncategorized] });
      const res = await t.request.get(`${POSTS}/${post.id}?_embed=author,wp:term`).expect(200);
      expect(Object.keys(res.body._embedded)).toEqual(['author', 'wp:term']);
      expect(res.body._embedded.author).toHaveLength(1);
      expect(res.body._embedded.author[0].id).toBe(adminId);
      expect(res.body._embedded.author[0].slug).toBe('admin');
      expect(res.body._embedded['wp:term']).toHaveLength(2);
    });

    it('links and embeds featured media', async () => {
      const media = await t.db.prisma.content.create({ data: { type: 'attachment', status: 'inherit', slug: 'pic', title: 'pic', date: new Date(), modified: new Date(), mimeType: 'image/jpeg' } });
      const post = await create({ title: 'With picture', status: 'publish', featured_media: media.id });
      const res = await t.request.get(`${POSTS}/${post.id}?_embed=wp:featuredmedia`).expect(200);
      expect(res.body.featured_media).toBe(media.id);
      expect(res.body._links['wp:featuredmedia']).toEqual([{ embeddable: true, href: `${API}/core/v2/media/${media.id}` }]);
      expect(res.body.class_list).toContain('has-post-thumbnail');
      // The media route answers the embed (an attachment without a file: no source, no details).
      expect(res.body._embedded['wp:featuredmedia']).toHaveLength(1);
      expect(res.body._embedded['wp:featuredmedia'][0]).toMatchObject({ id: media.id, type: 'attachment', mime_type: 'image/jpeg', media_details: {} });
    });

    it('leaves out relations whose embeds are all empty (replies without comments)', async () => {
      const post = await create({ title: 'Quiet post', status: 'publish' });
      const res = await t.request.get(`${POSTS}/${post.id}?_embed`).expect(200);
      expect(res.body._links.replies).toHaveLength(1);
      expect(Object.keys(res.body._embedded)).toEqual(['author', 'wp:term']);
    });
  });
});
