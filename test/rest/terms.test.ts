/**
 * `/core/v2/categories` and `/core/v2/tags` over real HTTP, as WordPress's WP_REST_Terms_Controller
 * answers them: declarations, records, filters, the `post` filter and its batched loader, writes
 * with their permission, uniqueness and hierarchy rules, and batch support.
 */
import { LoaderCache } from '../../src/domain/loaders';
import type { DomainContext } from '../../src/domain/context';
import { listTerms } from '../../src/domain/terms/query';
import { termsByContent } from '../../src/domain/terms/loaders';
import { anonymous } from '../../src/domain/viewer';
import type { Term } from '../../src/generated/prisma-sqlite/client';
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';

const ROOT = `${SITE_URL}/wp-json`;
const CATEGORIES = '/wp-json/core/v2/categories';
const TAGS = '/wp-json/core/v2/tags';
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

const VIEW_KEYS = ['id', 'count', 'description', 'link', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'seo_head', 'seo_head_json', '_links'];
const TAG_VIEW_KEYS = ['id', 'count', 'description', 'link', 'name', 'slug', 'taxonomy', 'meta', 'seo_head', 'seo_head_json', '_links'];
const EMBED_KEYS = ['id', 'link', 'name', 'slug', 'taxonomy', 'seo_head', 'seo_head_json', '_links'];

interface Record_ {
  id: number;
  name: string;
  slug: string;
  parent?: number;
  count: number;
  [key: string]: unknown;
}

