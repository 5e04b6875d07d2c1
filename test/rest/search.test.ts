/**
 * `/core/v2/search` over real HTTP, as WordPress's WP_REST_Search_Controller answers it with its
 * post, term and post-format handlers.
 */
import { startTestApp, SITE_URL, type TestApp } from '../support/app';

const ROOT = `${SITE_URL}/wp-json`;
const SEARCH = '/wp-json/core/v2/search';

interface Fixture {
  title: string;
  type?: string;
  status?: string;
  content?: string;
  excerpt?: string;
  password?: string;
  format?: string;
  slug?: string;
  parentId?: number;
  /** Days before now. */
  age?: number;
}

describe('search', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const created: number[] = [];
  const createdTerms: number[] = [];
  /** Item routes that exist (self links to them carry targetHints, computed by the framework). */
  const routed = new Set<string>();

  async function addPost(f: Fixture): Promise<number> {
    const date = new Date(Date.now() - (f.age ?? 0) * 86400000);
    const slug = f.slug ?? f.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const row = await t.db.prisma.content.create({
      data: {
        type: f.type ?? 'post', status: f.status ?? 'publish', title: f.title, content: f.content ?? '', excerpt: f.excerpt ?? '',
        password: f.password ?? '', slug, parentId: f.parentId ?? 0, date, modified: date,
      },
    });
    created.push(row.id);
    // A post's format is its post_format term (created the first time a post gets that format).
    if (f.format && f.format !== 'standard') {
      const slug = `post-format-${f.format}`;
      const term = (await t.db.prisma.term.findUnique({ where: { taxonomy_slug: { taxonomy: 'post_format', slug } } })) ?? (await t.db.prisma.term.create({ data: { taxonomy: 'post_format', name: f.format, slug } }));
      if (!createdTerms.includes(term.id)) createdTerms.push(term.id);
      await t.db.prisma.termRelationship.create({ data: { contentId: row.id, termId: term.id } });
    }
    return row.id;
  }

  async function addTerm(taxonomy: string, name: string, slug: string, parentId = 0): Promise<number> {
    const row = await t.db.prisma.term.create({ data: { taxonomy, name, slug, parentId } });
    createdTerms.push(row.id);
    return row.id;
  }

  const get = (query: string, auth?: string) => {
    const req = t.request.get(`${SEARCH}${query}`);
    return auth ? req.set('Authorization', auth) : req;
  };
  const idsOf = (body: Array<{ id: number | string }>) => body.map((r) => r.id);

  /** A result's self link; an anonymous viewer may only GET the item. */
  function selfLink(route: string): Record<string, unknown> {
    const href = `${ROOT}${route}`;
    const base = route.split('/').slice(0, -1).join('/');
    return routed.has(base) ? { embeddable: true, href, targetHints: { allow: ['GET'] } } : { embeddable: true, href };
  }

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    for (const row of await t.db.prisma.content.findMany({ where: { type: { in: ['post', 'page'] } } })) ids[row.slug] = row.id;
    for (const row of await t.db.prisma.term.findMany()) ids[`${row.taxonomy}:${row.slug}`] = row.id;
    for (const base of ['/core/v2/posts', '/core/v2/pages', '/core/v2/categories', '/core/v2/tags']) {
      if ((await t.request.options(`/wp-json${base}/1`)).body?.namespace === 'core/v2') routed.add(base);
    }
  });
  afterEach(async () => {
    await t.db.prisma.content.deleteMany({ where: { id: { in: created.splice(0) } } });
    await t.db.prisma.term.deleteMany({ where: { id: { in: createdTerms.splice(0) } } });
    await t.db.prisma.option.deleteMany({ where: { name: { in: ['show_on_front', 'page_on_front'] } } });
  });
  afterAll(() => t.close());

  describe('route declaration', () => {
    it('declares the arguments exactly as WordPress does', async () => {
      const res = await t.request.options(SEARCH).expect(200);
      expect(res.body.methods).toEqual(['GET']);
      const [endpoint] = res.body.endpoints;
      expect(endpoint.allow_batch).toBeUndefined();
      expect(endpoint.args).toEqual({
        context: {
          description: 'Scope under which the request is made; determines fields present in response.',
          type: 'string', enum: ['view', 'embed'], default: 'view', required: false,
        },
        page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1, required: false },
        per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100, required: false },
        search: { description: 'Limit results to those matching a string.', type: 'string', required: false },
        type: { default: 'post', description: 'Limit results to items of an object type.', type: 'string', enum: ['post', 'term', 'post-format'], required: false },
        subtype: {
          default: 'any', description: 'Limit results to items of one or more object subtypes.', type: 'array',
          items: { enum: ['post', 'page', 'category', 'post_tag', 'any'], type: 'string' }, required: false,
        },
        exclude: { description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [], required: false },
        include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [], required: false },
      });
      expect(res.body.schema.title).toBe('search-result');
      expect(Object.keys(res.body.schema.properties)).toEqual(['id', 'title', 'url', 'type', 'subtype']);
      expect(res.body.schema.properties.id).toEqual({ description: 'Unique identifier for the object.', type: ['integer', 'string'], context: ['view', 'embed'], readonly: true });
      expect(res.body.schema.properties.subtype.enum).toEqual(['post', 'page', 'category', 'post_tag']);
      expect(res.headers.allow).toBe('GET');
    });
  });

  describe('posts and pages', () => {
    it('lists published posts and pages, newest first, with pagination headers', async () => {
      const res = await get('').expect(200);
      expect(idsOf(res.body)).toEqual([
        ids.contact, ids['meet-the-community'], ids.about, ids['release-notes-first-public-version'],
        ids['querying-posts-with-graphql'], ids['getting-started-with-the-rest-api'], ids['two-faces-one-domain'], ids['hello-world'],
      ]);
      expect(res.headers['x-wp-total']).toBe('8');
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.headers.link).toBe(`<${ROOT}/>; rel="https://api.w.org/"`);
      expect(res.headers.allow).toBe('GET');
    });

    it('answers WordPress fields, key order and links for posts and pages', async () => {
      const res = await get('?search=getting+started').expect(200);
      expect(res.body).toEqual([
        {
          id: ids['getting-started-with-the-rest-api'],
          title: 'Getting started with the REST API',
          url: `${SITE_URL}/getting-started-with-the-rest-api/`,
          type: 'post',
          subtype: 'post',
          _links: {
            self: [selfLink(`/core/v2/posts/${ids['getting-started-with-the-rest-api']}`)],
            about: [{ href: `${ROOT}/core/v2/types/post` }],
            collection: [{ href: `${ROOT}/core/v2/search` }],
          },
        },
      ]);
      const page = await get('?search=contact&subtype=page').expect(200);
      expect(page.body).toEqual([
        {
          id: ids.contact,
          title: 'Contact',
          url: `${SITE_URL}/contact/`,
          type: 'post',
          subtype: 'page',
          _links: {
            self: [selfLink(`/core/v2/pages/${ids.contact}`)],
            about: [{ href: `${ROOT}/core/v2/types/page` }],
            collection: [{ href: `${ROOT}/core/v2/search` }],
          },
        },
      ]);
    });

    it('renders titles as the_title does', async () => {
      const id = await addPost({ title: `Zebra "quotes" -- and 'marks'...` });
      const res = await get('?search=zebra').expect(200);
      expect(res.body).toEqual([expect.objectContaining({ id, title: 'Zebra &#8220;quotes&#8221; &#8212; and &#8216;marks&#8217;&#8230;' })]);
    });

    it('orders several words by WordPress relevance, then by date', async () => {
      const sentence = await addPost({ title: 'Zebra crossing guide', age: 60 });
      const allWords = await addPost({ title: 'Crossing with a zebra', age: 50 });
      const anyWord = await addPost({ title: 'Zebra facts', content: 'crossing', age: 40 });
      const excerpt = await addPost({ title: 'Road safety', excerpt: 'A zebra crossing explained', content: 'zebra crossing', age: 30 });
      const content = await addPost({ title: 'Traffic', content: 'Use the zebra crossing.', age: 20 });
      const scattered = await addPost({ title: 'Wildlife', content: 'The zebra was crossing the road.', age: 10 });
      await addPost({ title: 'Zebra only', age: 5 });
      const res = await get('?search=zebra%20crossing').expect(200);
      expect(idsOf(res.body)).toEqual([sentence, allWords, anyWord, excerpt, content, scattered]);
    });

    it('ranks title matches first for a single word', async () => {
      const old = await addPost({ title: 'Zebra stripes', age: 30 });
      const inContent = await addPost({ title: 'Savanna', content: 'A zebra grazes.', age: 1 });
      const newer = await addPost({ title: 'The zebra herd', age: 20 });
      expect(idsOf((await get('?search=zebra').expect(200)).body)).toEqual([newer, old, inContent]);
    });

    it('matches case-insensitively, literally, and excludes -words', async () => {
      const percent = await addPost({ title: 'Zebra sale 100% off' });
      const digits = await addPost({ title: 'Zebra sale 1000 off' });
      const underscore = await addPost({ title: 'zebra_case' });
      expect(idsOf((await get('?search=ZEBRA%20SALE').expect(200)).body).sort()).toEqual([percent, digits].sort());
      expect(idsOf((await get('?search=100%25').expect(200)).body)).toEqual([percent]);
      expect(idsOf((await get('?search=a_c').expect(200)).body)).toEqual([underscore]);
      expect(idsOf((await get('?search=zebra%20-sale').expect(200)).body)).toEqual([underscore]);
    });

    it('folds ASCII letters only, identically on every database', async () => {
      const id = await addPost({ title: 'École zebra' });
      expect(idsOf((await get('?search=%C3%89COLE').expect(200)).body)).toEqual([id]);
      expect(idsOf((await get('?search=%C3%A9cole').expect(200)).body)).toEqual([]);
    });

    it('finds only published content, for administrators too', async () => {
      const published = await addPost({ title: 'Zebra published' });
      await addPost({ title: 'Zebra draft', status: 'draft' });
      await addPost({ title: 'Zebra private', status: 'private' });
      await addPost({ title: 'Zebra pending', status: 'pending' });
      expect(idsOf((await get('?search=zebra').expect(200)).body)).toEqual([published]);
      expect(idsOf((await get('?search=zebra', t.adminAuth).expect(200)).body)).toEqual([published]);
    });

    it('hides password-protected posts from anonymous searches only', async () => {
      const open = await addPost({ title: 'Zebra open', age: 2 });
      const locked = await addPost({ title: 'Zebra locked', password: 'secret', age: 1 });
      expect(idsOf((await get('?search=zebra').expect(200)).body)).toEqual([open]);
      expect(idsOf((await get('?search=zebra', t.adminAuth).expect(200)).body)).toEqual([locked, open]);
      // Without a search term WordPress applies no password filter.
      expect(idsOf((await get('?per_page=1').expect(200)).body)).toEqual([locked]);
    });

    it('limits by subtype; `any` means every subtype, and foreign subtypes fall back to posts', async () => {
      expect(idsOf((await get('?subtype=page').expect(200)).body)).toEqual([ids.contact, ids.about]);
      expect((await get('?subtype=post,page').expect(200)).headers['x-wp-total']).toBe('8');
      expect((await get('?subtype=page,any').expect(200)).headers['x-wp-total']).toBe('8');
      // An empty post type list leaves WP_Query on its default, posts.
      expect((await get('?subtype=category').expect(200)).headers['x-wp-total']).toBe('6');
    });

    it('applies include, else exclude', async () => {
      const res = await get(`?include=${ids.about},${ids['hello-world']}`).expect(200);
      expect(idsOf(res.body)).toEqual([ids.about, ids['hello-world']]);
      expect(idsOf((await get(`?include=${ids.about}&exclude=${ids.about}`).expect(200)).body)).toEqual([ids.about]);
      const excluded = await get(`?exclude=${ids.contact},${ids['meet-the-community']}`).expect(200);
      expect(excluded.headers['x-wp-total']).toBe('6');
      expect(idsOf(excluded.body)).not.toContain(ids.contact);
    });

    it('builds page addresses from their ancestors, and the front page is the home address', async () => {
      const team = await addPost({ title: 'Team', type: 'page', slug: 'team', parentId: ids.about });
      const people = await addPost({ title: 'People', type: 'page', slug: 'people', parentId: team });
      const res = await get('?subtype=page&per_page=2').expect(200);
      expect(res.body.map((r: { url: string }) => r.url)).toEqual([`${SITE_URL}/about/team/people/`, `${SITE_URL}/about/team/`]);
      expect(idsOf(res.body)).toEqual([people, team]);
      await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ show_on_front: 'page', page_on_front: ids.about }).expect(200);
      const about = await get(`?include=${ids.about}`).expect(200);
      expect(about.body[0].url).toBe(`${SITE_URL}/`);
    });

    it('costs the same number of queries whatever per_page is', async () => {
      const team = await addPost({ title: 'Team', type: 'page', slug: 'team', parentId: ids.about });
      await addPost({ title: 'People', type: 'page', slug: 'people', parentId: team });
      for (let i = 0; i < 30; i++) await addPost({ title: `Filler ${i}`, type: i % 2 ? 'page' : 'post', age: 10 + i });
      // Without `_links` the framework computes no targetHints: what is left is the search's own cost.
      const cost = async (query: string) => {
        const before = t.db.queries.count;
        await get(`${query}&_fields=id,title,url,type,subtype`).expect(200);
        return t.db.queries.count - before;
      };
      // The page of results, the front-page options, and one level of page ancestors (About).
      expect(await cost('?per_page=2')).toBe(3);
      expect(await cost('?per_page=50')).toBeLessThanOrEqual(3);
      expect(await cost('?per_page=50&search=filler')).toBe(2);
      // Terms: the page of results, plus one query for all category ancestors when a child is listed.
      expect(await cost('?type=term&per_page=50')).toBe(1);
      await addTerm('category', 'Child', 'child', ids['category:news']);
      await addTerm('category', 'Grandchild', 'grandchild', createdTerms[0]);
      expect(await cost('?type=term&per_page=50')).toBe(2);
      expect(await cost('?type=post-format&per_page=50')).toBe(1);
    });
  });

  describe('pagination and errors', () => {
    it('pages with prev and next links built from the query string', async () => {
      const res = await get('?per_page=3&page=2').expect(200);
      expect(res.body).toHaveLength(3);
      expect(res.headers['x-wp-total']).toBe('8');
      expect(res.headers['x-wp-totalpages']).toBe('3');
      expect(res.headers.link).toBe(`<${ROOT}/core/v2/search?per_page=3&page=1>; rel="prev", <${ROOT}/core/v2/search?per_page=3&page=3>; rel="next"`);
    });

    it('refuses a page past the last one, but not on an empty result', async () => {
      const res = await get('?per_page=5&page=3').expect(400);
      expect(res.body).toEqual({
        code: 'rest_search_invalid_page_number',
        message: 'The page number requested is larger than the number of pages available.',
        data: { status: 400 },
      });
      const empty = await get('?search=nothingmatches&page=3').expect(200);
      expect(empty.body).toEqual([]);
      expect(empty.headers['x-wp-total']).toBe('0');
      expect(empty.headers['x-wp-totalpages']).toBe('0');
      // The search controller does not cap the previous page.
      expect(empty.headers.link).toBe(`<${ROOT}/core/v2/search?search=nothingmatches&page=2>; rel="prev"`);
    });

    it('validates type, subtype, per_page and context', async () => {
      const type = await get('?type=comment').expect(400);
      expect(type.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): type',
        data: {
          status: 400,
          params: { type: 'type is not one of post, term, and post-format.' },
          details: { type: { code: 'rest_not_in_enum', message: 'type is not one of post, term, and post-format.', data: null } },
        },
      });
      const subtype = await get('?subtype=attachment').expect(400);
      expect(subtype.body.data.params).toEqual({ subtype: 'subtype[0] is not one of post, page, category, post_tag, and any.' });
      const perPage = await get('?per_page=101').expect(400);
      expect(perPage.body.data.params).toEqual({ per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' });
      const context = await get('?context=edit').expect(400);
      expect(context.body.data.params).toEqual({ context: 'context is not one of view and embed.' });
      const include = await get('?include=abc').expect(400);
      expect(include.body.data.params).toEqual({ include: 'include[0] is not of type integer.' });
      // page, per_page, search and context are validated first; type, subtype and the id lists only
      // when they are sanitised, so the two kinds of failure are never reported together.
      const phases = await get('?per_page=abc&type=bogus').expect(400);
      expect(Object.keys(phases.body.data.params)).toEqual(['per_page']);
    });

    it('keeps only requested fields, without links unless asked', async () => {
      const res = await get('?search=contact&_fields=id,title').expect(200);
      expect(res.body).toEqual([{ id: ids.contact, title: 'Contact' }]);
    });

    it('answers the same records in embed context', async () => {
      const view = await get('?search=contact').expect(200);
      const embed = await get('?search=contact&context=embed').expect(200);
      expect(embed.body).toEqual(view.body);
    });
  });

  describe('terms', () => {
    it('searches category and tag names and slugs, ordered by name', async () => {
      const stripes = await addTerm('post_tag', 'Savanna', 'zebra-stripes');
      const res = await get('?type=term&search=e').expect(200);
      expect(res.body.map((r: { title: string }) => r.title)).toEqual(['featured', 'Guides', 'News', 'release', 'rest', 'Savanna', 'Uncategorized']);
      expect(res.headers['x-wp-total']).toBe('7');
      const bySlug = await get('?type=term&search=ZEBRA').expect(200);
      expect(bySlug.body).toEqual([
        {
          id: stripes,
          title: 'Savanna',
          url: `${SITE_URL}/tag/zebra-stripes/`,
          type: 'post_tag',
          _links: {
            self: [selfLink(`/core/v2/tags/${stripes}`)],
            about: [{ href: `${ROOT}/core/v2/taxonomies/post_tag` }],
            collection: [{ href: `${ROOT}/core/v2/search` }],
          },
        },
      ]);
    });

    it('links categories through their ancestors and limits by subtype', async () => {
      const child = await addTerm('category', 'Advanced guides', 'advanced', ids['category:guides']);
      const res = await get('?type=term&subtype=category&search=guides').expect(200);
      expect(res.body.map((r: { id: number; url: string; type: string }) => [r.id, r.url, r.type])).toEqual([
        [child, `${SITE_URL}/category/guides/advanced/`, 'category'],
        [ids['category:guides'], `${SITE_URL}/category/guides/`, 'category'],
      ]);
      expect(res.body[0]._links.self[0].href).toBe(`${ROOT}/core/v2/categories/${child}`);
      expect((await get('?type=term&subtype=post_tag').expect(200)).headers['x-wp-total']).toBe('5');
      expect((await get('?type=term').expect(200)).headers['x-wp-total']).toBe('10');
    });

    it('applies include, else exclude, and pages', async () => {
      const news = ids['category:news'];
      const rest = ids['post_tag:rest'];
      expect(idsOf((await get(`?type=term&include=${rest},${news}`).expect(200)).body)).toEqual([news, rest]);
      expect(idsOf((await get(`?type=term&include=${news}&exclude=${news}`).expect(200)).body)).toEqual([news]);
      expect((await get(`?type=term&exclude=${news}`).expect(200)).headers['x-wp-total']).toBe('8');
      const page = await get('?type=term&per_page=4&page=3').expect(200);
      expect(page.body).toHaveLength(1);
      expect(page.headers['x-wp-totalpages']).toBe('3');
      await get('?type=term&per_page=4&page=4').expect(400);
    });
  });

  describe('post formats', () => {
    it('finds nothing while no post uses a format', async () => {
      const res = await get('?type=post-format').expect(200);
      expect(res.body).toEqual([]);
      expect(res.headers['x-wp-total']).toBe('0');
    });

    it('lists the formats in use by slug or name, with WordPress fields and only a collection link', async () => {
      await addPost({ title: 'A video', format: 'video' });
      await addPost({ title: 'An aside', format: 'aside', status: 'draft' });
      const res = await get('?type=post-format').expect(200);
      expect(res.body).toEqual([
        { id: 'aside', title: 'Aside', url: `${SITE_URL}/type/aside/`, type: 'post-format', _links: { collection: [{ href: `${ROOT}/core/v2/search` }] } },
        { id: 'video', title: 'Video', url: `${SITE_URL}/type/video/`, type: 'post-format', _links: { collection: [{ href: `${ROOT}/core/v2/search` }] } },
      ]);
      expect(idsOf((await get('?type=post-format&search=VID').expect(200)).body)).toEqual(['video']);
      expect(idsOf((await get('?type=post-format&search=standard').expect(200)).body)).toEqual([]);
      const paged = await get('?type=post-format&per_page=1&page=2').expect(200);
      expect(idsOf(paged.body)).toEqual(['video']);
      expect(paged.headers['x-wp-totalpages']).toBe('2');
    });
  });
});

