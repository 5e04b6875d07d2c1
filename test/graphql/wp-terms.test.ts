/**
 * Categories, tags, post formats and taxonomies as WPGraphQL 2.x serves them, through urql over
 * HTTP against the demo site: lookups by every idType, `where` filters, pagination both ways with
 * cursors that survive inserts, a category's tree and posts, mutations, anonymous vs admin.
 */
import type { Client } from '@urql/core';
import { startTestApp, type TestApp } from '../support/app';
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

  it('lists post formats and their taxonomy (none stored as terms here)', async () => {
    const data = await run<{ postFormats: { nodes: unknown[] }; taxonomy: { name: string; showUi: boolean; public: boolean } }>(anon, '{ postFormats { nodes { slug } } taxonomy(id: "post_format", idType: NAME) { name showUi public } }');
    expect(data).toEqual({ postFormats: { nodes: [] }, taxonomy: { name: 'post_format', showUi: false, public: true } });
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
    const format = await execute(admin, 'mutation { createPostFormat(input: { name: "Aside" }) { postFormat { slug } } }');
    expect(format.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'invalid_taxonomy' });
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