describe('terms', () => {
  let t: TestApp;
  let adminId: number;
  const auth: Record<'editor' | 'author' | 'contributor' | 'subscriber', string> = { editor: '', author: '', contributor: '', subscriber: '' };
  const ids: Record<string, number> = {};

  async function createUser(role: string): Promise<{ id: number; auth: string }> {
    const login = `${role}1`;
    const res = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: login, email: `${login}@example.com`, password: 'secret-1', roles: [role] });
    if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
    const pw = await t.request.post(`/wp-json/core/v2/users/${res.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' });
    return { id: res.body.id, auth: basicAuth(login, pw.body.password) };
  }

  async function content(data: { type?: string; status?: string; authorId?: number; title?: string; terms?: number[] }): Promise<number> {
    const now = new Date();
    const row = await t.db.prisma.content.create({
      data: { type: data.type ?? 'post', status: data.status ?? 'publish', authorId: data.authorId ?? adminId, title: data.title ?? 'x', date: now, modified: now },
    });
    if (data.terms?.length) await t.db.prisma.termRelationship.createMany({ data: data.terms.map((termId) => ({ contentId: row.id, termId })) });
    return row.id;
  }

  async function term(taxonomy: string, name: string, extra: Partial<Term> = {}): Promise<Term> {
    return t.db.prisma.term.create({ data: { taxonomy, name, slug: extra.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), ...extra } });
  }

  const termCount = () => t.db.prisma.term.count();
  const names = (body: Record_[]) => body.map((r) => r.name);

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    adminId = (await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id;
    for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) auth[role] = (await createUser(role)).auth;
    for (const row of await t.db.prisma.term.findMany()) ids[`${row.taxonomy}:${row.slug}`] = row.id;
  });
  afterAll(() => t.close());

  describe('route declarations', () => {
    it('declares the categories collection with the WordPress arguments and batch support', async () => {
      const res = await t.request.options(CATEGORIES).expect(200);
      expect(res.body.namespace).toBe('core/v2');
      expect(res.body.methods).toEqual(['GET', 'POST']);
      const [list, create] = res.body.endpoints;
      expect(list.allow_batch).toEqual({ v1: true });
      expect(create.allow_batch).toEqual({ v1: true });
      expect(Object.keys(list.args)).toEqual(['context', 'page', 'per_page', 'search', 'exclude', 'include', 'order', 'orderby', 'hide_empty', 'parent', 'post', 'slug']);
      expect(list.args.context).toEqual({
        description: 'Scope under which the request is made; determines fields present in response.',
        type: 'string',
        enum: ['view', 'embed', 'edit'],
        default: 'view',
        required: false,
      });
      expect(list.args.page).toEqual({ description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1, required: false });
      expect(list.args.per_page).toEqual({ description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100, required: false });
      expect(list.args.search).toEqual({ description: 'Limit results to those matching a string.', type: 'string', required: false });
      expect(list.args.exclude).toEqual({ description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [], required: false });
      expect(list.args.include).toEqual({ description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [], required: false });
      expect(list.args.order).toEqual({ description: 'Order sort attribute ascending or descending.', type: 'string', default: 'asc', enum: ['asc', 'desc'], required: false });
      expect(list.args.orderby).toEqual({
        description: 'Sort collection by term attribute.',
        type: 'string',
        default: 'name',
        enum: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
        required: false,
      });
      expect(list.args.hide_empty).toEqual({ description: 'Whether to hide terms not assigned to any posts.', type: 'boolean', default: false, required: false });
      expect(list.args.parent).toEqual({ description: 'Limit result set to terms assigned to a specific parent.', type: 'integer', required: false });
      expect(list.args.post).toEqual({ description: 'Limit result set to terms assigned to a specific post.', type: 'integer', default: null, required: false });
      expect(list.args.slug).toEqual({ description: 'Limit result set to terms with one or more specific slugs.', type: 'array', items: { type: 'string' }, required: false });
      expect(Object.keys(create.args)).toEqual(['description', 'name', 'slug', 'parent', 'meta']);
      expect(create.args.name).toEqual({ description: 'HTML title for the term.', type: 'string', required: true });
      expect(create.args.parent).toEqual({ description: 'The parent term ID.', type: 'integer', required: false });
      // Yoast's per-term SEO fields are its registered meta (edit context; seo-term-user-fields.test.ts).
      expect(create.args.meta).toMatchObject({ description: 'Meta fields.', type: 'object', required: false });
      expect(Object.keys(create.args.meta.properties)).toContain('wpseo_title');
      expect(res.body._links.self[0].href).toBe(`${ROOT}/core/v2/categories`);

      const schema = res.body.schema;
      expect(schema.title).toBe('category');
      expect(Object.keys(schema.properties)).toEqual(['id', 'count', 'description', 'link', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'seo_head', 'seo_head_json']);
      expect(schema.properties.taxonomy).toEqual({ description: 'Type attribution for the term.', type: 'string', enum: ['category'], context: ['view', 'embed', 'edit'], readonly: true });
      expect(schema.properties.name).toEqual({ description: 'HTML title for the term.', type: 'string', context: ['view', 'embed', 'edit'], required: true });
    });

    it('declares tags without parent but with offset', async () => {
      const res = await t.request.options(TAGS).expect(200);
      const [list, create] = res.body.endpoints;
      expect(Object.keys(list.args)).toEqual(['context', 'page', 'per_page', 'search', 'exclude', 'include', 'offset', 'order', 'orderby', 'hide_empty', 'post', 'slug']);
      expect(list.args.offset).toEqual({ description: 'Offset the result set by a specific number of items.', type: 'integer', required: false });
      expect(Object.keys(create.args)).toEqual(['description', 'name', 'slug', 'meta']);
      expect(res.body.schema.title).toBe('tag');
      expect(Object.keys(res.body.schema.properties)).toEqual(['id', 'count', 'description', 'link', 'name', 'slug', 'taxonomy', 'meta', 'seo_head', 'seo_head_json']);
    });

    it('declares the item routes with id first, force on DELETE and batch support everywhere', async () => {
      const res = await t.request.options(`${CATEGORIES}/1`).expect(200);
      expect(res.body.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(res.body.endpoints.map((e: { allow_batch?: unknown }) => e.allow_batch)).toEqual([{ v1: true }, { v1: true }, { v1: true }]);
      const [read, update, remove] = res.body.endpoints;
      expect(Object.keys(read.args)).toEqual(['id', 'context']);
      expect(read.args.id).toEqual({ description: 'Unique identifier for the term.', type: 'integer', required: false });
      expect(Object.keys(update.args)).toEqual(['id', 'description', 'name', 'slug', 'parent', 'meta']);
      expect(update.args.name).toEqual({ description: 'HTML title for the term.', type: 'string', required: false });
      expect(remove.args).toEqual({
        id: { description: 'Unique identifier for the term.', type: 'integer', required: false },
        force: { type: 'boolean', default: false, description: 'Required to be true, as terms do not support trashing.', required: false },
      });
      expect(res.body._links).toBeUndefined();
    });

    it('lists the routes in the namespace index in WordPress order', async () => {
      const routes = Object.keys((await t.request.get('/wp-json/core/v2').expect(200)).body.routes);
      const ours = routes.filter((r) => /\/(categories|tags)/.test(r));
      expect(ours).toEqual(['/core/v2/categories', '/core/v2/categories/(?P<id>[\\d]+)', '/core/v2/tags', '/core/v2/tags/(?P<id>[\\d]+)']);
    });
  });

  describe('records', () => {
    it('serves a category in view context with every field and link, in order', async () => {
      const id = ids['category:news'];
      const res = await t.request.get(`${CATEGORIES}/${id}`).expect(200);
      expect(Object.keys(res.body)).toEqual(VIEW_KEYS);
      expect(res.body).toEqual({
        id,
        count: 2,
        description: 'Announcements and updates.',
        link: `${SITE_URL}/category/news/`,
        name: 'News',
        slug: 'news',
        taxonomy: 'category',
        parent: 0,
        meta: [],
        // The head (tested in seo-head.test.ts): here only that it describes this archive.
        seo_head: expect.stringContaining('<title>News Archives - Demo Site</title>'),
        seo_head_json: expect.objectContaining({ title: 'News Archives - Demo Site', canonical: `${SITE_URL}/category/news/` }),
        _links: {
          self: [{ href: `${ROOT}/core/v2/categories/${id}`, targetHints: { allow: ['GET'] } }],
          collection: [{ href: `${ROOT}/core/v2/categories` }],
          about: [{ href: `${ROOT}/core/v2/taxonomies/category` }],
          'wp:post_type': [{ href: `${ROOT}/core/v2/posts?categories=${id}` }],
          curies: CURIES,
        },
      });
      expect(res.headers.allow).toBe('GET');
    });

    it('serves a tag without parent, linked under /tag/', async () => {
      const id = ids['post_tag:graphql'];
      const res = await t.request.get(`${TAGS}/${id}`).expect(200);
      expect(Object.keys(res.body)).toEqual(TAG_VIEW_KEYS);
      expect(res.body).toMatchObject({ id, count: 2, link: `${SITE_URL}/tag/graphql/`, name: 'graphql', slug: 'graphql', taxonomy: 'post_tag' });
      expect(res.body._links['wp:post_type']).toEqual([{ href: `${ROOT}/core/v2/posts?tags=${id}` }]);
    });

    it('serves the embed context, and edit context only to those who may edit terms', async () => {
      const id = ids['category:guides'];
      const embed = await t.request.get(`${CATEGORIES}/${id}?context=embed`).expect(200);
      expect(Object.keys(embed.body)).toEqual(EMBED_KEYS);
      const edit = await t.request.get(`${CATEGORIES}/${id}?context=edit`).set('Authorization', auth.editor).expect(200);
      expect(Object.keys(edit.body)).toEqual(VIEW_KEYS);
      expect(edit.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      expect(edit.body._links.self[0].targetHints).toEqual({ allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] });

      const anon = await t.request.get(`${CATEGORIES}/${id}?context=edit`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit this term.', data: { status: 401 } });
      expect(anon.headers.allow).toBeUndefined();
      const author = await t.request.get(`${CATEGORIES}/${id}?context=edit`).set('Authorization', auth.author).expect(403);
      expect(author.body.code).toBe('rest_forbidden_context');

      const list = await t.request.get(`${TAGS}?context=edit`).expect(401);
      expect(list.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit terms in this taxonomy.', data: { status: 401 } });
      await t.request.get(`${TAGS}?context=edit`).set('Authorization', auth.contributor).expect(403);
      const listed = await t.request.get(`${TAGS}?context=edit`).set('Authorization', auth.editor).expect(200);
      expect(Object.keys(listed.body[0])).toEqual(TAG_VIEW_KEYS);
    });

    it('answers 404 rest_term_invalid for unknown ids and for terms of the other taxonomy', async () => {
      for (const path of [`${CATEGORIES}/999999`, `${CATEGORIES}/${ids['post_tag:rest']}`, `${TAGS}/${ids['category:news']}`, `${TAGS}/${ids['nav_menu:main-menu']}`, `${CATEGORIES}/0`, `${CATEGORIES}/99999999999`]) {
        const res = await t.request.get(path).expect(404);
        expect(res.body).toEqual({ code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
        expect(res.headers.allow).toBeUndefined();
      }
      const update = await t.request.post(`${CATEGORIES}/999999`).set('Authorization', t.adminAuth).send({ name: 'x' }).expect(404);
      expect(update.body.code).toBe('rest_term_invalid');
      await t.request.delete(`${TAGS}/999999?force=true`).set('Authorization', t.adminAuth).expect(404);
    });

    it('withholds DELETE from the default category in the target hints', async () => {
      const res = await t.request.get(`${CATEGORIES}/${ids['category:uncategorized']}`).set('Authorization', t.adminAuth).expect(200);
      expect(res.body._links.self[0].targetHints).toEqual({ allow: ['GET', 'POST', 'PUT', 'PATCH'] });
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH');
    });

    it('nests the link of a child category under its ancestors and links the parent with `up`', async () => {
      const top = await term('category', 'Top Level');
      const mid = await term('category', 'Middle', { parentId: top.id });
      const leaf = await term('category', 'Leaf', { parentId: mid.id });
      const res = await t.request.get(`${CATEGORIES}/${leaf.id}`).expect(200);
      expect(res.body.link).toBe(`${SITE_URL}/category/top-level/middle/leaf/`);
      expect(res.body.parent).toBe(mid.id);
      expect(Object.keys(res.body._links)).toEqual(['self', 'collection', 'about', 'up', 'wp:post_type', 'curies']);
      expect(res.body._links.up).toEqual([{ embeddable: true, href: `${ROOT}/core/v2/categories/${mid.id}` }]);

      const embedded = await t.request.get(`${CATEGORIES}/${leaf.id}?_embed=up`).expect(200);
      expect(embedded.body._embedded.up[0]).toMatchObject({ id: mid.id, name: 'Middle', link: `${SITE_URL}/category/top-level/middle/` });
      expect(Object.keys(embedded.body._embedded.up[0])).toEqual(EMBED_KEYS);

      // A parent that no longer exists gives no `up` link and no ancestor path.
      const orphan = await term('category', 'Orphan', { parentId: 987654 });
      const lone = await t.request.get(`${CATEGORIES}/${orphan.id}`).expect(200);
      expect(lone.body.parent).toBe(987654);
      expect(lone.body.link).toBe(`${SITE_URL}/category/orphan/`);
      expect(lone.body._links.up).toBeUndefined();
      await t.db.prisma.term.deleteMany({ where: { id: { in: [leaf.id, mid.id, top.id, orphan.id] } } });
    });
  });

  describe('collections', () => {
    it('lists categories by name with pagination headers', async () => {
      const res = await t.request.get(CATEGORIES).expect(200);
      expect(names(res.body)).toEqual(['Community', 'Guides', 'News', 'Uncategorized']);
      expect(res.headers['x-wp-total']).toBe('4');
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.headers.link).toBe(`<${ROOT}/>; rel="https://api.w.org/"`);
      expect(res.headers.allow).toBe('GET');
      expect((await t.request.get(CATEGORIES).set('Authorization', auth.editor)).headers.allow).toBe('GET, POST');

      const page = await t.request.get(`${CATEGORIES}?per_page=1&page=2`).expect(200);
      expect(names(page.body)).toEqual(['Guides']);
      expect(page.headers['x-wp-totalpages']).toBe('4');
      expect(page.headers.link).toBe(
        `<${ROOT}/core/v2/categories?per_page=1&page=1>; rel="prev", <${ROOT}/core/v2/categories?per_page=1&page=3>; rel="next"`,
      );
      // No page-number error for terms: past the end is an empty page.
      const past = await t.request.get(`${CATEGORIES}?per_page=2&page=9`).expect(200);
      expect(past.body).toEqual([]);
      expect(past.headers['x-wp-total']).toBe('4');
      expect(past.headers.link).toBe(`<${ROOT}/core/v2/categories?per_page=2&page=2>; rel="prev"`);
    });

    it('reports the stored counts and honours _fields and HEAD', async () => {
      const news = ids['category:news'];
      await t.db.prisma.term.update({ where: { id: news }, data: { count: 7 } });
      const fields = await t.request.get(`${CATEGORIES}?_fields=id,count&include=${news}`).expect(200);
      expect(fields.body).toEqual([{ id: news, count: 7 }]);
      await t.db.prisma.term.update({ where: { id: news }, data: { count: 2 } });
      const head = await t.request.head(`${TAGS}?per_page=2`).expect(200);
      expect(head.text).toBeFalsy();
      expect(head.headers['x-wp-total']).toBe('5');
      expect(head.headers['x-wp-totalpages']).toBe('3');
    });

    it('validates arguments before anything else', async () => {
      const res = await t.request.get(`${CATEGORIES}?per_page=101`).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params.per_page).toBe('per_page must be between 1 (inclusive) and 100 (inclusive)');
      const bad = await t.request.get(`${TAGS}?orderby=bogus&include=a&post=x`).expect(400);
      expect(Object.keys(bad.body.data.params)).toEqual(['include', 'orderby', 'post']);
      expect(bad.body.data.details.orderby.code).toBe('rest_not_in_enum');
      await t.request.get(`${TAGS}?hide_empty=yes`).expect(400);
      await t.request.get(`${CATEGORIES}?parent=abc`).expect(400);
    });

    it('orders by any WordPress key, case-insensitively by name', async () => {
      const made = [await term('post_tag', 'banana'), await term('post_tag', 'Apple', { count: 3 }), await term('post_tag', 'cherry', { description: 'A fruit' })];
      const byName = await t.request.get(`${TAGS}?include=${made.map((m) => m.id).join(',')}`).expect(200);
      expect(names(byName.body)).toEqual(['Apple', 'banana', 'cherry']);
      const desc = await t.request.get(`${TAGS}?include=${made.map((m) => m.id).join(',')}&order=desc`).expect(200);
      expect(names(desc.body)).toEqual(['cherry', 'banana', 'Apple']);
      const byId = await t.request.get(`${TAGS}?orderby=id&per_page=100`).expect(200);
      const tagIds = byId.body.map((r: Record_) => r.id);
      expect(tagIds).toEqual([...tagIds].sort((a: number, b: number) => a - b));
      const byCount = await t.request.get(`${TAGS}?orderby=count&order=desc&per_page=1`).expect(200);
      expect(names(byCount.body)).toEqual(['Apple']);
      const include = [made[2].id, made[0].id, made[1].id];
      const byInclude = await t.request.get(`${TAGS}?orderby=include&include=${include.join(',')}`).expect(200);
      expect(byInclude.body.map((r: Record_) => r.id)).toEqual(include);
      const bySlugs = await t.request.get(`${TAGS}?orderby=include_slugs&slug=cherry,apple,banana`).expect(200);
      expect(names(bySlugs.body)).toEqual(['cherry', 'Apple', 'banana']);
      const byDescription = await t.request.get(`${TAGS}?orderby=description&order=desc&include=${include.join(',')}`).expect(200);
      expect(names(byDescription.body)[0]).toBe('cherry');
      await t.db.prisma.term.deleteMany({ where: { id: { in: made.map((m) => m.id) } } });
    });

    it('filters by include, exclude, slug and search', async () => {
      const news = ids['category:news'];
      const guides = ids['category:guides'];
      expect(names((await t.request.get(`${CATEGORIES}?include=${news},${guides}`)).body)).toEqual(['Guides', 'News']);
      expect(names((await t.request.get(`${CATEGORIES}?exclude=${news}`)).body)).toEqual(['Community', 'Guides', 'Uncategorized']);
      // A non-empty include switches exclude off, as WP_Term_Query does.
      expect(names((await t.request.get(`${CATEGORIES}?include=${news}&exclude=${news}`)).body)).toEqual(['News']);
      expect((await t.request.get(`${CATEGORIES}?include=99999999999`).expect(200)).body).toEqual([]);
      expect(names((await t.request.get(`${TAGS}?slug=rest,How To`)).body)).toEqual(['rest']);
      const howto = await t.request.get(`${TAGS}?slug[]=howto&slug[]=graphql`).expect(200);
      expect(names(howto.body)).toEqual(['graphql', 'howto']);
      const search = await t.request.get(`${CATEGORIES}?search=UNI`).expect(200);
      expect(names(search.body)).toEqual(['Community']);
      expect(search.headers['x-wp-total']).toBe('1');
      expect(names((await t.request.get(`${TAGS}?search=ph`)).body)).toEqual(['graphql']);
      expect((await t.request.get(`${TAGS}?search=%25`)).body).toEqual([]);
    });

    it('filters by parent and hides empty terms the way WordPress does', async () => {
      const parent = await term('category', 'Empty Parent');
      const child = await term('category', 'Used Child', { parentId: parent.id, count: 2 });
      const lonely = await term('category', 'Lonely');
      const children = await t.request.get(`${CATEGORIES}?parent=${parent.id}`).expect(200);
      expect(names(children.body)).toEqual(['Used Child']);
      const top = await t.request.get(`${CATEGORIES}?parent=0`).expect(200);
      expect(names(top.body)).toEqual(['Community', 'Empty Parent', 'Guides', 'Lonely', 'News', 'Uncategorized']);
      // hide_empty keeps an empty category with a used descendant, but counts only used ones.
      const used = await t.request.get(`${CATEGORIES}?hide_empty=true`).expect(200);
      expect(names(used.body)).toEqual(['Community', 'Empty Parent', 'Guides', 'News', 'Uncategorized', 'Used Child']);
      expect(used.headers['x-wp-total']).toBe('5');
      const flat = await term('post_tag', 'unused');
      expect(names((await t.request.get(`${TAGS}?hide_empty=1&per_page=100`)).body)).not.toContain('unused');
      await t.db.prisma.term.deleteMany({ where: { id: { in: [parent.id, child.id, lonely.id, flat.id] } } });
    });

    it('windows tags by offset and derives the page from it', async () => {
      const res = await t.request.get(`${TAGS}?offset=1&per_page=2`).expect(200);
      expect(names(res.body)).toEqual(['graphql', 'howto']);
      expect(res.headers['x-wp-total']).toBe('5');
      expect(res.headers['x-wp-totalpages']).toBe('3');
      expect(res.headers.link).toBe(`<${ROOT}/core/v2/tags?offset=1&per_page=2&page=1>; rel="prev", <${ROOT}/core/v2/tags?offset=1&per_page=2&page=3>; rel="next"`);
      // Categories do not declare offset, so it is ignored.
      expect(names((await t.request.get(`${CATEGORIES}?offset=2&per_page=1`)).body)).toEqual(['Community']);
      expect((await t.request.get(`${TAGS}?offset=999999999999`).expect(200)).body).toEqual([]);
    });
  });

  describe('the post filter', () => {
    let draftId: number;
    let privateId: number;
    let pageId: number;
    let postId: number;

    beforeAll(async () => {
      postId = await content({ terms: [ids['category:news'], ids['category:guides'], ids['post_tag:rest'], ids['post_tag:graphql']] });
      draftId = await content({ status: 'draft', terms: [ids['category:news']] });
      privateId = await content({ status: 'private', terms: [ids['post_tag:rest']] });
      pageId = await content({ type: 'page' });
    });

    it('lists the terms of one post, by name, with its total', async () => {
      const res = await t.request.get(`${CATEGORIES}?post=${postId}`).expect(200);
      expect(names(res.body)).toEqual(['Guides', 'News']);
      expect(res.headers['x-wp-total']).toBe('2');
      expect(res.headers.allow).toBe('GET');
      const tags = await t.request.get(`${TAGS}?post=${postId}&order=desc`).expect(200);
      expect(names(tags.body)).toEqual(['rest', 'graphql']);
      const narrowed = await t.request.get(`${CATEGORIES}?post=${postId}&search=gui&per_page=1`).expect(200);
      expect(names(narrowed.body)).toEqual(['Guides']);
      const window = await t.request.get(`${TAGS}?post=${postId}&per_page=1&page=2`).expect(200);
      expect(names(window.body)).toEqual(['rest']);
      expect(window.headers['x-wp-totalpages']).toBe('2');
      // post=0 restricts nothing.
      expect((await t.request.get(`${CATEGORIES}?post=0`).expect(200)).headers['x-wp-total']).toBe('4');
    });

    it('refuses unknown posts with 400 and unreadable ones with 401/403', async () => {
      for (const id of [999999, -3, 99999999999]) {
        const res = await t.request.get(`${CATEGORIES}?post=${id}`).expect(400);
        expect(res.body).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 400 } });
        expect(res.headers.allow).toBeUndefined();
      }
      const anon = await t.request.get(`${CATEGORIES}?post=${draftId}`).expect(401);
      expect(anon.body).toEqual({ code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to view terms for this post.', data: { status: 401 } });
      await t.request.get(`${CATEGORIES}?post=${draftId}`).set('Authorization', auth.subscriber).expect(403);
      await t.request.get(`${CATEGORIES}?post=${draftId}`).set('Authorization', auth.contributor).expect(403);
      expect(names((await t.request.get(`${CATEGORIES}?post=${draftId}`).set('Authorization', auth.editor).expect(200)).body)).toEqual(['News']);
      await t.request.get(`${TAGS}?post=${privateId}`).set('Authorization', auth.author).expect(403);
      expect(names((await t.request.get(`${TAGS}?post=${privateId}`).set('Authorization', auth.editor).expect(200)).body)).toEqual(['rest']);
      // A page does not use categories: even an administrator may not list "its" categories.
      const page = await t.request.get(`${CATEGORIES}?post=${pageId}`).set('Authorization', t.adminAuth).expect(403);
      expect(page.body.code).toBe('rest_forbidden_context');
      // The edit-context check comes first.
      expect((await t.request.get(`${CATEGORIES}?post=999999&context=edit`).expect(401)).body.code).toBe('rest_forbidden_context');
    });

    it('serves the embed URLs posts link to', async () => {
      const res = await t.request.get(`${CATEGORIES}?post=${postId}&context=embed&per_page=100`).expect(200);
      expect(res.body.map((r: Record_) => Object.keys(r))).toEqual([EMBED_KEYS, EMBED_KEYS]);
      expect(res.body[0]._links.self[0].targetHints).toEqual({ allow: ['GET'] });
    });

    it('loads the terms of 5 or 20 posts with the same number of queries', async () => {
      const postIds: number[] = [];
      for (let i = 0; i < 20; i++) postIds.push(await content({ title: `bulk ${i}`, terms: [ids['category:community'], ids['post_tag:featured']] }));
      const ctxFor = (): DomainContext => ({ db: t.db, viewer: anonymous, config: t.config, loaders: new LoaderCache(t.db) });
      const cost = async (n: number): Promise<number> => {
        const ctx = ctxFor();
        const before = t.db.queries.count;
        const lists = await Promise.all(postIds.slice(0, n).flatMap((id) => [listTerms(ctx, 'category', { post: id, perPage: 100 }), listTerms(ctx, 'post_tag', { post: id, perPage: 100 })]));
        expect(lists.every((l) => l.total === 1 && l.terms.length === 1)).toBe(true);
        return t.db.queries.count - before;
      };
      const five = await cost(5);
      const twenty = await cost(20);
      expect(twenty).toBe(five);
      // The posts (one query) and their terms (one joined query), whatever the number of posts.
      expect(five).toBe(2);

      const ctx = ctxFor();
      const before = t.db.queries.count;
      const loaded = await Promise.all(postIds.map((id) => termsByContent(ctx).load(id)));
      expect(t.db.queries.count - before).toBe(1);
      expect(loaded.every((terms) => terms.map((x) => x.slug).sort().join() === 'community,featured')).toBe(true);
      await t.db.prisma.content.deleteMany({ where: { id: { in: postIds } } });
    });

    it('costs the same number of queries for a page of 5 or 20 categories', async () => {
      const parent = await term('category', 'Bulk Parent');
      const made: number[] = [parent.id];
      for (let i = 0; i < 20; i++) made.push((await term('category', `Bulk ${String(i).padStart(2, '0')}`, { parentId: parent.id })).id);
      const cost = async (perPage: number) => {
        const before = t.db.queries.count;
        const res = await t.request.get(`${CATEGORIES}?parent=${parent.id}&per_page=${perPage}&_embed=up`).set('Authorization', t.adminAuth).expect(200);
        expect(res.body).toHaveLength(perPage);
        expect(res.body[perPage - 1]._embedded.up[0].id).toBe(parent.id);
        return t.db.queries.count - before;
      };
      expect(await cost(20)).toBe(await cost(5));
      await t.db.prisma.term.deleteMany({ where: { id: { in: made } } });
    });
  });

  describe('creating', () => {
    it('creates a category as an editor: 201, Location and the edit record', async () => {
      const before = await termCount();
      const res = await t.request.post(CATEGORIES).set('Authorization', auth.editor).send({ name: 'Events', description: 'Things happening.', slug: 'Our Events!' }).expect(201);
      const id = res.body.id;
      expect(res.headers.location).toBe(`${ROOT}/core/v2/categories/${id}`);
      expect(Object.keys(res.body)).toEqual(VIEW_KEYS);
      expect(res.body).toMatchObject({ count: 0, description: 'Things happening.', link: `${SITE_URL}/category/our-events/`, name: 'Events', slug: 'our-events', taxonomy: 'category', parent: 0 });
      // The edit record's meta: Yoast's SEO fields, empty.
      expect(res.body.meta).toMatchObject({ wpseo_title: '', wpseo_desc: '', wpseo_noindex: '' });
      expect(await termCount()).toBe(before + 1);
      expect(await t.db.prisma.term.findUniqueOrThrow({ where: { id } })).toMatchObject({ taxonomy: 'category', name: 'Events', slug: 'our-events', parentId: 0, count: 0 });
      ids['category:our-events'] = id;
    });

    it('requires a name, refusing blank ones', async () => {
      const missing = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ slug: 'x' }).expect(400);
      expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): name', data: { status: 400, params: ['name'] } });
      const blank = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: ' <b></b> ' }).expect(400);
      expect(blank.body).toEqual({ code: 'empty_term_name', message: 'A name is required for this term.', data: { status: 400 } });
      const typed = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 12 }).expect(400);
      expect(typed.body.data.params.name).toBe('name is not of type string.');
      await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'ok', meta: 'x' }).expect(400);
    });

    it('stores names the way WordPress does', async () => {
      const res = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: ' Salt & <em>Pepper</em> ', meta: {} }).expect(201);
      expect(res.body).toMatchObject({ name: 'Salt &amp; Pepper', slug: 'salt-pepper' });
      const again = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'Fish &amp; Chips' }).expect(201);
      expect(again.body.name).toBe('Fish &amp; Chips');
      const symbols = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: '!!!' }).expect(201);
      expect(symbols.body.slug).toBe(String(symbols.body.id));
    });

    it('answers term_exists for a duplicate name at the same level, with the existing id', async () => {
      const before = await termCount();
      for (const name of ['News', 'news']) {
        const res = await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name }).expect(400);
        expect(res.body).toEqual({ code: 'term_exists', message: 'A term with the name provided already exists with this parent.', data: { status: 400, term_id: ids['category:news'] }, additional_data: [ids['category:news']] });
        expect(res.headers.allow).toBe('GET, POST');
      }
      const tag = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'REST' }).expect(400);
      expect(tag.body).toEqual({ code: 'term_exists', message: 'A term with the name provided already exists in this taxonomy.', data: { status: 400, term_id: ids['post_tag:rest'] }, additional_data: [ids['post_tag:rest']] });
      await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'rest', slug: 'featured' }).expect(400);
      expect(await termCount()).toBe(before);
    });

    it('accepts a duplicate name with a new explicit slug, and makes clashing slugs unique', async () => {
      const named = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'rest', slug: 'rest-api' }).expect(201);
      expect(named.body).toMatchObject({ name: 'rest', slug: 'rest-api' });
      const clash = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'Resting', slug: 'rest' }).expect(201);
      expect(clash.body.slug).toBe('rest-2');
      const again = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'Rested', slug: 'rest' }).expect(201);
      expect(again.body.slug).toBe('rest-3');
      // A slug used by another taxonomy is fine as it is...
      expect((await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'News' }).expect(201)).body.slug).toBe('news');
      // ...but numbered suffixes skip the slugs of every taxonomy, as WordPress's shared terms table does.
      await term('category', 'Shared', { slug: 'shared-2' });
      await term('post_tag', 'Shared');
      expect((await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'Shared too', slug: 'shared' }).expect(201)).body.slug).toBe('shared-3');
    });

    it('puts children under existing parents, borrowing the parent slug on a clash', async () => {
      const news = ids['category:news'];
      const child = await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Guides', parent: news }).expect(201);
      expect(child.body).toMatchObject({ name: 'Guides', slug: 'guides-news', parent: news, link: `${SITE_URL}/category/news/guides-news/` });
      expect(child.body._links.up).toEqual([{ embeddable: true, href: `${ROOT}/core/v2/categories/${news}` }]);
      const twin = await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Guides', parent: news }).expect(400);
      expect(twin.body.data.term_id).toBe(child.body.id);
      const deeper = await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Other', slug: 'guides', parent: news }).expect(201);
      expect(deeper.body.slug).toBe('guides-news-2');
      const zero = await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Zero Parent', parent: 0 }).expect(201);
      expect(zero.body.parent).toBe(0);
    });

    it('refuses unknown parents and parents on tags, changing nothing', async () => {
      const before = await termCount();
      for (const parent of [999999, ids['post_tag:rest'], -4]) {
        const res = await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Orphaned', parent }).expect(400);
        expect(res.body).toEqual({ code: 'rest_term_invalid', message: 'Parent term does not exist.', data: { status: 400 } });
      }
      const flat = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'Child tag', parent: ids['post_tag:rest'] }).expect(400);
      expect(flat.body).toEqual({ code: 'rest_taxonomy_not_hierarchical', message: 'Cannot set parent term, taxonomy is not hierarchical.', data: { status: 400 } });
      expect(await termCount()).toBe(before);
    });

    it('applies the taxonomy capabilities: categories need manage_categories, tags only edit_posts', async () => {
      const before = await termCount();
      const anon = await t.request.post(CATEGORIES).send({ name: 'Nope' }).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create terms in this taxonomy.', data: { status: 401 } });
      expect(anon.headers.allow).toBe('GET');
      await t.request.post(CATEGORIES).set('Authorization', auth.author).send({ name: 'Nope' }).expect(403);
      await t.request.post(CATEGORIES).set('Authorization', auth.contributor).send({ name: 'Nope' }).expect(403);
      await t.request.post(TAGS).set('Authorization', auth.subscriber).send({ name: 'Nope' }).expect(403);
      await t.request.post(TAGS).send({ name: 'Nope' }).expect(401);
      expect(await termCount()).toBe(before);
      const tag = await t.request.post(TAGS).set('Authorization', auth.contributor).send({ name: 'From a contributor' }).expect(201);
      expect(tag.body.slug).toBe('from-a-contributor');
      expect((await t.request.get(TAGS).set('Authorization', auth.contributor)).headers.allow).toBe('GET, POST');
    });

    it('survives concurrent creates of one name or one slug', async () => {
      const same = await Promise.all(Array.from({ length: 10 }, () => t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'Race' })));
      const created = same.filter((r) => r.status === 201);
      expect(created).toHaveLength(1);
      expect(await t.db.prisma.term.count({ where: { taxonomy: 'post_tag', name: 'Race' } })).toBe(1);
      for (const r of same.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ code: 'term_exists', data: { status: 400, term_id: created[0].body.id } });
      }
      const slugs = await Promise.all(Array.from({ length: 6 }, (_, i) => t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: `Sprint ${i}`, slug: 'sprint' })));
      expect(slugs.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(slugs.map((r) => r.body.slug).sort()).toEqual(['sprint', 'sprint-2', 'sprint-3', 'sprint-4', 'sprint-5', 'sprint-6']);
    });
  });

  describe('updating', () => {
    let id: number;
    beforeAll(async () => {
      id = (await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Editable', description: 'First' }).expect(201)).body.id;
    });

    it('updates only the fields sent, through POST, PUT and PATCH', async () => {
      const post = await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', auth.editor).send({ description: 'Second' }).expect(200);
      expect(post.body).toMatchObject({ id, name: 'Editable', slug: 'editable', description: 'Second', parent: 0 });
      expect(Object.keys(post.body)).toEqual(VIEW_KEYS);
      const put = await t.request.put(`${CATEGORIES}/${id}`).set('Authorization', auth.editor).send({ name: 'Edited & Done' }).expect(200);
      expect(put.body).toMatchObject({ name: 'Edited &amp; Done', slug: 'editable', description: 'Second' });
      const patch = await t.request.patch(`${CATEGORIES}/${id}`).set('Authorization', auth.editor).send({ slug: 'Fresh Slug', parent: ids['category:news'] }).expect(200);
      expect(patch.body).toMatchObject({ slug: 'fresh-slug', parent: ids['category:news'], link: `${SITE_URL}/category/news/fresh-slug/` });
      const noop = await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', auth.editor).send({}).expect(200);
      expect(noop.body).toMatchObject({ name: 'Edited &amp; Done', slug: 'fresh-slug' });
      const empty = await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', auth.editor).send({ slug: '' }).expect(200);
      expect(empty.body.slug).toBe('edited-done');
      expect(await t.db.prisma.term.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: 'Edited &amp; Done', slug: 'edited-done', parentId: ids['category:news'] });
    });

    it('refuses a slug taken by another term, a blank name and bad parents, changing nothing', async () => {
      const snapshot = await t.db.prisma.term.findUniqueOrThrow({ where: { id } });
      const taken = await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', t.adminAuth).send({ slug: 'guides' }).expect(400);
      expect(taken.body).toEqual({ code: 'duplicate_term_slug', message: 'The slug &#8220;guides&#8221; is already in use by another term.', data: { status: 400 } });
      expect((await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', t.adminAuth).send({ name: '  ' }).expect(400)).body.code).toBe('empty_term_name');
      expect((await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', t.adminAuth).send({ parent: 999999 }).expect(400)).body.code).toBe('rest_term_invalid');
      expect((await t.request.post(`${TAGS}/${ids['post_tag:rest']}`).set('Authorization', t.adminAuth).send({ parent: 0 }).expect(400)).body.code).toBe('rest_taxonomy_not_hierarchical');
      expect(await t.db.prisma.term.findUniqueOrThrow({ where: { id } })).toEqual(snapshot);
      // Moving under another parent makes the taken slug unique instead.
      const moved = await t.request.post(`${CATEGORIES}/${id}`).set('Authorization', t.adminAuth).send({ slug: 'guides', parent: 0 }).expect(200);
      expect(moved.body.slug).toBe('guides-2');
    });

    it('never lets a category become its own ancestor', async () => {
      const a = await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Loop A' }).expect(201);
      const b = await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Loop B', parent: a.body.id }).expect(201);
      const self = await t.request.post(`${CATEGORIES}/${a.body.id}`).set('Authorization', t.adminAuth).send({ parent: a.body.id }).expect(200);
      expect(self.body.parent).toBe(0);
      const loop = await t.request.post(`${CATEGORIES}/${a.body.id}`).set('Authorization', t.adminAuth).send({ parent: b.body.id }).expect(200);
      expect(loop.body.parent).toBe(0);
      expect((await t.db.prisma.term.findUniqueOrThrow({ where: { id: b.body.id } })).parentId).toBe(a.body.id);
    });

    it('requires edit_term', async () => {
      const anon = await t.request.put(`${CATEGORIES}/${id}`).send({ name: 'x' }).expect(401);
      expect(anon.body).toEqual({ code: 'rest_cannot_update', message: 'Sorry, you are not allowed to edit this term.', data: { status: 401 } });
      expect(anon.headers.allow).toBe('GET');
      await t.request.put(`${TAGS}/${ids['post_tag:rest']}`).set('Authorization', auth.contributor).send({ name: 'x' }).expect(403);
      expect((await t.db.prisma.term.findUniqueOrThrow({ where: { id: ids['post_tag:rest'] } })).name).toBe('rest');
    });
  });

  describe('deleting', () => {
    it('refuses trashing, then deletes with force and returns the previous view record', async () => {
      const made = await t.request.post(TAGS).set('Authorization', t.adminAuth).send({ name: 'Doomed', description: 'Bye' }).expect(201);
      const id = made.body.id;
      const postId = await content({ terms: [id] });
      const trash = await t.request.delete(`${TAGS}/${id}`).set('Authorization', t.adminAuth).expect(501);
      expect(trash.body).toEqual({ code: 'rest_trash_not_supported', message: "Terms do not support trashing. Set 'force=true' to delete.", data: { status: 501 } });
      expect(await t.db.prisma.term.count({ where: { id } })).toBe(1);
      const res = await t.request.delete(`${TAGS}/${id}?force=true`).set('Authorization', auth.editor).expect(200);
      expect(res.body).toEqual({
        deleted: true,
        previous: { id, count: 0, description: 'Bye', link: `${SITE_URL}/tag/doomed/`, name: 'Doomed', slug: 'doomed', taxonomy: 'post_tag', meta: [] },
      });
      await t.request.get(`${TAGS}/${id}`).expect(404);
      expect(await t.db.prisma.termRelationship.count({ where: { contentId: postId } })).toBe(0);
    });

    it('requires delete_term and protects the default category', async () => {
      const uncategorized = ids['category:uncategorized'];
      const admin = await t.request.delete(`${CATEGORIES}/${uncategorized}?force=true`).set('Authorization', t.adminAuth).expect(403);
      expect(admin.body).toEqual({ code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this term.', data: { status: 403 } });
      expect(admin.headers.allow).toBe('GET, POST, PUT, PATCH');
      expect((await t.request.delete(`${CATEGORIES}/${ids['category:news']}?force=true`).expect(401)).body.code).toBe('rest_cannot_delete');
      await t.request.delete(`${TAGS}/${ids['post_tag:rest']}?force=true`).set('Authorization', auth.author).expect(403);
      expect(await t.db.prisma.term.count({ where: { id: { in: [uncategorized, ids['category:news'], ids['post_tag:rest']] } } })).toBe(3);
    });

    it('moves children up and gives orphaned posts the default category', async () => {
      const uncategorized = ids['category:uncategorized'];
      const grand = (await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Grand' }).expect(201)).body.id;
      const doomed = (await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Doomed Cat', parent: grand }).expect(201)).body.id;
      const kid = (await t.request.post(CATEGORIES).set('Authorization', t.adminAuth).send({ name: 'Kid', parent: doomed }).expect(201)).body.id;
      const only = await content({ terms: [doomed, ids['post_tag:rest']] });
      const both = await content({ terms: [doomed, ids['category:guides']] });
      const draft = await content({ status: 'draft', terms: [doomed] });
      const countBefore = (await t.db.prisma.term.findUniqueOrThrow({ where: { id: uncategorized } })).count;

      await t.request.delete(`${CATEGORIES}/${doomed}`).query({ force: 'true' }).set('Authorization', t.adminAuth).expect(200);
      expect((await t.db.prisma.term.findUniqueOrThrow({ where: { id: kid } })).parentId).toBe(grand);
      const termsOf = async (contentId: number) => (await t.db.prisma.termRelationship.findMany({ where: { contentId }, orderBy: { termId: 'asc' } })).map((r) => r.termId);
      expect(await termsOf(only)).toEqual([uncategorized, ids['post_tag:rest']].sort((a, b) => a - b));
      expect(await termsOf(both)).toEqual([ids['category:guides']]);
      expect(await termsOf(draft)).toEqual([uncategorized]);
      // The default category's count follows (only the published post counts).
      expect((await t.db.prisma.term.findUniqueOrThrow({ where: { id: uncategorized } })).count).toBe(countBefore + 1);
      const kidRes = await t.request.get(`${CATEGORIES}/${kid}`).expect(200);
      expect(kidRes.body.link).toBe(`${SITE_URL}/category/grand/kid/`);
    });
  });

  describe('batch', () => {
    it('runs term writes as batch sub-requests', async () => {
      const res = await t.request.post('/wp-json/batch/v1').set('Authorization', t.adminAuth).send({
        requests: [
          { path: '/core/v2/tags', body: { name: 'Batched' } },
          { method: 'POST', path: `/core/v2/categories/${ids['category:community']}`, body: { description: 'Batch edited' } },
          { method: 'DELETE', path: '/core/v2/tags/999999?force=true' },
          { path: '/core/v2/categories', body: { name: 'News' } },
        ],
      }).expect(207);
      expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([201, 200, 404, 400]);
      expect(res.body.responses[0].body).toMatchObject({ name: 'Batched', slug: 'batched', taxonomy: 'post_tag' });
      expect(res.body.responses[0].headers.Location).toBe(`${ROOT}/core/v2/tags/${res.body.responses[0].body.id}`);
      expect(res.body.responses[1].body.description).toBe('Batch edited');
      expect(res.body.responses[3].body.code).toBe('term_exists');
    });
  });
});

describe('terms with plain permalinks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PERMALINKS: 'plain' }, { seed: true });
  });
  afterAll(() => t.close());

  it('links categories by id and tags by slug, and routes through rest_route', async () => {
    const cat = await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'category', slug: 'news' } });
    const res = await t.request.get(`/wp-json/core/v2/categories/${cat.id}`).expect(200);
    expect(res.body.link).toBe(`${SITE_URL}/?cat=${cat.id}`);
    expect(res.body._links.self[0].href).toBe(`${SITE_URL}/index.php?rest_route=/core/v2/categories/${cat.id}`);
    expect(res.body._links['wp:post_type']).toEqual([{ href: `${SITE_URL}/index.php?rest_route=/core/v2/posts&categories=${cat.id}` }]);
    const tag = await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'post_tag', slug: 'rest' } });
    expect((await t.request.get(`/wp-json/core/v2/tags/${tag.id}`).expect(200)).body.link).toBe(`${SITE_URL}/?tag=rest`);
  });
});
