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

  it('hides from anonymous readers what anonymous REST refuses', async () => {
    const anonymous = await run<{ post: unknown }>(server.client(), `query($id: ID!) { post(id: $id, idType: DATABASE_ID) { title } }`, { id: String(draftId) });
    expect(anonymous.post).toBeNull();
    expect((await t.request.get(`/wp-json/core/v2/posts/${draftId}`)).status).toBe(401);
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

  it('pages from the end: last N has a previous page and no next one, and last before a cursor', async () => {
    const ids = (await run<{ posts: { nodes: Array<{ databaseId: number }> } }>(server.client(), '{ posts(first: 100) { nodes { databaseId } } }')).posts.nodes.map((n) => n.databaseId);
    type Page = { posts: { pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean }; edges: Array<{ cursor: string; node: { databaseId: number } }> } };
    const q = 'query($last: Int, $before: String) { posts(last: $last, before: $before) { pageInfo { hasNextPage hasPreviousPage } edges { cursor node { databaseId } } } }';
    const last = await run<Page>(server.client(), q, { last: 2 });
    expect(last.posts.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    const before = await run<Page>(server.client(), q, { last: 1, before: last.posts.edges[0].cursor });
    expect(before.posts.edges.map((e) => e.node.databaseId)).toEqual([ids.at(-3)]);
  });

  it('refuses first and last together, and ignores cursors it cannot resolve', async () => {
    const both = await execute(server.client(), '{ posts(first: 1, last: 1) { nodes { id } } }');
    expect(both.error?.graphQLErrors[0].message).toMatch(/cannot be used together/);
    // WPGraphQL ignores a cursor that names no post it can load: the page starts from the top.
    const top = await run<{ posts: { nodes: Array<{ id: string }> } }>(server.client(), '{ posts(first: 3) { nodes { id } } }');
    for (const bogus of ['bogus', Buffer.from('arrayconnection:999999').toString('base64')]) {
      const cursor = await execute(server.client(), 'query($after: String) { posts(first: 3, after: $after) { nodes { id } } }', { after: bogus });
      expect(cursor.error).toBeUndefined();
      expect(cursor.data).toEqual(top);
    }
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

  it('serves term archives, authors and settings', async () => {
    const data = await run<{
      category: { uri: string; count: number; posts: { nodes: unknown[] } };
      user: { name: string; email: string | null; posts: { nodes: unknown[] } };
      generalSettings: { title: string; email: string | null };
    }>(
      server.client(),
      `{
        category(id: "news", idType: SLUG) { uri count posts(first: 100) { nodes { id } } }
        user(id: "admin", idType: SLUG) { name email posts { nodes { id } } }
        generalSettings { title email }
      }`,
    );
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
