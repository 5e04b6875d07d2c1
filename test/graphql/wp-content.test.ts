/**
 * WPGraphQL's posts and pages over HTTP from an independent client (urql): lookups by every
 * idType, node(id) and nodeByUri ("/" included), content types, visibility (drafts, RAW text,
 * revisions), `where` filters, cursors that stay put under inserts, and the post mutations.
 */
import { startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

const gid = (kind: string, id: number) => Buffer.from(`${kind}:${id}`).toString('base64');

describe('WPGraphQL content', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  let draftId: number;
  let parentId: number;
  let childId: number;
  let postId: number;
  let postSlug: string;

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    server = await listen(t);
    const auth = { Authorization: t.adminAuth };
    draftId = (await t.request.post('/wp-json/core/v2/posts').set(auth).send({ title: 'Secret draft', content: 'Raw *content*', status: 'draft' })).body.id;
    parentId = (await t.request.post('/wp-json/core/v2/pages').set(auth).send({ title: 'Docs', status: 'publish' })).body.id;
    childId = (await t.request.post('/wp-json/core/v2/pages').set(auth).send({ title: 'Install', status: 'publish', parent: parentId, menu_order: 2 })).body.id;
    const latest = (await t.request.get('/wp-json/core/v2/posts?per_page=1')).body[0];
    postId = latest.id;
    postSlug = latest.slug;
    // A second version of the post leaves a revision behind.
    await t.request.post(`/wp-json/core/v2/posts/${postId}`).set(auth).send({ content: 'Edited once.' });
  });
  afterAll(() => t.close());

  const admin = () => server.client(t.adminAuth);
  const anonymous = () => server.client();

  it('looks posts up by global id, database id, slug and URI alike', async () => {
    const data = await run<Record<string, { databaseId: number; id: string } | null>>(
      anonymous(),
      `query($gid: ID!, $db: ID!, $slug: ID!, $slugText: String, $uri: ID!, $link: ID!) {
        a: post(id: $gid) { id databaseId }
        b: post(id: $db, idType: DATABASE_ID) { id databaseId }
        c: post(id: $slug, idType: SLUG) { id databaseId }
        d: post(id: $uri, idType: URI) { id databaseId }
        e: post(id: $link, idType: URI) { id databaseId }
        f: postBy(slug: $slugText) { id databaseId }
        g: contentNode(id: $db, idType: DATABASE_ID) { id databaseId }
        h: node(id: $gid) { id ... on Post { databaseId } }
      }`,
      { gid: gid('post', postId), db: String(postId), slug: postSlug, slugText: postSlug, uri: `/${postSlug}/`, link: `http://example.test/${postSlug}/` },
    );
    for (const key of 'abcdefgh') expect(data[key]).toEqual({ id: gid('post', postId), databaseId: postId });
  });

  it('looks pages up by id and by nested URI, with their parent, ancestors and children', async () => {
    type PageShape = { databaseId: number; uri: string; parent: { node: { databaseId: number } } | null; ancestors: { nodes: Array<{ databaseId: number }> }; children: { nodes: Array<{ databaseId: number }> } };
    const data = await run<{ byUri: PageShape; parent: PageShape; byId: { title: string }; wrongType: null }>(
      anonymous(),
      `query($parent: ID!, $child: ID!) {
        byUri: page(id: "/docs/install/", idType: URI) { databaseId uri parent { node { databaseId } } ancestors { nodes { databaseId } } children { nodes { databaseId } } }
        parent: page(id: $parent, idType: DATABASE_ID) { databaseId uri parent { node { databaseId } } ancestors { nodes { databaseId } } children { nodes { databaseId } } }
        byId: page(id: $child) { title }
        wrongType: post(id: $child) { title }
      }`,
      { parent: String(parentId), child: gid('post', childId) },
    );
    expect(data.byUri).toEqual({ databaseId: childId, uri: '/docs/install/', parent: { node: { databaseId: parentId } }, ancestors: { nodes: [{ databaseId: parentId }] }, children: { nodes: [] } });
    expect(data.parent).toEqual({ databaseId: parentId, uri: '/docs/', parent: null, ancestors: { nodes: [] }, children: { nodes: [{ databaseId: childId }] } });
    expect(data.byId).toEqual({ title: 'Install' });
    expect(data.wrongType).toBeNull();
  });

  it('answers nodeByUri for content, and "/" with the posts content type or the static front page', async () => {
    const query = `query($uri: String!) { nodeByUri(uri: $uri) { __typename uri isFrontPage isPostsPage ... on ContentType { name } ... on Page { databaseId } ... on Post { databaseId } } }`;
    const home = await run<{ nodeByUri: Record<string, unknown> }>(anonymous(), query, { uri: '/' });
    expect(home.nodeByUri).toEqual({ __typename: 'ContentType', uri: '/', isFrontPage: true, isPostsPage: true, name: 'post' });
    const post = await run<{ nodeByUri: Record<string, unknown> }>(anonymous(), query, { uri: `http://example.test/${postSlug}/` });
    expect(post.nodeByUri).toMatchObject({ __typename: 'Post', databaseId: postId, isFrontPage: false });
    expect((await run<{ nodeByUri: null }>(anonymous(), query, { uri: '/no-such-thing/' })).nodeByUri).toBeNull();

    await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ show_on_front: 'page', page_on_front: parentId, page_for_posts: childId });
    try {
      const front = await run<{ nodeByUri: Record<string, unknown> }>(anonymous(), query, { uri: '/' });
      expect(front.nodeByUri).toMatchObject({ __typename: 'Page', databaseId: parentId, isFrontPage: true, isPostsPage: false });
      const postsPage = await run<{ nodeByUri: Record<string, unknown> }>(anonymous(), query, { uri: '/docs/install/' });
      expect(postsPage.nodeByUri).toMatchObject({ __typename: 'Page', databaseId: childId, isFrontPage: false, isPostsPage: true });
      const type = await run<{ contentType: { uri: string; isFrontPage: boolean } }>(anonymous(), `{ contentType(id: "post", idType: NAME) { uri isFrontPage } }`);
      expect(type.contentType).toEqual({ uri: '/docs/install/', isFrontPage: false });
    } finally {
      await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ show_on_front: 'posts', page_on_front: 0, page_for_posts: 0 });
    }
  });

  it('lists content types and finds them by name and global id', async () => {
    const data = await run<{ contentTypes: { nodes: Array<{ name: string; graphqlSingleName: string; hierarchical: boolean }> }; byId: { name: string; labels: { singularName: string }; restBase: string } }>(
      anonymous(),
      `query($id: ID!) { contentTypes { nodes { name graphqlSingleName hierarchical } } byId: contentType(id: $id) { name labels { singularName } restBase } }`,
      { id: Buffer.from('post_type:page').toString('base64') },
    );
    expect(data.contentTypes.nodes.map((n) => n.name)).toEqual(['post', 'page', 'attachment', 'tribe_events', 'tribe_venue', 'tribe_organizer']);
    expect(data.contentTypes.nodes[1]).toEqual({ name: 'page', graphqlSingleName: 'page', hierarchical: true });
    expect(data.byId).toEqual({ name: 'page', labels: { singularName: 'Page' }, restBase: 'pages' });
  });

  it('hides drafts from anonymous readers and shows RAW text to editors only', async () => {
    const query = `query($id: ID!) { post(id: $id, idType: DATABASE_ID) { status title(format: RAW) content(format: RAW) rendered: content isRestricted } }`;
    expect((await run<{ post: null }>(anonymous(), query, { id: String(draftId) })).post).toBeNull();
    const asAdmin = await run<{ post: Record<string, unknown> }>(admin(), query, { id: String(draftId) });
    expect(asAdmin.post).toMatchObject({ status: 'draft', title: 'Secret draft', content: 'Raw *content*', isRestricted: false });
    const published = await run<{ post: Record<string, unknown> }>(anonymous(), query, { id: String(postId) });
    expect(published.post).toMatchObject({ status: 'publish', title: null, content: null, isRestricted: false });
    expect(published.post.rendered).toContain('Edited once.');
  });

  it('shows revisions (as Post objects) to editors only', async () => {
    const query = `query($id: ID!) { post(id: $id, idType: DATABASE_ID) { revisions { nodes { __typename databaseId isRevision revisionOf { node { databaseId } } } } } }`;
    const asAdmin = await run<{ post: { revisions: { nodes: Array<Record<string, unknown>> } } }>(admin(), query, { id: String(postId) });
    expect(asAdmin.post.revisions.nodes.length).toBeGreaterThan(0);
    expect(asAdmin.post.revisions.nodes[0]).toMatchObject({ __typename: 'Post', isRevision: true, revisionOf: { node: { databaseId: postId } } });
    const revisionId = asAdmin.post.revisions.nodes[0].databaseId as number;
    const asAnonymous = await run<{ post: { revisions: { nodes: unknown[] } } }>(anonymous(), query, { id: String(postId) });
    expect(asAnonymous.post.revisions.nodes).toEqual([]);
    const direct = `query($id: ID!) { contentNode(id: $id) { databaseId } }`;
    expect((await run<{ contentNode: unknown }>(anonymous(), direct, { id: gid('post', revisionId) })).contentNode).toBeNull();
    expect((await run<{ contentNode: unknown }>(admin(), direct, { id: gid('post', revisionId) })).contentNode).toEqual({ databaseId: revisionId });
  });

  it('gives the viewer their autosave as the preview', async () => {
    // Another editor's autosave of a published post is a revision of its own (the author's own draft would be updated in place).
    const saved = await t.request.post(`/wp-json/core/v2/posts/${postId}/autosaves`).set('Authorization', t.adminAuth).send({ content: 'Autosaved text.' });
    expect(saved.status).toBeLessThan(300);
    const query = `query($id: ID!) {
      post(id: $id, idType: DATABASE_ID) { previewRevisionDatabaseId preview { node { databaseId isPreview content } } }
      asPreview: post(id: $id, idType: DATABASE_ID, asPreview: true) { databaseId isPreview }
    }`;
    const data = await run<{ post: { previewRevisionDatabaseId: number | null; preview: { node: { databaseId: number; isPreview: boolean; content: string } } | null }; asPreview: { databaseId: number; isPreview: boolean } }>(admin(), query, { id: String(postId) });
    expect(saved.body.id).not.toBe(postId);
    expect(data.post.previewRevisionDatabaseId).toBe(saved.body.id);
    expect(data.post.preview?.node).toMatchObject({ databaseId: saved.body.id, isPreview: true });
    expect(data.asPreview).toEqual({ databaseId: saved.body.id, isPreview: true });
    const anon = await run<{ post: { previewRevisionDatabaseId: null; preview: null } }>(anonymous(), query.replace(/asPreview:.*\n/, ''), { id: String(postId) });
    expect(anon.post).toEqual({ previewRevisionDatabaseId: null, preview: null });
  });

  type Nodes = { nodes: Array<{ databaseId: number; title?: string; slug?: string; status?: string; __typename?: string }>; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string } };

  it('filters posts by categoryName, tag, title, stati and dateQuery, and orders by a list', async () => {
    const data = await run<Record<string, Nodes>>(
      admin(),
      `{
        guides: posts(where: { categoryName: "guides" }) { nodes { title } }
        rest: posts(where: { tag: "rest", orderby: [{ field: TITLE, order: ASC }] }) { nodes { title } }
        titled: posts(where: { title: "Meet the community" }) { nodes { title } }
        drafts: posts(where: { stati: [DRAFT] }) { nodes { databaseId status } }
        thisYear: posts(where: { dateQuery: { year: ${new Date().getUTCFullYear() - 10} } }) { nodes { title } }
        future: posts(where: { dateQuery: { after: { year: ${new Date().getUTCFullYear() - 10} } } }) { nodes { title } }
        bySlug: posts(where: { orderby: [{ field: SLUG, order: DESC }] }, first: 2) { nodes { slug } }
        pagesByMenuOrder: pages(where: { parent: ${parentId} }) { nodes { databaseId } }
      }`,
    );
    expect(data.guides.nodes.map((n) => n.title).sort()).toEqual(['Getting started with the REST API', 'Querying posts with GraphQL']);
    expect(data.rest.nodes.map((n) => n.title)).toEqual(['Getting started with the REST API', 'Two faces, one domain']);
    expect(data.titled.nodes).toEqual([{ title: 'Meet the community' }]);
    expect(data.drafts.nodes).toEqual([{ databaseId: draftId, status: 'draft' }]);
    expect(data.thisYear.nodes).toEqual([]);
    expect(data.future.nodes.length).toBeGreaterThanOrEqual(6);
    const slugs = data.bySlug.nodes.map((n) => n.slug as string);
    expect(slugs).toEqual([...slugs].sort().reverse());
    expect(data.pagesByMenuOrder.nodes).toEqual([{ databaseId: childId }]);

    // Anonymous readers asking for drafts get published posts only (the status is dropped, as WPGraphQL does).
    const anon = await run<{ posts: Nodes }>(anonymous(), `{ posts(where: { stati: [DRAFT, PUBLISH] }, first: 100) { nodes { databaseId status } } }`);
    expect(anon.posts.nodes.every((n) => n.status === 'publish')).toBe(true);
    expect(anon.posts.nodes.map((n) => n.databaseId)).not.toContain(draftId);
  });

  it('lists contentNodes over several types, and revisions for editors only', async () => {
    const data = await run<{ contentNodes: Nodes }>(anonymous(), `{ contentNodes(where: { contentTypes: [POST, PAGE] }, first: 100) { nodes { __typename databaseId } } }`);
    const types = new Set(data.contentNodes.nodes.map((n) => n.__typename));
    expect(types).toEqual(new Set(['Post', 'Page']));
    const revisions = `{ revisions(first: 100) { nodes { __typename databaseId ... on Post { isRevision } } } }`;
    expect((await run<{ revisions: Nodes }>(anonymous(), revisions)).revisions.nodes).toEqual([]);
    const asAdmin = (await run<{ revisions: Nodes }>(admin(), revisions)).revisions.nodes;
    expect(asAdmin.length).toBeGreaterThan(0);
    expect(asAdmin[0]).toMatchObject({ __typename: 'Post', isRevision: true });
  });

  it('pages forwards and backwards with cursors that stay put when a post is inserted between pages', async () => {
    const page = (after?: string) => run<{ posts: Nodes }>(anonymous(), `query($after: String) { posts(first: 2, after: $after) { nodes { databaseId } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`, { after });
    const all = (await run<{ posts: Nodes }>(anonymous(), `{ posts(first: 100) { nodes { databaseId } } }`)).posts.nodes.map((n) => n.databaseId);
    const first = (await page()).posts;
    expect(first.nodes.map((n) => n.databaseId)).toEqual(all.slice(0, 2));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    // A new post is the newest: it goes before everything the client has seen.
    const inserted = (await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'Breaking news', status: 'publish' })).body.id;
    try {
      const second = (await page(first.pageInfo.endCursor)).posts;
      expect(second.nodes.map((n) => n.databaseId)).toEqual(all.slice(2, 4));
      expect(second.pageInfo.hasPreviousPage).toBe(true);

      const back = await run<{ posts: Nodes }>(anonymous(), `query($before: String) { posts(last: 2, before: $before) { nodes { databaseId } pageInfo { hasNextPage hasPreviousPage } } }`, { before: second.pageInfo.startCursor });
      expect(back.posts.nodes.map((n) => n.databaseId)).toEqual([all[0], all[1]]);
      expect(back.posts.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
      const lastTwo = await run<{ posts: Nodes }>(anonymous(), `{ posts(last: 2) { nodes { databaseId } pageInfo { hasNextPage hasPreviousPage } } }`);
      expect(lastTwo.posts.nodes.map((n) => n.databaseId)).toEqual(all.slice(-2));
    } finally {
      await t.request.delete(`/wp-json/core/v2/posts/${inserted}?force=true`).set('Authorization', t.adminAuth);
    }
  });

  it('creates, updates and deletes posts and pages, with capability errors in errors[]', async () => {
    const created = await run<{ createPost: { clientMutationId: string; post: { databaseId: number; status: string; title: string; categories: { nodes: unknown[] } } } }>(
      admin(),
      `mutation { createPost(input: { clientMutationId: "c1", title: "Made by GraphQL", content: "Body", status: PUBLISH, categories: { append: false, nodes: [{ slug: "news" }] }, tags: { nodes: [{ slug: "graphql" }] } }) {
        clientMutationId post { databaseId status title(format: RAW) categories { nodes { __typename } } } } }`,
    );
    expect(created.createPost).toMatchObject({ clientMutationId: 'c1', post: { status: 'publish', title: 'Made by GraphQL' } });
    const id = created.createPost.post.databaseId;
    const filtered = await run<{ posts: Nodes }>(anonymous(), `{ posts(where: { categoryName: "news", tagSlugIn: ["graphql"] }) { nodes { databaseId } } }`);
    expect(filtered.posts.nodes.map((n) => n.databaseId)).toContain(id);

    const updated = await run<{ updatePost: { post: { title: string; slug: string } } }>(admin(), `mutation($id: ID!) { updatePost(input: { id: $id, title: "Renamed", slug: "renamed-post" }) { post { title(format: RAW) slug } } }`, { id: gid('post', id) });
    expect(updated.updatePost.post).toEqual({ title: 'Renamed', slug: 'renamed-post' });

    const refused = await execute(anonymous(), `mutation($id: ID!) { updatePost(input: { id: $id, title: "Nope" }) { post { title } } }`, { id: gid('post', id) });
    expect(refused.data?.updatePost).toBeNull();
    expect(refused.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_edit', status: 401 });

    const deleted = await run<{ deletePost: { deletedId: string; post: { databaseId: number; status: string } } }>(admin(), `mutation($id: ID!) { deletePost(input: { id: $id, forceDelete: true }) { deletedId post { databaseId status } } }`, { id: String(id) });
    expect(deleted.deletePost).toEqual({ deletedId: gid('post', id), post: { databaseId: id, status: 'publish' } });
    expect((await run<{ post: null }>(admin(), `query($id: ID!) { post(id: $id, idType: DATABASE_ID) { id } }`, { id: String(id) })).post).toBeNull();

    const page = await run<{ createPage: { page: { databaseId: number; parentDatabaseId: number; menuOrder: number } } }>(
      admin(),
      `mutation($parent: ID!) { createPage(input: { title: "Sub page", status: PUBLISH, parentId: $parent, menuOrder: 3 }) { page { databaseId parentDatabaseId menuOrder } } }`,
      { parent: gid('post', parentId) },
    );
    expect(page.createPage.page).toMatchObject({ parentDatabaseId: parentId, menuOrder: 3 });
    const pageId = page.createPage.page.databaseId;
    const trashed = await run<{ deletePage: { page: { status: string } } }>(admin(), `mutation($id: ID!) { deletePage(input: { id: $id }) { page { status } } }`, { id: gid('post', pageId) });
    expect(trashed.deletePage.page.status).toBe('publish');
    expect((await run<{ page: { status: string } }>(admin(), `query($id: ID!) { page(id: $id, idType: DATABASE_ID) { status } }`, { id: String(pageId) })).page.status).toBe('trash');
  });

  it('refuses an id of the wrong kind', async () => {
    const result = await execute(anonymous(), `{ post(id: "dGVybTox") { id } }`);
    expect(result.error?.graphQLErrors[0].message).toMatch(/The ID input is invalid/);
  });
});