describe('search with plain permalinks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PERMALINKS: 'plain' }, { seed: true });
  });
  afterAll(() => t.close());

  it('links posts, pages and terms in the query form', async () => {
    const about = await t.db.prisma.content.findFirstOrThrow({ where: { type: 'page', slug: 'about' } });
    const hello = await t.db.prisma.content.findFirstOrThrow({ where: { type: 'post', slug: 'hello-world' } });
    const news = await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'category', slug: 'news' } });
    const guides = await t.db.prisma.term.findFirstOrThrow({ where: { taxonomy: 'category', slug: 'guides' } });
    const posts = await t.request.get(`/index.php?rest_route=/core/v2/search&include=${about.id},${hello.id}`).expect(200);
    expect(posts.body.map((r: { url: string }) => r.url)).toEqual([`${SITE_URL}/?page_id=${about.id}`, `${SITE_URL}/?p=${hello.id}`]);
    expect(posts.body[0]._links.about).toEqual([{ href: `${SITE_URL}/index.php?rest_route=/core/v2/types/page` }]);
    const terms = await t.request.get('/index.php?rest_route=/core/v2/search&type=term&search=e&per_page=3').expect(200);
    expect(terms.body.map((r: { url: string }) => r.url)).toEqual([`${SITE_URL}/?tag=featured`, `${SITE_URL}/?cat=${guides.id}`, `${SITE_URL}/?cat=${news.id}`]);
  });
});
