/**
 * WPGraphQL's posts and pages over HTTP from an independent client (urql): lookups by every
 * idType, node(id) and nodeByUri ("/" included), content types, visibility (drafts, RAW text,
 * revisions), `where` filters, cursors that stay put under inserts, the post mutations, and
 * WPGraphQL's restricted objects (only the allow-list of fields resolves, the rest are null).
 */
import { basicAuth, startTestApp, type TestApp } from '../support/app';
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
  describe('restricted objects', () => {
    type Json = Record<string, unknown>;
    const accounts: Record<string, { id: number; auth: string }> = {};
    let categoryId: number;
    let protectedId: number;
    let ownProtectedId: number;
    let privateId: number;
    let subscribersPrivateId: number;
    let protectedPageId: number;
    let underProtectedId: number;
    let protectedEventId: number;

    const as = (who: string) => (who === 'anonymous' ? anonymous() : who === 'admin' ? admin() : server.client(accounts[who].auth));

    async function create(path: string, body: Json, auth = t.adminAuth): Promise<number> {
      const res = await t.request.post(`/wp-json/core/v2/${path}`).set('Authorization', auth).send(body);
      if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as number;
    }

    beforeAll(async () => {
      for (const role of ['author', 'editor', 'subscriber']) {
        const id = await create('users', { username: `restricted-${role}`, email: `${role}@restricted.test`, password: 'a-long-password-1', roles: [role] });
        const pw = await t.request.post(`/wp-json/core/v2/users/${id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'restricted' });
        accounts[role] = { id, auth: basicAuth(`restricted-${role}`, pw.body.password) };
      }
      categoryId = await create('categories', { name: 'Members' });
      protectedId = await create('posts', { title: 'Members only', content: 'Secret body.', excerpt: 'Secret summary.', password: 'open sesame', status: 'publish', categories: [categoryId] });
      ownProtectedId = await create('posts', { title: 'My own secret', content: 'Mine.', password: 'mine', status: 'publish' }, accounts.author.auth);
      privateId = await create('posts', { title: 'Editors only', content: 'Private body.', status: 'private' });
      subscribersPrivateId = await create('posts', { title: 'Written for a subscriber', content: 'Theirs.', status: 'private', author: accounts.subscriber.id });
      protectedPageId = await create('pages', { title: 'Locked chapter', content: 'Locked.', password: 'pw', status: 'publish', parent: parentId, menu_order: 4 });
      underProtectedId = await create('pages', { title: 'Beneath the lock', status: 'publish', parent: protectedPageId });
      const event = await run<{ createEvent: { event: { databaseId: number } } }>(
        admin(),
        'mutation { createEvent(input: { title: "Members evening", content: "Door code 1234.", status: PUBLISH, startDate: "2030-06-01 19:00:00", endDate: "2030-06-01 22:00:00" }) { event { databaseId } } }',
      );
      protectedEventId = event.createEvent.event.databaseId;
      // The event inputs write no password (README, deliberate differences): set the column itself.
      await t.db.prisma.content.update({ where: { id: protectedEventId }, data: { password: 'ev' } });
    });

    const POST_QUERY = `query($id: ID!) { post(id: $id, idType: DATABASE_ID) {
      id databaseId postId title slug status link uri hasPassword isRestricted contentTypeName contentType { node { name } }
      isFrontPage isPostsPage isSticky isContentNode categories { nodes { databaseId } }
      titleRaw: title(format: RAW) content excerpt date dateGmt modified modifiedGmt guid
      authorDatabaseId authorId author { node { databaseId } } featuredImageDatabaseId featuredImage { node { id } }
      commentCount commentStatus pingStatus template { templateName } isPreview isRevision desiredSlug password enclosure
      previewRevisionDatabaseId preview { node { id } } revisionOf { node { id } } lastEditedBy { node { id } }
    } }`;

    /** Every field of POST_QUERY outside WPGraphQL's allow-list: null on a restricted post. */
    const HIDDEN = [
      'titleRaw', 'content', 'excerpt', 'date', 'dateGmt', 'modified', 'modifiedGmt', 'guid', 'authorDatabaseId', 'authorId', 'author',
      'featuredImageDatabaseId', 'featuredImage', 'commentCount', 'commentStatus', 'pingStatus', 'template', 'isPreview', 'isRevision',
      'desiredSlug', 'password', 'enclosure', 'previewRevisionDatabaseId', 'preview', 'revisionOf', 'lastEditedBy',
    ];

    it.each(['anonymous', 'author', 'subscriber'])('shows a password-protected post to the %s viewer restricted: the allow-list only', async (who) => {
      const { post } = await run<{ post: Json }>(as(who), POST_QUERY, { id: String(protectedId) });
      expect(post).toEqual({
        id: gid('post', protectedId),
        databaseId: protectedId,
        postId: protectedId,
        title: 'Members only',
        slug: 'members-only',
        status: 'publish',
        link: 'http://example.test/members-only/',
        uri: '/members-only/',
        hasPassword: true,
        isRestricted: true,
        contentTypeName: 'post',
        contentType: { node: { name: 'post' } },
        isFrontPage: false,
        isPostsPage: false,
        // Non-null in the schema: WPGraphQL's null would be an error nulling the whole post, so the value stays.
        isSticky: false,
        isContentNode: true,
        // WPGraphQL's term connections query by the (allowed) database id.
        categories: { nodes: [{ databaseId: categoryId }] },
        ...Object.fromEntries(HIDDEN.map((field) => [field, null])),
      });
    });

    it.each(['admin', 'editor'])('shows it whole to the %s, who may edit others\' posts', async (who) => {
      const { post } = await run<{ post: Json }>(as(who), POST_QUERY, { id: String(protectedId) });
      expect(post).toMatchObject({ isRestricted: false, titleRaw: 'Members only', password: 'open sesame', authorDatabaseId: 1, commentStatus: 'open', template: { templateName: 'Default' } });
      expect(post.content).toContain('Secret body.');
      expect(post.excerpt).toContain('Secret summary.');
      expect(post.date).toEqual(expect.any(String));
      expect(post.guid).toEqual(expect.any(String));
    });

    it('shows an author their own protected post whole, and another author\'s restricted', async () => {
      const own = (await run<{ post: Json }>(as('author'), POST_QUERY, { id: String(ownProtectedId) })).post;
      expect(own).toMatchObject({ isRestricted: false, title: 'My own secret', password: 'mine', authorDatabaseId: accounts.author.id });
      expect(own.content).toContain('Mine.');
      const theirs = (await run<{ post: Json }>(as('subscriber'), POST_QUERY, { id: String(ownProtectedId) })).post;
      expect(theirs).toMatchObject({ isRestricted: true, title: 'My own secret', authorDatabaseId: null, content: null, date: null });
    });

    it('restricts the same way in lists', async () => {
      const query = `query($in: [ID]) { posts(where: { in: $in }) { nodes { databaseId isRestricted title date content } } }`;
      const { posts } = await run<{ posts: { nodes: Json[] } }>(anonymous(), query, { in: [protectedId, postId] });
      expect(posts.nodes).toEqual([
        { databaseId: protectedId, isRestricted: true, title: 'Members only', date: null, content: null },
        { databaseId: postId, isRestricted: false, title: expect.any(String), date: expect.any(String), content: expect.stringContaining('Edited once.') },
      ]);
    });

    it('restricts a protected page: no parent or order, its children still listed', async () => {
      const query = `query($id: ID!) { page(id: $id, idType: DATABASE_ID) {
        pageId title uri isRestricted isPrivacyPage content menuOrder parentDatabaseId parentId parent { node { id } } children { nodes { databaseId } } ancestors { nodes { databaseId } }
      } }`;
      const { page } = await run<{ page: Json }>(anonymous(), query, { id: String(protectedPageId) });
      expect(page).toEqual({
        pageId: protectedPageId,
        title: 'Locked chapter',
        uri: '/docs/locked-chapter/',
        isRestricted: true,
        isPrivacyPage: false,
        content: null,
        menuOrder: null,
        parentDatabaseId: null,
        parentId: null,
        parent: null,
        children: { nodes: [{ databaseId: underProtectedId }] },
        ancestors: { nodes: [{ databaseId: parentId }] },
      });
      const whole = (await run<{ page: Json }>(admin(), query, { id: String(protectedPageId) })).page;
      expect(whole).toMatchObject({ isRestricted: false, menuOrder: 4, parentDatabaseId: parentId, parent: { node: { id: gid('post', parentId) } } });
    });

    it('restricts a protected event: its calendar fields are null too', async () => {
      const query = `query($id: ID!) { event(id: $id, idType: DATABASE_ID) { eventId title isRestricted hasPassword content startDate endDate allDay venue { databaseId } linkedData { name } } }`;
      const { event } = await run<{ event: Json }>(anonymous(), query, { id: String(protectedEventId) });
      expect(event).toEqual({ eventId: protectedEventId, title: 'Members evening', isRestricted: true, hasPassword: true, content: null, startDate: null, endDate: null, allDay: null, venue: null, linkedData: null });
      const whole = (await run<{ event: Json }>(admin(), query, { id: String(protectedEventId) })).event;
      expect(whole).toMatchObject({ isRestricted: false, startDate: '2030-06-01 19:00:00', allDay: false });
      expect(whole.content).toContain('Door code 1234.');
    });

    it('shows private posts whole to readers of private posts, and to nobody else (WPGraphQL asks edit_posts too)', async () => {
      const query = `query($id: ID!) { post(id: $id, idType: DATABASE_ID) { databaseId status isRestricted content date } }`;
      const asEditor = (await run<{ post: Json }>(as('editor'), query, { id: String(privateId) })).post;
      expect(asEditor).toMatchObject({ databaseId: privateId, status: 'private', isRestricted: false, date: expect.any(String) });
      expect(asEditor.content).toContain('Private body.');
      for (const who of ['anonymous', 'author', 'subscriber']) {
        expect((await run<{ post: unknown }>(as(who), query, { id: String(privateId) })).post).toBeNull();
      }
      // A subscriber's own private post: REST lets its author read it (read_post), WPGraphQL's
      // Post model calls it private to anyone without edit_posts, its author included.
      const rest = await t.request.get(`/wp-json/core/v2/posts/${subscribersPrivateId}`).set('Authorization', accounts.subscriber.auth);
      expect(rest.status).toBe(200);
      expect((await run<{ post: unknown }>(as('subscriber'), query, { id: String(subscribersPrivateId) })).post).toBeNull();
      expect((await run<{ post: Json }>(admin(), query, { id: String(subscribersPrivateId) })).post).toMatchObject({ isRestricted: false });
    });
  });
});
