/**
 * Categories, tags, post formats and taxonomies as WPGraphQL 2.x serves them, through urql over
 * HTTP against the demo site: lookups by every idType, `where` filters, pagination both ways with
 * cursors that survive inserts, a category's tree and posts, mutations, anonymous vs admin.
 */
import type { Client } from '@urql/core';
import { basicAuth, startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

let test: TestApp;
let server: GraphQLTestServer;
let anon: Client;
let admin: Client;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

interface TermNode {
  databaseId: number;
  id: string;
  name: string;
  slug: string;
}

beforeAll(async () => {
  test = await startTestApp({}, { seed: true });
  server = await listen(test);
  anon = server.client();
  admin = server.client(test.adminAuth);
});
afterAll(() => test.close());

const TERM_FIELDS = 'id databaseId name slug description count uri link taxonomyName termGroupId termTaxonomyId isTermNode isContentNode isComment isFrontPage isPostsPage isRestricted';

async function categoryBySlug(slug: string): Promise<TermNode & Record<string, unknown>> {
  const data = await run<{ category: TermNode & Record<string, unknown> }>(anon, `query($id: ID!) { category(id: $id, idType: SLUG) { ${TERM_FIELDS} categoryId parentId parentDatabaseId } }`, { id: slug });
  return data.category;
}

describe('single terms', () => {
  it('reads a category by every idType', async () => {
    const news = await categoryBySlug('news');
    expect(news).toMatchObject({ name: 'News', slug: 'news', taxonomyName: 'category', isTermNode: true, isContentNode: false, isComment: false, isFrontPage: false, isPostsPage: false, isRestricted: false, termGroupId: null, parentId: null, parentDatabaseId: null });
    expect(news.id).toBe(b64(`term:${news.databaseId}`));
    expect(news.termTaxonomyId).toBe(news.databaseId);
    expect(news.categoryId).toBe(news.databaseId);
    expect(news.count).toBe(2);
    expect(news.uri).toBe('/category/news/');
    expect(news.link).toBe(`${test.config.siteUrl}/category/news/`);
    const q = 'query($id: ID!, $t: CategoryIdType) { category(id: $id, idType: $t) { databaseId } }';
    for (const [id, t] of [[news.id, 'ID'], [news.id, null], [String(news.databaseId), 'DATABASE_ID'], ['News', 'NAME'], ['news', 'SLUG'], ['/category/news/', 'URI']]) {
      expect((await run<{ category: { databaseId: number } | null }>(anon, q, { id, t })).category?.databaseId).toBe(news.databaseId);
    }
    expect((await run<{ category: null }>(anon, q, { id: 'nope', t: 'SLUG' })).category).toBeNull();
  });

  it('reads tags by slug and name, null across taxonomies, and any term through termNode', async () => {
    const tag = (await run<{ tag: TermNode & { tagId: number; uri: string } }>(anon, '{ tag(id: "graphql", idType: SLUG) { databaseId id name slug tagId uri } }')).tag;
    expect(tag).toMatchObject({ name: 'graphql', slug: 'graphql', uri: '/tag/graphql/' });
    expect(tag.tagId).toBe(tag.databaseId);
    expect((await run<{ tag: { databaseId: number } }>(anon, '{ tag(id: "graphql", idType: NAME) { databaseId } }')).tag.databaseId).toBe(tag.databaseId);
    // A tag's id is no category.
    expect((await run<{ category: null }>(anon, `{ category(id: "${tag.id}") { databaseId } }`)).category).toBeNull();
    const node = await run<{ termNode: { __typename: string; databaseId: number }; bySlug: { __typename: string } | null; noTaxonomy: null }>(
      anon,
      `{ termNode(id: "${tag.id}") { __typename databaseId } bySlug: termNode(id: "news", idType: SLUG, taxonomy: CATEGORY) { __typename }
         noTaxonomy: termNode(id: "news", idType: SLUG) { __typename } }`,
    );
    expect(node).toEqual({ termNode: { __typename: 'Tag', databaseId: tag.databaseId }, bySlug: { __typename: 'Category' }, noTaxonomy: null });
  });

  it('rejects a malformed global id', async () => {
    const result = await execute(anon, '{ category(id: "not-an-id") { databaseId } }');
    expect(result.error?.graphQLErrors[0].message).toMatch(/ID input is invalid/);
  });

  it('links a term to its Taxonomy, and taxonomies to their content types and terms', async () => {
    const data = await run<{ category: { taxonomy: { node: { name: string; hierarchical: boolean } } }; taxonomies: { nodes: Array<{ name: string; graphqlSingleName: string; graphqlPluralName: string; label: string }> }; taxonomy: { id: string; name: string; restBase: string; showInRest: boolean; public: boolean; connectedContentTypes: { nodes: Array<{ name: string }> }; connectedTerms: { nodes: Array<{ slug: string }> } } }>(
      anon,
      `{ category(id: "news", idType: SLUG) { taxonomy { node { name hierarchical } } }
         taxonomies { nodes { name graphqlSingleName graphqlPluralName label } }
         taxonomy(id: "post_tag", idType: NAME) { id name restBase showInRest public connectedContentTypes { nodes { name } } connectedTerms(first: 2) { nodes { slug } } } }`,
    );
    expect(data.category.taxonomy.node).toEqual({ name: 'category', hierarchical: true });
    expect(data.taxonomies.nodes.map((t) => [t.name, t.graphqlSingleName, t.graphqlPluralName])).toEqual([
      ['category', 'category', 'categories'],
      ['post_tag', 'tag', 'tags'],
      ['post_format', 'postFormat', 'postFormats'],
      ['tribe_events_cat', 'eventsCategory', 'eventsCategories'],
    ]);
    expect(data.taxonomies.nodes[0].label).toBe('Categories');
    expect(data.taxonomy).toMatchObject({ name: 'post_tag', restBase: 'tags', showInRest: true, public: true, connectedTerms: { nodes: [{ slug: 'featured' }, { slug: 'graphql' }] } });
    expect(data.taxonomy.id).toBe(b64('taxonomy:post_tag'));
    const byId = await run<{ taxonomy: { name: string } }>(anon, `{ taxonomy(id: "${data.taxonomy.id}") { name } }`);
    expect(byId.taxonomy.name).toBe('post_tag');
  });
});

describe('term connections', () => {
  const slugsOf = (data: { nodes: Array<{ slug: string }> }) => data.nodes.map((n) => n.slug);

  it('filters with WPGraphQL where args', async () => {
    const q = 'query($w: RootQueryToTagConnectionWhereArgs) { tags(where: $w) { nodes { slug } } }';
    const tags = async (w: Record<string, unknown>) => slugsOf((await run<{ tags: { nodes: Array<{ slug: string }> } }>(anon, q, { w })).tags);
    expect(await tags({})).toEqual(['featured', 'graphql', 'howto', 'release', 'rest']);
    expect(await tags({ order: 'DESC' })).toEqual(['rest', 'release', 'howto', 'graphql', 'featured']);
    expect(await tags({ search: 're' })).toEqual(['featured', 'release', 'rest']);
    expect(await tags({ nameLike: 'ow' })).toEqual(['howto']);
    expect(await tags({ slug: ['rest', 'howto'] })).toEqual(['howto', 'rest']);
    expect(await tags({ name: ['graphql'] })).toEqual(['graphql']);
    // Ties keep the id order (the seed created featured, release, howto, graphql, rest).
    expect(await tags({ orderby: 'COUNT', order: 'DESC' })).toEqual(['howto', 'graphql', 'rest', 'featured', 'release']);
    expect(await tags({ orderby: 'TERM_ID' })).toEqual(['featured', 'release', 'howto', 'graphql', 'rest']);
    const graphql = (await run<{ tag: { databaseId: number; id: string } }>(anon, '{ tag(id: "graphql", idType: SLUG) { databaseId id } }')).tag;
    expect(await tags({ include: [graphql.id] })).toEqual(['graphql']);
    expect(await tags({ exclude: [String(graphql.databaseId)] })).toEqual(['featured', 'howto', 'release', 'rest']);
    expect(await tags({ termTaxonomyId: [String(graphql.databaseId)] })).toEqual(['graphql']);
  });

  it('filters categories by tree, emptiness and description; terms across taxonomies', async () => {
    const news = await categoryBySlug('news');
    const created = await run<{ createCategory: { category: { databaseId: number } } }>(admin, 'mutation($p: Int) { createCategory(input: { name: "Local news", description: "Around town", parentDatabaseId: $p }) { category { databaseId } } }', { p: news.databaseId });
    const child = created.createCategory.category.databaseId;
    const q = 'query($w: RootQueryToCategoryConnectionWhereArgs) { categories(where: $w) { nodes { slug } } }';
    const cats = async (w: Record<string, unknown>) => slugsOf((await run<{ categories: { nodes: Array<{ slug: string }> } }>(anon, q, { w })).categories);
    expect(await cats({ parent: news.databaseId })).toEqual(['local-news']);
    expect(await cats({ childOf: news.databaseId })).toEqual(['local-news']);
    expect(await cats({ descriptionLike: 'town' })).toEqual(['local-news']);
    expect(await cats({ hideEmpty: true })).not.toContain('local-news');
    expect(await cats({})).toContain('local-news');
    expect(await cats({ childless: true })).not.toContain('news');
    expect(await cats({ excludeTree: [String(news.databaseId)] })).not.toEqual(expect.arrayContaining(['news']));
    expect(await cats({ excludeTree: [String(news.databaseId)] })).not.toContain('local-news');
    const terms = await run<{ terms: { nodes: Array<{ __typename: string; slug: string }> } }>(anon, '{ terms(first: 100, where: { taxonomies: [TAG, CATEGORY], search: "news" }) { nodes { __typename slug } } }');
    expect(terms.terms.nodes).toEqual([{ __typename: 'Category', slug: 'local-news' }, { __typename: 'Category', slug: 'news' }]);
    const all = await run<{ terms: { nodes: Array<{ __typename: string }> } }>(anon, '{ terms(first: 100) { nodes { __typename } } }');
    expect(all.terms.nodes.map((n) => n.__typename)).toEqual(expect.arrayContaining(['Category', 'Tag']));
    await run(admin, 'mutation($id: ID!) { deleteCategory(input: { id: $id }) { deletedId } }', { id: String(child) });
  });

  it('pages forwards and backwards with cursors that survive inserts', async () => {
    const q = 'query($first: Int, $after: String, $last: Int, $before: String) { tags(first: $first, after: $after, last: $last, before: $before) { edges { cursor node { slug } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }';
    type Page = { tags: { edges: Array<{ cursor: string; node: { slug: string } }>; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string } } };
    const first = (await run<Page>(anon, q, { first: 2 })).tags;
    expect(first.edges.map((e) => e.node.slug)).toEqual(['featured', 'graphql']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    // A tag inserted before the cursor does not shift the next page.
    const created = await run<{ createTag: { tag: { databaseId: number } } }>(admin, 'mutation { createTag(input: { name: "aardvark" }) { tag { databaseId } } }');
    const second = (await run<Page>(anon, q, { first: 2, after: first.pageInfo.endCursor })).tags;
    expect(second.edges.map((e) => e.node.slug)).toEqual(['howto', 'release']);
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const back = (await run<Page>(anon, q, { last: 2, before: second.pageInfo.startCursor })).tags;
    expect(back.edges.map((e) => e.node.slug)).toEqual(['featured', 'graphql']);
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const tail = (await run<Page>(anon, q, { last: 1 })).tags;
    expect(tail.edges.map((e) => e.node.slug)).toEqual(['rest']);
    await run(admin, 'mutation($id: ID!) { deleteTag(input: { id: $id }) { deletedId } }', { id: String(created.createTag.tag.databaseId) });
    const both = await execute(anon, '{ tags(first: 1, last: 1) { nodes { slug } } }');
    expect(both.error?.graphQLErrors[0].message).toMatch(/cannot be used together/);
  });

  it('lists no post format before a post has one, and describes the taxonomy', async () => {
    const data = await run<{ postFormats: { nodes: unknown[] }; taxonomy: unknown }>(
      anon,
      '{ postFormats { nodes { slug } } taxonomy(id: "post_format", idType: NAME) { name label hierarchical public showUi showInRest restBase connectedContentTypes { nodes { name } } } }',
    );
    expect(data).toEqual({
      postFormats: { nodes: [] },
      taxonomy: { name: 'post_format', label: 'Formats', hierarchical: false, public: true, showUi: false, showInRest: false, restBase: null, connectedContentTypes: { nodes: [{ name: 'post' }] } },
    });
  });
});

describe('a category tree and its posts', () => {
  it('answers parent, ancestors and children, batched under a list', async () => {
    const guides = await categoryBySlug('guides');
    const mk = async (name: string, parent: number) =>
      (await run<{ createCategory: { category: { databaseId: number; id: string } } }>(admin, 'mutation($n: String!, $p: ID) { createCategory(input: { name: $n, parentId: $p }) { category { databaseId id } } }', { n: name, p: String(parent) })).createCategory.category;
    const api = await mk('API', guides.databaseId);
    const rest = await mk('REST guides', api.databaseId);
    const data = await run<{ category: { parent: { node: { slug: string } }; parentId: string; parentDatabaseId: number; ancestors: { nodes: Array<{ slug: string }> }; uri: string } }>(
      anon,
      `{ category(id: "${rest.id}") { uri parentId parentDatabaseId parent { node { slug } } ancestors { nodes { slug } } } }`,
    );
    expect(data.category).toEqual({ uri: '/category/guides/api/rest-guides/', parentId: api.id, parentDatabaseId: api.databaseId, parent: { node: { slug: 'api' } }, ancestors: { nodes: [{ slug: 'api' }, { slug: 'guides' }] } });
    const tree = await run<{ categories: { nodes: Array<{ slug: string; children: { nodes: Array<{ slug: string }> } }> } }>(anon, '{ categories(where: { parent: 0 }) { nodes { slug children { nodes { slug } } } } }');
    expect(tree.categories.nodes.find((c) => c.slug === 'guides')?.children.nodes).toEqual([{ slug: 'api' }]);
    expect(tree.categories.nodes.find((c) => c.slug === 'news')?.children.nodes).toEqual([]);
    for (const id of [rest.id, api.id]) await run(admin, 'mutation($id: ID!) { deleteCategory(input: { id: $id }) { deletedId } }', { id });
  });

  it("lists a category's posts and content nodes", async () => {
    const data = await run<{ category: { posts: { nodes: Array<{ title: string }> }; contentNodes: { nodes: Array<{ __typename: string }> } } }>(
      anon,
      '{ category(id: "guides", idType: SLUG) { posts { nodes { title } } contentNodes { nodes { __typename } } } }',
    );
    expect(data.category.posts.nodes.map((p) => p.title).sort()).toEqual(['Getting started with the REST API', 'Querying posts with GraphQL']);
    expect(data.category.contentNodes.nodes).toHaveLength(2);
  });
});

describe('mutations', () => {
  it('creates, updates and deletes a category with WPGraphQL payloads', async () => {
    const created = await run<{ createCategory: { clientMutationId: string; category: { databaseId: number; id: string; name: string; slug: string; description: string } } }>(
      admin,
      'mutation { createCategory(input: { clientMutationId: "c1", name: "Reviews", slug: "reviews", description: "Opinions" }) { clientMutationId category { databaseId id name slug description } } }',
    );
    expect(created.createCategory).toMatchObject({ clientMutationId: 'c1', category: { name: 'Reviews', slug: 'reviews', description: 'Opinions' } });
    const id = created.createCategory.category.id;
    const updated = await run<{ updateCategory: { category: { name: string; slug: string } } }>(admin, 'mutation($id: ID!) { updateCategory(input: { id: $id, name: "Reviews & tests" }) { category { name slug } } }', { id });
    expect(updated.updateCategory.category).toEqual({ name: 'Reviews &amp; tests', slug: 'reviews' });
    const deleted = await run<{ deleteCategory: { deletedId: string; category: { name: string } } }>(admin, 'mutation($id: ID!) { deleteCategory(input: { clientMutationId: "d", id: $id }) { deletedId category { name } } }', { id });
    expect(deleted.deleteCategory).toEqual({ deletedId: id, category: { name: 'Reviews &amp; tests' } });
    expect((await run<{ category: null }>(anon, `{ category(id: "${id}") { name } }`)).category).toBeNull();
  });

  it('creates and updates tags, refusing duplicates', async () => {
    const created = await run<{ createTag: { tag: { databaseId: number; slug: string } } }>(admin, 'mutation { createTag(input: { name: "Deep Dive" }) { tag { databaseId slug } } }');
    expect(created.createTag.tag.slug).toBe('deep-dive');
    const dup = await execute(admin, 'mutation { createTag(input: { name: "Deep Dive" }) { tag { slug } } }');
    expect(dup.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'term_exists' });
    const updated = await run<{ updateTag: { tag: { slug: string } } }>(admin, 'mutation($id: ID!) { updateTag(input: { id: $id, slug: "dive" }) { tag { slug } } }', { id: String(created.createTag.tag.databaseId) });
    expect(updated.updateTag.tag.slug).toBe('dive');
    const deleted = await run<{ deleteTag: { tag: { slug: string } } }>(admin, 'mutation($id: ID!) { deleteTag(input: { id: $id }) { tag { slug } } }', { id: String(created.createTag.tag.databaseId) });
    expect(deleted.deleteTag.tag.slug).toBe('dive');
  });

  it('refuses anonymous writes and a parent on tags', async () => {
    const anonymous = await execute(anon, 'mutation { createCategory(input: { name: "Nope" }) { category { slug } } }');
    expect(anonymous.data?.createCategory).toBeNull();
    expect(anonymous.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_create', status: 401 });
    const news = await categoryBySlug('news');
    const deny = await execute(anon, 'mutation($id: ID!) { deleteCategory(input: { id: $id }) { deletedId } }', { id: news.id });
    expect(deny.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_delete' });
    const format = await execute(anon, 'mutation { createPostFormat(input: { name: "Aside" }) { postFormat { slug } } }');
    expect(format.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_create', status: 401 });
  });
});

describe('statements of nested term lists', () => {
  it('reads the children, parents and ancestors of a page of categories in as many statements for 4 parents as for 1', async () => {
    const query = 'query($first: Int) { categories(first: $first) { nodes { slug parent { node { slug } } ancestors { nodes { slug } } children { nodes { slug count } } } } }';
    const statementsOf = async (first: number) => {
      await run(admin, query, { first }); // warm-up
      const before = test.db.queries.count;
      const data = await run<{ categories: { nodes: unknown[] } }>(admin, query, { first });
      return { count: test.db.queries.count - before, items: data.categories.nodes.length };
    };
    const one = await statementsOf(1);
    const four = await statementsOf(4);
    expect(four.items).toBe(4);
    expect(four.count).toBe(one.count);
  });
});

describe('post formats', () => {
  const POSTS = '/wp-json/core/v2/posts';
  const ids: Record<string, number> = {};
  type FormatNode = { slug: string };

  async function restPost(body: Record<string, unknown>, id?: number): Promise<Record<string, unknown>> {
    const res = await test.request.post(id ? `${POSTS}/${id}` : POSTS).set('Authorization', test.adminAuth).send(body);
    if (res.status !== (id ? 200 : 201)) throw new Error(`POST ${POSTS}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const restFormat = async (id: number) => (await test.request.get(`${POSTS}/${id}?context=edit`).set('Authorization', test.adminAuth).expect(200)).body.format;
  const formatsOf = async (id: number) =>
    (await run<{ post: { postFormats: { nodes: FormatNode[] } } }>(admin, 'query($id: ID!) { post(id: $id, idType: DATABASE_ID) { postFormats { nodes { slug } } } }', { id: String(id) })).post.postFormats.nodes.map((n) => n.slug);
  const formatTerm = async (slug: string) =>
    (await run<{ postFormat: { databaseId: number; id: string; name: string | null; count: number | null; description: string | null; posts: { nodes: Array<{ databaseId: number }> } } | null }>(
      admin,
      'query($id: ID!) { postFormat(id: $id, idType: SLUG) { databaseId id name count description posts { nodes { databaseId } } } }',
      { id: slug },
    )).postFormat;

  beforeAll(async () => {
    const created = await run<{ createPost: { post: { databaseId: number } } }>(admin, 'mutation { createPost(input: { title: "An aside", status: PUBLISH, postFormats: { nodes: [{ slug: "aside" }] } }) { post { databaseId } } }');
    ids.aside = created.createPost.post.databaseId;
    ids.video = (await restPost({ title: 'A video', status: 'publish', format: 'video' })).id as number;
    ids.standard = (await restPost({ title: 'Just text', status: 'publish' })).id as number;
  });

  it("stores a format given by either face as the post's post_format term, which REST reads and never lists", async () => {
    const data = await run<{ post: { postFormats: { nodes: Array<Record<string, unknown>> }; terms: { nodes: Array<{ __typename: string; slug: string }> } } }>(
      anon,
      'query($id: ID!) { post(id: $id, idType: DATABASE_ID) { postFormats { nodes { __typename id databaseId postFormatId name slug count uri link taxonomyName } } terms(first: 100) { nodes { __typename slug } } } }',
      { id: String(ids.aside) },
    );
    const [aside] = data.post.postFormats.nodes;
    expect(data.post.postFormats.nodes).toHaveLength(1);
    expect(aside).toMatchObject({ __typename: 'PostFormat', name: 'Aside', slug: 'post-format-aside', count: 1, uri: '/type/aside/', link: `${test.config.siteUrl}/type/aside/`, taxonomyName: 'post_format' });
    expect(aside.id).toBe(b64(`term:${aside.databaseId}`));
    expect(aside.postFormatId).toBe(aside.databaseId);
    expect(data.post.terms.nodes).toEqual(expect.arrayContaining([{ __typename: 'PostFormat', slug: 'post-format-aside' }, { __typename: 'Category', slug: 'uncategorized' }]));
    expect(await formatsOf(ids.video)).toEqual(['post-format-video']);
    expect(await formatsOf(ids.standard)).toEqual([]);

    const rest = (await test.request.get(`${POSTS}/${ids.aside}`).expect(200)).body;
    expect(rest.format).toBe('aside');
    expect(rest.class_list).toEqual(expect.arrayContaining(['format-aside', 'post_format-post-format-aside']));
    expect(rest._links['wp:term'].map((l: { taxonomy: string }) => l.taxonomy)).toEqual(['category', 'post_tag']);
    expect(rest).not.toHaveProperty('post_format');
    expect(await restFormat(ids.standard)).toBe('standard');
    const filtered = async (format: string) => (await test.request.get(`${POSTS}?format=${format}&per_page=100`).expect(200)).body.map((p: { id: number }) => p.id);
    expect(await filtered('aside')).toEqual([ids.aside]);
    expect(await filtered('aside,video')).toEqual([ids.video, ids.aside]);
    const standard = await filtered('standard');
    expect(standard).toContain(ids.standard);
    expect(standard).not.toEqual(expect.arrayContaining([ids.aside]));
    expect(standard).not.toEqual(expect.arrayContaining([ids.video]));
    expect(Object.keys((await test.request.get('/wp-json/core/v2/taxonomies').expect(200)).body)).not.toContain('post_format');
  });

  it('answers postFormat by every idType, and lists formats, their posts and terms of the taxonomy', async () => {
    const aside = await formatTerm('post-format-aside');
    expect(aside?.posts.nodes).toEqual([{ databaseId: ids.aside }]);
    const q = 'query($id: ID!, $t: PostFormatIdType) { postFormat(id: $id, idType: $t) { databaseId } }';
    for (const [id, t] of [[aside!.id, 'ID'], [aside!.id, null], [String(aside!.databaseId), 'DATABASE_ID'], ['Aside', 'NAME'], ['post-format-aside', 'SLUG'], ['/type/aside/', 'URI'], [`${test.config.siteUrl}/type/aside/`, 'URI']]) {
      expect((await run<{ postFormat: { databaseId: number } | null }>(anon, q, { id, t })).postFormat?.databaseId).toBe(aside!.databaseId);
    }
    expect((await run<{ postFormat: null }>(anon, q, { id: 'aside', t: 'SLUG' })).postFormat).toBeNull();
    const news = await categoryBySlug('news');
    expect((await run<{ postFormat: null }>(anon, q, { id: news.id, t: 'ID' })).postFormat).toBeNull();

    const lists = await run<{ postFormats: { nodes: FormatNode[] }; terms: { nodes: Array<{ __typename: string; slug: string }> }; termNode: { __typename: string }; video: { posts: { nodes: Array<{ databaseId: number }> }; contentNodes: { nodes: Array<{ databaseId: number }> } }; contentType: { connectedTaxonomies: { nodes: Array<{ name: string }> } } }>(
      anon,
      `{ postFormats { nodes { slug } } terms(where: { taxonomies: [POSTFORMAT] }) { nodes { __typename slug } }
         termNode(id: "post-format-video", idType: SLUG, taxonomy: POSTFORMAT) { __typename }
         video: postFormat(id: "post-format-video", idType: SLUG) { posts { nodes { databaseId } } contentNodes { nodes { databaseId } } }
         contentType(id: "post", idType: NAME) { connectedTaxonomies { nodes { name } } } }`,
    );
    expect(lists.postFormats.nodes).toEqual([{ slug: 'post-format-aside' }, { slug: 'post-format-video' }]);
    expect(lists.terms.nodes).toEqual([{ __typename: 'PostFormat', slug: 'post-format-aside' }, { __typename: 'PostFormat', slug: 'post-format-video' }]);
    expect(lists.termNode).toEqual({ __typename: 'PostFormat' });
    expect(lists.video).toEqual({ posts: { nodes: [{ databaseId: ids.video }] }, contentNodes: { nodes: [{ databaseId: ids.video }] } });
    expect(lists.contentType.connectedTaxonomies.nodes.map((n) => n.name)).toEqual(['category', 'post_tag', 'post_format']);
  });

  it('moves a post between format terms and counts published posts only, as WordPress does', async () => {
    await run(admin, 'mutation($id: ID!) { updatePost(input: { id: $id, postFormats: { append: false, nodes: [{ slug: "post-format-video" }] } }) { post { databaseId } } }', { id: String(ids.aside) });
    expect(await restFormat(ids.aside)).toBe('video');
    expect(await formatsOf(ids.aside)).toEqual(['post-format-video']);
    // The aside term stays (WordPress keeps a format's term once created), with no post.
    expect(await formatTerm('post-format-aside')).toMatchObject({ count: null, posts: { nodes: [] } });
    expect((await formatTerm('post-format-video'))?.count).toBe(2);

    const draft = (await restPost({ title: 'A draft aside', status: 'draft', format: 'aside' })).id as number;
    expect(await formatTerm('post-format-aside')).toMatchObject({ count: null });
    await restPost({ status: 'publish' }, draft);
    expect((await formatTerm('post-format-aside'))?.count).toBe(1);
    await restPost({ format: 'standard' }, draft);
    expect(await formatsOf(draft)).toEqual([]);
    expect(await restFormat(draft)).toBe('standard');
    expect((await formatTerm('post-format-aside'))?.count).toBeNull();
    await run(admin, 'mutation($id: ID!) { updatePost(input: { id: $id, postFormats: { append: false, nodes: [] } }) { post { databaseId } } }', { id: String(ids.aside) });
    expect(await restFormat(ids.aside)).toBe('standard');
    expect((await formatTerm('post-format-video'))?.count).toBe(1);
  });

  it('creates, updates and deletes format terms with WPGraphQL payloads and manage_categories', async () => {
    const user = await test.request.post('/wp-json/core/v2/users').set('Authorization', test.adminAuth).send({ username: 'fmt-author', email: 'fmt-author@example.com', password: 'secret-pass-1', roles: ['author'] }).expect(201);
    const pw = await test.request.post(`/wp-json/core/v2/users/${user.body.id}/application-passwords`).set('Authorization', test.adminAuth).send({ name: 'formats' }).expect(201);
    const author = server.client(basicAuth('fmt-author', pw.body.password));
    // Authors may assign formats (edit_posts) but not manage them.
    const denied = await execute(author, 'mutation { createPostFormat(input: { name: "Gallery" }) { postFormat { slug } } }');
    expect(denied.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_create', status: 403 });

    const created = await run<{ createPostFormat: { clientMutationId: string; postFormat: { id: string; databaseId: number; name: string; slug: string; description: string; count: number | null } } }>(
      admin,
      'mutation { createPostFormat(input: { clientMutationId: "f1", name: "Gallery", slug: "post-format-gallery", description: "Pictures" }) { clientMutationId postFormat { id databaseId name slug description count } } }',
    );
    expect(created.createPostFormat).toMatchObject({ clientMutationId: 'f1', postFormat: { name: 'Gallery', slug: 'post-format-gallery', description: 'Pictures', count: null } });
    const gallery = created.createPostFormat.postFormat;
    // A post given that format gets this very term.
    const post = (await restPost({ title: 'Pictures', status: 'publish', format: 'gallery' })).id as number;
    expect(await formatTerm('post-format-gallery')).toMatchObject({ databaseId: gallery.databaseId, count: 1, posts: { nodes: [{ databaseId: post }] } });
    const dup = await execute(admin, 'mutation { createPostFormat(input: { name: "Gallery" }) { postFormat { slug } } }');
    expect(dup.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'term_exists' });
    // WordPress names a post_format term by the format its slug stands for (_post_format_get_term): "poem" is none.
    const poem = await run<{ createPostFormat: { postFormat: { id: string; name: string | null; slug: string } } }>(admin, 'mutation { createPostFormat(input: { name: "Poem" }) { postFormat { id name slug } } }');
    expect(poem.createPostFormat.postFormat).toMatchObject({ name: null, slug: 'poem' });

    const updated = await run<{ updatePostFormat: { postFormat: { description: string; name: string } } }>(admin, 'mutation($id: ID!) { updatePostFormat(input: { id: $id, description: "Photos" }) { postFormat { description name } } }', { id: gallery.id });
    expect(updated.updatePostFormat.postFormat).toEqual({ description: 'Photos', name: 'Gallery' });
    const authorDelete = await execute(author, 'mutation($id: ID!) { deletePostFormat(input: { id: $id }) { deletedId } }', { id: gallery.id });
    expect(authorDelete.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_delete' });

    // Deleting the term is what leaves its posts without a format, on both faces.
    const deleted = await run<{ deletePostFormat: { deletedId: string; postFormat: { slug: string } } }>(admin, 'mutation($id: ID!) { deletePostFormat(input: { id: $id }) { deletedId postFormat { slug } } }', { id: gallery.id });
    expect(deleted.deletePostFormat).toEqual({ deletedId: gallery.id, postFormat: { slug: 'post-format-gallery' } });
    expect(await formatTerm('post-format-gallery')).toBeNull();
    expect(await formatsOf(post)).toEqual([]);
    expect(await restFormat(post)).toBe('standard');
    await run(admin, 'mutation($id: ID!) { deletePostFormat(input: { id: $id }) { deletedId } }', { id: poem.createPostFormat.postFormat.id });
  });

  it('reads the formats of a page of posts in as many statements for 4 posts as for 1', async () => {
    // The newest posts, each with a format (three formats among four posts).
    for (const format of ['quote', 'aside', 'video', 'quote']) await restPost({ title: `A ${format}`, status: 'publish', format });
    const query = 'query($first: Int) { posts(first: $first) { nodes { postFormats { nodes { slug name count uri } } } } }';
    const statementsOf = async (first: number) => {
      await run(anon, query, { first }); // warm-up
      const before = test.db.queries.count;
      const data = await run<{ posts: { nodes: Array<{ postFormats: { nodes: FormatNode[] } }> } }>(anon, query, { first });
      return { count: test.db.queries.count - before, formats: data.posts.nodes.flatMap((n) => n.postFormats.nodes.map((f) => f.slug)) };
    };
    const one = await statementsOf(1);
    const four = await statementsOf(4);
    expect(one.formats).toEqual(['post-format-quote']);
    expect(four.formats).toEqual(['post-format-quote', 'post-format-video', 'post-format-aside', 'post-format-quote']);
    expect(four.count).toBe(one.count);
  });
});
