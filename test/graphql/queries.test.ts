/**
 * GraphQL reads from an independent client: single lookups by every idType, node(id) and
 * nodeByUri, Relay pagination in both directions, `where` filters shared with REST, RAW text for
 * editors only, and the visibility anonymous REST readers have.
 */
import { startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

const gid = (kind: string, id: number) => Buffer.from(`${kind}:${id}`).toString('base64');

describe('GraphQL queries', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  let draftId: number;
  let childId: number;
  let parentId: number;

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    server = await listen(t);
    const draft = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'Secret draft', content: 'Raw *content*', status: 'draft' });
    draftId = draft.body.id;
    const parent = await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'Docs', status: 'publish' });
    parentId = parent.body.id;
    const child = await t.request.post('/wp-json/core/v2/pages').set('Authorization', t.adminAuth).send({ title: 'Install', status: 'publish', parent: parentId, menu_order: 2 });
    childId = child.body.id;
  });
  afterAll(() => t.close());

  it('looks posts up by global id, database id, slug and URI alike', async () => {
    const rest = (await t.request.get('/wp-json/core/v2/posts?per_page=1')).body[0];
    const uri = new URL(rest.link).pathname;
    const data = await run<Record<string, { databaseId: number; id: string } | null>>(
      server.client(),
      `query($gid: ID!, $db: ID!, $slug: ID!, $uri: ID!) {
        a: post(id: $gid) { id databaseId }
        b: post(id: $db, idType: DATABASE_ID) { id databaseId }
        c: post(id: $slug, idType: SLUG) { id databaseId }
        d: post(id: $uri, idType: URI) { id databaseId }
      }`,
      { gid: gid('post', rest.id), db: String(rest.id), slug: rest.slug, uri },
    );
    for (const key of ['a', 'b', 'c', 'd']) expect(data[key]).toEqual({ id: gid('post', rest.id), databaseId: rest.id });
  });

  it('resolves node(id) and nodeByUri to the right types', async () => {
    const data = await run<{ node: { __typename: string; name?: string }; byUri: { __typename: string; title?: string }; term: { __typename: string; name: string }; user: { __typename: string } }>(
      server.client(),
      `query($page: ID!, $term: ID!, $user: ID!) {
        node(id: $page) { __typename ... on Page { title } }
        byUri: nodeByUri(uri: "/docs/install/") { __typename ... on NodeWithTitle { title } }
        term: node(id: $term) { __typename ... on Category { name } }
        user: node(id: $user) { __typename }
      }`,
      { page: gid('post', childId), term: gid('term', 1), user: gid('user', 1) },
    );
    expect(data.node).toEqual({ __typename: 'Page', title: 'Install' });
    expect(data.byUri).toEqual({ __typename: 'Page', title: 'Install' });
    expect(data.term.__typename).toBe('Category');
    expect(data.user.__typename).toBe('User');
  });

  it('hides what anonymous REST hides, and shows it to editors', async () => {
    const query = `query($id: ID!) { post(id: $id, idType: DATABASE_ID) { title status rawTitle: title(format: RAW) content(format: RAW) } }`;
    const anonymous = await run<{ post: unknown }>(server.client(), query, { id: String(draftId) });
    expect(anonymous.post).toBeNull();
    expect((await t.request.get(`/wp-json/core/v2/posts/${draftId}`)).status).toBe(401);
    const admin = await run<{ post: Record<string, string> }>(server.client(t.adminAuth), query, { id: String(draftId) });
    expect(admin.post).toEqual({ title: 'Secret draft', status: 'draft', rawTitle: 'Secret draft', content: 'Raw *content*' });
  });

  it('gives RAW text only to those who may edit', async () => {
    const data = await run<{ posts: { nodes: Array<{ raw: string | null; rendered: string }> } }>(server.client(), '{ posts(first: 1) { nodes { raw: content(format: RAW) rendered: content } } }');
    expect(data.posts.nodes[0].raw).toBeNull();
    expect(data.posts.nodes[0].rendered).toMatch(/<p>/);
  });

  it('looks users up by e-mail and login ignoring case, as the domain does, for those who may see account data', async () => {
    const me = (await t.request.get('/wp-json/core/v2/users/me?context=edit').set('Authorization', t.adminAuth)).body;
    const query = `query($email: ID!, $login: ID!) {
      byEmail: user(id: $email, idType: EMAIL) { databaseId }
      byLogin: user(id: $login, idType: USERNAME) { databaseId }
    }`;
    const variables = { email: me.email.toUpperCase(), login: me.username.toUpperCase() };
    const admin = await run<Record<string, { databaseId: number } | null>>(server.client(t.adminAuth), query, variables);
    expect(admin).toEqual({ byEmail: { databaseId: me.id }, byLogin: { databaseId: me.id } });
    const anonymous = await run<Record<string, unknown>>(server.client(), query, variables);
    expect(anonymous).toEqual({ byEmail: null, byLogin: null });
  });

  it('pages forwards and backwards with cursors', async () => {
    const all = await run<{ posts: { nodes: Array<{ databaseId: number }> } }>(server.client(), '{ posts(first: 100) { nodes { databaseId } } }');
    const ids = all.posts.nodes.map((n) => n.databaseId);
    expect(ids.length).toBeGreaterThanOrEqual(5);

    type Page = { posts: { pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string }; edges: Array<{ cursor: string; node: { databaseId: number } }> } };
    const q = 'query($first: Int, $after: String, $last: Int, $before: String) { posts(first: $first, after: $after, last: $last, before: $before) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { databaseId } } } }';
    const first = await run<Page>(server.client(), q, { first: 2 });
    expect(first.posts.edges.map((e) => e.node.databaseId)).toEqual(ids.slice(0, 2));
    expect(first.posts.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await run<Page>(server.client(), q, { first: 2, after: first.posts.pageInfo.endCursor });
    expect(second.posts.edges.map((e) => e.node.databaseId)).toEqual(ids.slice(2, 4));
    expect(second.posts.pageInfo.hasPreviousPage).toBe(true);
    const last = await run<Page>(server.client(), q, { last: 2 });
    expect(last.posts.edges.map((e) => e.node.databaseId)).toEqual(ids.slice(-2));
    expect(last.posts.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await run<Page>(server.client(), q, { last: 1, before: second.posts.pageInfo.startCursor });
    expect(before.posts.edges.map((e) => e.node.databaseId)).toEqual([ids[1]]);
  });

  it('refuses first and last together, and bad cursors', async () => {
    const both = await execute(server.client(), '{ posts(first: 1, last: 1) { nodes { id } } }');
    expect(both.error?.graphQLErrors[0].message).toMatch(/cannot be used together/);
    const cursor = await execute(server.client(), '{ posts(after: "bogus") { nodes { id } } }');
    expect(cursor.error?.graphQLErrors[0].message).toMatch(/cursor is not valid/);
  });

  it('filters with the REST collection parameters and errors', async () => {
    const news = (await t.request.get('/wp-json/core/v2/categories?slug=news')).body[0];
    const rest = (await t.request.get(`/wp-json/core/v2/posts?categories=${news.id}&orderby=title&order=asc`)).body.map((p: { id: number }) => p.id);
    const data = await run<{ posts: { nodes: Array<{ databaseId: number }> } }>(server.client(), `query($c: [ID]) { posts(where: { categoryIn: $c, orderby: [{ field: TITLE, order: ASC }] }) { nodes { databaseId } } }`, { c: [news.id] });
    expect(data.posts.nodes.map((n) => n.databaseId)).toEqual(rest);
    expect(rest.length).toBeGreaterThan(0);

    // WPGraphQL narrows stati the viewer may not read to what they may: no draft for anonymous readers.
    const drafts = await run<{ posts: { nodes: Array<{ databaseId: number }> } }>(server.client(), '{ posts(where: { stati: [DRAFT] }) { nodes { databaseId } } }');
    expect(drafts.posts.nodes.map((n) => n.databaseId)).not.toContain(draftId);
  });

  it('serves page hierarchy, term archives, authors and settings', async () => {
    const data = await run<{
      page: { parent: { node: { title: string } }; menuOrder: number; uri: string };
      parent: { children: { nodes: Array<{ title: string }> } };
      category: { uri: string; count: number; posts: { nodes: unknown[] } };
      user: { name: string; email: string | null; posts: { nodes: unknown[] } };
      generalSettings: { title: string; email: string | null };
    }>(
      server.client(),
      `query($child: ID!, $parent: ID!) {
        page(id: $child, idType: DATABASE_ID) { parent { node { ... on Page { title } } } menuOrder uri }
        parent: page(id: $parent, idType: DATABASE_ID) { children { nodes { ... on Page { title } } } }
        category(id: "news", idType: SLUG) { uri count posts(first: 100) { nodes { id } } }
        user(id: "admin", idType: SLUG) { name email posts { nodes { id } } }
        generalSettings { title email }
      }`,
      { child: String(childId), parent: String(parentId) },
    );
    expect(data.page).toEqual({ parent: { node: { title: 'Docs' } }, menuOrder: 2, uri: '/docs/install/' });
    expect(data.parent.children.nodes.map((n) => n.title)).toEqual(['Install']);
    expect(data.category.uri).toBe('/category/news/');
    expect(data.category.count).toBe((await t.request.get('/wp-json/core/v2/categories?slug=news')).body[0].count);
    expect(data.category.posts.nodes).toHaveLength(data.category.count);
    expect(data.user.email).toBeNull();
    expect(data.user.posts.nodes.length).toBeGreaterThan(0);
    expect(data.generalSettings).toEqual({ title: 'Demo Site', email: null });
  });

  it('shows revisions to editors only', async () => {
    await t.request.patch(`/wp-json/core/v2/pages/${childId}`).set('Authorization', t.adminAuth).send({ content: 'Second version' });
    const query = `query($id: ID!) { page(id: $id, idType: DATABASE_ID) { revisions(first: 100) { nodes { isRevision content(format: RAW) revisionOf { node { databaseId } } } } } }`;
    const admin = await run<{ page: { revisions: { nodes: Array<{ revisionOf: { node: { databaseId: number } }; content: string }> } } }>(server.client(t.adminAuth), query, { id: String(childId) });
    expect(admin.page.revisions.nodes).toHaveLength((await t.request.get(`/wp-json/core/v2/pages/${childId}/revisions`).set('Authorization', t.adminAuth)).body.length);
    expect(admin.page.revisions.nodes[0]).toMatchObject({ isRevision: true, revisionOf: { node: { databaseId: childId } }, content: 'Second version' });
    const anonymous = await run<{ page: { revisions: { nodes: unknown[] } } }>(server.client(), query, { id: String(childId) });
    expect(anonymous.page.revisions.nodes).toHaveLength(0);
  });
});
