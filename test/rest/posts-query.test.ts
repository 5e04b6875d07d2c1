/**
 * The posts collection's query parameters over real HTTP: search, ordering, status filter and its
 * permissions, dates, ids, authors, slugs, offset, taxonomies, stickies and formats.
 */
import { basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';

const API = `${SITE_URL}/wp-json`;
const POSTS = '/wp-json/core/v2/posts';

interface Account {
  id: number;
  auth: string;
}

describe('posts: collection queries', () => {
  let t: TestApp;
  let editor: Account;
  let author: Account;
  let subscriber: Account;
  const cat: Record<string, number> = {};
  const tag: Record<string, number> = {};
  const p: Record<string, number> = {};

  async function makeUser(login: string, role: string): Promise<Account> {
    const created = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: login, email: `${login}@example.com`, password: 'secret-pass-1', roles: [role] });
    const pw = await t.request.post(`/wp-json/core/v2/users/${created.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' });
    return { id: created.body.id, auth: basicAuth(login, pw.body.password) };
  }

  async function create(body: Record<string, unknown>, auth = t.adminAuth): Promise<number> {
    const res = await t.request.post(POSTS).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  }

  /** The ids a query returns (as the caller, anonymous by default). */
  async function ids(query: string, auth?: string): Promise<number[]> {
    const req = t.request.get(`${POSTS}?${query}`);
    if (auth) req.set('Authorization', auth);
    const res = await req;
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.map((x: { id: number }) => x.id);
  }

  beforeAll(async () => {
    t = await startTestApp();
    editor = await makeUser('ed', 'editor');
    author = await makeUser('au', 'author');
    subscriber = await makeUser('su', 'subscriber');
    const term = async (taxonomy: string, name: string, parentId = 0) =>
      (await t.db.prisma.term.create({ data: { taxonomy, name, slug: name.toLowerCase(), parentId } })).id;
    cat.uncategorized = await term('category', 'Uncategorized');
    cat.animals = await term('category', 'Animals');
    cat.cats = await term('category', 'Cats', cat.animals);
    cat.kittens = await term('category', 'Kittens', cat.cats);
    cat.plants = await term('category', 'Plants');
    tag.red = await term('post_tag', 'Red');
    tag.blue = await term('post_tag', 'Blue');

    p.alpha = await create({ title: 'Alpha apple', content: 'The quick brown fox', status: 'publish', date: '2020-01-01T10:00:00', categories: [cat.animals], tags: [tag.red], sticky: true });
    p.beta = await create({ title: 'Beta banana', content: 'An apple pie recipe', excerpt: 'sweet', status: 'publish', date: '2020-02-01T10:00:00', categories: [cat.cats], tags: [tag.blue], author: editor.id });
    p.gamma = await create({ title: 'Gamma cherry', content: 'nothing', status: 'publish', date: '2020-03-01T10:00:00', categories: [cat.cats, cat.kittens], tags: [tag.red, tag.blue], author: editor.id, format: 'aside' });
    p.delta = await create({ title: 'Delta apple banana', content: 'Plain', status: 'publish', date: '2020-04-01T10:00:00', categories: [cat.plants] });
    p.authorDraft = await create({ title: 'Author draft', date: '2020-05-01T10:00:00' }, author.auth);
    p.editorDraft = await create({ title: 'Editor draft', date: '2020-05-02T10:00:00' }, editor.auth);
    p.private = await create({ title: 'Private apple', status: 'private', date: '2020-05-03T10:00:00' });
    p.trashed = await create({ title: 'Trashed apple', status: 'publish', date: '2020-05-04T10:00:00' });
    await t.request.delete(`${POSTS}/${p.trashed}`).set('Authorization', t.adminAuth).expect(200);
  });
  afterAll(() => t.close());

  it('lists published posts, newest first', async () => {
    expect(await ids('')).toEqual([p.delta, p.gamma, p.beta, p.alpha]);
  });

  describe('search', () => {
    it('matches every term in title, excerpt or content', async () => {
      expect(await ids('search=apple')).toEqual([p.delta, p.beta, p.alpha]);
      expect(await ids('search=apple%20banana')).toEqual([p.delta, p.beta]);
      expect(await ids('search=-apple')).toEqual([p.gamma]);
      expect(await ids('search=APPLE&search_columns=post_title')).toEqual([p.delta, p.alpha]);
      expect(await ids('search=sweet&search_columns=post_title,post_content')).toEqual([]);
      expect(await ids('search=sweet&search_columns[]=post_excerpt')).toEqual([p.beta]);
    });

    it('orders by relevance: title matches first', async () => {
      expect(await ids('search=apple&orderby=relevance')).toEqual([p.delta, p.alpha, p.beta]);
      expect(await ids('search=apple%20banana&orderby=relevance')).toEqual([p.delta, p.beta]);
    });

    it('matches whole values with search_semantics=exact', async () => {
      expect(await ids('search=nothing&search_semantics=exact')).toEqual([p.gamma]);
      expect(await ids('search=noth&search_semantics=exact')).toEqual([]);
      const bad = await t.request.get(`${POSTS}?search=x&search_semantics=fuzzy`).expect(400);
      expect(bad.body.data.details.search_semantics.code).toBe('rest_not_in_enum');
    });

    it('never matches password-protected posts for anonymous searches', async () => {
      const locked = await create({ title: 'Locked apple', status: 'publish', password: 'pw', date: '2019-01-01T00:00:00' });
      expect(await ids('search=locked')).toEqual([]);
      expect(await ids('search=locked', t.adminAuth)).toEqual([locked]);
      await t.request.delete(`${POSTS}/${locked}?force=true`).set('Authorization', t.adminAuth).expect(200);
    });
  });

  describe('ordering', () => {
    it('refuses relevance without search and include without include', async () => {
      const relevance = await t.request.get(`${POSTS}?orderby=relevance`).expect(400);
      expect(relevance.body).toEqual({ code: 'rest_no_search_term_defined', message: 'You need to define a search term to order by relevance.', data: { status: 400 } });
      const include = await t.request.get(`${POSTS}?orderby=include`).expect(400);
      expect(include.body).toEqual({ code: 'rest_orderby_include_missing_include', message: 'You need to define an include parameter to order by include.', data: { status: 400 } });
      const bad = await t.request.get(`${POSTS}?orderby=popularity`).expect(400);
      expect(bad.body.data.details.orderby.code).toBe('rest_not_in_enum');
    });

    it('orders by include, include_slugs, title, slug, id, author and modified', async () => {
      expect(await ids(`include=${p.gamma},${p.alpha},${p.delta}&orderby=include`)).toEqual([p.gamma, p.alpha, p.delta]);
      expect(await ids('slug=beta-banana,alpha-apple&orderby=include_slugs')).toEqual([p.beta, p.alpha]);
      expect(await ids('orderby=title&order=asc')).toEqual([p.alpha, p.beta, p.delta, p.gamma]);
      expect(await ids('orderby=slug&order=desc')).toEqual([p.gamma, p.delta, p.beta, p.alpha]);
      expect(await ids('orderby=id&order=asc')).toEqual([p.alpha, p.beta, p.gamma, p.delta]);
      expect((await ids('orderby=author&order=desc'))[0]).toBe(p.gamma);
      expect(await ids('orderby=date&order=asc')).toEqual([p.alpha, p.beta, p.gamma, p.delta]);
      expect((await ids('orderby=modified&order=desc')).sort()).toEqual([p.alpha, p.beta, p.gamma, p.delta].sort());
    });
  });

  describe('status filter', () => {
    it('refuses other statuses to anonymous callers (400 wrapping rest_forbidden_status 401)', async () => {
      const res = await t.request.get(`${POSTS}?status=draft&context=edit`).expect(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
        data: { status: 400, params: { status: 'Status is forbidden.' }, details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } } } },
      });
      const sub = await t.request.get(`${POSTS}?status=private`).set('Authorization', subscriber.auth).expect(400);
      expect(sub.body.data.details.status.data).toEqual({ status: 403 });
      const anyStatus = await t.request.get(`${POSTS}?status=publish,any`).expect(400);
      expect(anyStatus.body.data.details.status.code).toBe('rest_forbidden_status');
      const bogus = await t.request.get(`${POSTS}?status=bogus`).set('Authorization', t.adminAuth).expect(400);
      expect(bogus.body.data.details.status.code).toBe('rest_not_in_enum');
    });

    it('counts items the viewer may not read but leaves them out', async () => {
      const res = await t.request.get(`${POSTS}?status=draft`).set('Authorization', author.auth).expect(200);
      expect(res.headers['x-wp-total']).toBe('2');
      expect(res.body.map((x: { id: number }) => x.id)).toEqual([p.authorDraft]);
      expect(await ids('status=draft', editor.auth)).toEqual([p.editorDraft, p.authorDraft]);
    });

    it('combines statuses; any leaves out the trash', async () => {
      expect(await ids('status=draft,private', t.adminAuth)).toEqual([p.private, p.editorDraft, p.authorDraft]);
      expect(await ids('status=any', t.adminAuth)).toEqual([p.private, p.editorDraft, p.authorDraft, p.delta, p.gamma, p.beta, p.alpha]);
      expect(await ids('status=trash', t.adminAuth)).toEqual([p.trashed]);
    });

    it('skips, in edit context, the items the viewer cannot edit', async () => {
      const res = await t.request.get(`${POSTS}?context=edit`).set('Authorization', author.auth).expect(200);
      expect(res.headers['x-wp-total']).toBe('4');
      expect(res.body).toEqual([]);
    });
  });

  describe('filters', () => {
    it('filters by dates (site time, exclusive)', async () => {
      expect(await ids('after=2020-01-15T00:00:00')).toEqual([p.delta, p.gamma, p.beta]);
      expect(await ids('before=2020-02-01T10:00:00')).toEqual([p.alpha]);
      expect(await ids('after=2020-01-01T09:00:00-02:00&before=2020-03-01T10:00:01')).toEqual([p.gamma, p.beta]);
      expect(await ids('modified_before=2000-01-01T00:00:00')).toEqual([]);
      expect(await ids('modified_after=2000-01-01T00:00:00')).toHaveLength(4);
      const bad = await t.request.get(`${POSTS}?after=2011-01-01`).expect(400);
      expect(bad.body.data.details.after).toEqual({ code: 'rest_invalid_date', message: 'Invalid date.', data: null });
    });

    it('filters by ids, authors and slugs', async () => {
      expect(await ids(`include=${p.alpha},${p.gamma}`)).toEqual([p.gamma, p.alpha]);
      expect(await ids(`exclude[]=${p.alpha}&exclude[]=${p.gamma}`)).toEqual([p.delta, p.beta]);
      expect(await ids(`author=${editor.id}`)).toEqual([p.gamma, p.beta]);
      expect(await ids(`author_exclude=${editor.id}`)).toEqual([p.delta, p.alpha]);
      expect(await ids('slug=gamma-cherry')).toEqual([p.gamma]);
      const bad = await t.request.get(`${POSTS}?author=abc`).expect(400);
      expect(bad.body.data.params.author).toBe('author[0] is not of type integer.');
    });

    it('applies offset to the window but not to the totals or Link pages', async () => {
      const res = await t.request.get(`${POSTS}?per_page=2&offset=1`).expect(200);
      expect(res.body.map((x: { id: number }) => x.id)).toEqual([p.gamma, p.beta]);
      expect(res.headers['x-wp-total']).toBe('4');
      expect(res.headers.link).toBe(`<${API}/core/v2/posts?per_page=2&offset=1&page=2>; rel="next"`);
    });

    it('filters by categories and tags, list and object forms', async () => {
      expect(await ids(`categories=${cat.animals}`)).toEqual([p.alpha]);
      expect(await ids(`categories[terms]=${cat.animals}&categories[include_children]=true`)).toEqual([p.gamma, p.beta, p.alpha]);
      expect(await ids(`categories[terms][]=${cat.cats}&categories[terms][]=${cat.kittens}&categories[operator]=AND`)).toEqual([p.gamma]);
      expect(await ids(`categories[terms][]=${cat.cats}&categories[terms][]=${cat.kittens}`)).toEqual([p.gamma, p.beta]);
      expect(await ids(`categories[terms][]=${cat.cats}&categories[terms][]=999&categories[operator]=AND`)).toEqual([]);
      expect(await ids(`categories_exclude=${cat.animals}`)).toEqual([p.delta, p.gamma, p.beta]);
      expect(await ids(`categories_exclude[terms]=${cat.animals}&categories_exclude[include_children]=1`)).toEqual([p.delta]);
      expect(await ids(`tags=${tag.red}`)).toEqual([p.gamma, p.alpha]);
      expect(await ids(`tags_exclude=${tag.red}`)).toEqual([p.delta, p.beta]);
      expect(await ids(`categories=${cat.cats}&tags=${tag.red}`)).toEqual([p.gamma]);
      expect(await ids(`tax_relation=OR&categories=${cat.plants}&tags=${tag.red}`)).toEqual([p.delta, p.gamma, p.alpha]);
      expect(await ids(`categories=${tag.red}`)).toEqual([]);
    });

    it('refuses malformed taxonomy filters', async () => {
      const bogus = await t.request.get(`${POSTS}?categories[bogus]=1`).expect(400);
      expect(bogus.body.data.params.categories).toBe('categories is not a valid Term ID Taxonomy Query. Reason: bogus is not a valid property of Object.');
      const slug = await t.request.get(`${POSTS}?tags=red`).expect(400);
      expect(slug.body.code).toBe('rest_invalid_param');
      const operator = await t.request.get(`${POSTS}?tags[terms]=1&tags[include_children]=true`).expect(400);
      expect(operator.body.code).toBe('rest_invalid_param');
    });

    it('filters by sticky and prepends stickies on page 1 when ignore_sticky=false', async () => {
      expect(await ids('sticky=true')).toEqual([p.alpha]);
      expect(await ids('sticky=false')).toEqual([p.delta, p.gamma, p.beta]);
      expect(await ids(`sticky=true&include=${p.beta}`)).toEqual([]);
      expect(await ids('per_page=2&ignore_sticky=false')).toEqual([p.alpha, p.delta, p.gamma]);
      const page2 = await t.request.get(`${POSTS}?per_page=2&page=2&ignore_sticky=false`).expect(200);
      expect(page2.body.map((x: { id: number }) => x.id)).toEqual([p.beta, p.alpha]);
      expect(page2.headers['x-wp-total']).toBe('4');
      expect(await ids(`per_page=2&ignore_sticky=false&include=${p.delta},${p.gamma}`)).toEqual([p.delta, p.gamma]);
      expect(await ids(`per_page=2&ignore_sticky=false&exclude=${p.alpha}`)).toEqual([p.delta, p.gamma]);
      expect(await ids('per_page=2&ignore_sticky=false&sticky=false')).toEqual([p.delta, p.gamma]);
    });

    it('filters by format (standard means no format)', async () => {
      expect(await ids('format=aside')).toEqual([p.gamma]);
      expect(await ids('format=standard')).toEqual([p.delta, p.beta, p.alpha]);
      expect(await ids('format=standard,aside')).toEqual([p.delta, p.gamma, p.beta, p.alpha]);
      const dup = await t.request.get(`${POSTS}?format=aside,aside`).expect(400);
      expect(dup.body.data.details.format.code).toBe('rest_duplicate_items');
    });
  });

  it('never answers 500, whatever the numbers', async () => {
    const huge = '99999999999';
    const cases: Array<[string, number]> = [
      [`include=${huge}`, 0],
      [`exclude=${huge}`, 4],
      [`author=${huge}`, 0],
      [`author_exclude=${huge}`, 4],
      [`categories=${huge}`, 0],
      [`offset=${huge}000`, 0],
      ['offset=-5', 4],
      [`include=${p.alpha},${huge}&orderby=include`, 1],
    ];
    for (const [query, count] of cases) expect(await ids(query, t.adminAuth)).toHaveLength(count);
    const pages = await t.request.get(`/wp-json/core/v2/pages?menu_order=${huge}&parent=${huge}`).expect(200);
    expect(pages.body).toEqual([]);
    const revisions = await t.request.get(`${POSTS}/${p.alpha}/revisions?include=${huge}&exclude=${huge}`).set('Authorization', t.adminAuth).expect(200);
    expect(revisions.body).toEqual([]);
    const page = await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'Far down', menu_order: Number(huge) }).expect(201);
    expect(page.body.menu_order).toBe(2147483647);
  });
});
