/**
 * GraphQL mutations go through the domain functions REST uses: the same permissions, validation
 * and side effects, errors carrying the WordPress code and REST status, `clientMutationId` echoed.
 */
import { startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

describe('GraphQL mutations', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    server = await listen(t);
  });
  afterAll(() => t.close());

  const admin = () => server.client(t.adminAuth);

  it('creates, updates, trashes and deletes a post, visible over REST at each step', async () => {
    const created = await run<{ createPost: { clientMutationId: string; post: { databaseId: number; status: string; slug: string; categories: { nodes: Array<{ slug: string }> }; tags: { nodes: Array<{ slug: string }> } } } }>(
      admin(),
      `mutation { createPost(input: { clientMutationId: "m1", title: "From GraphQL", content: "<p>Body</p>", status: PUBLISH,
        categories: { append: false, nodes: [{ slug: "news" }] }, tags: { nodes: [{ slug: "graphql" }] } }) {
        clientMutationId post { databaseId status slug categories { nodes { slug } } tags { nodes { slug } } } } }`,
    );
    const post = created.createPost.post;
    expect(created.createPost.clientMutationId).toBe('m1');
    expect(post).toMatchObject({ status: 'publish', slug: 'from-graphql', categories: { nodes: [{ slug: 'news' }] }, tags: { nodes: [{ slug: 'graphql' }] } });
    const rest = (await t.request.get(`/wp-json/core/v2/posts/${post.databaseId}`)).body;
    expect(rest.title.rendered).toBe('From GraphQL');

    const updated = await run<{ updatePost: { post: { title: string; tags: { nodes: Array<{ slug: string }> } } } }>(
      admin(),
      `mutation($id: ID!) { updatePost(input: { id: $id, title: "Renamed", tags: { nodes: [{ slug: "release" }] } }) { post { title tags { nodes { slug } } } } }`,
      { id: String(post.databaseId) },
    );
    expect(updated.updatePost.post.title).toBe('Renamed');
    expect(updated.updatePost.post.tags.nodes.map((n) => n.slug).sort()).toEqual(['graphql', 'release']);
    const revisions = (await t.request.get(`/wp-json/core/v2/posts/${post.databaseId}/revisions`).set('Authorization', t.adminAuth)).body;
    // The update went through the domain's revision rule, as a REST update would.
    expect(revisions[0].title.rendered).toBe('Renamed');

    const trashed = await run<{ deletePost: { deletedId: string; post: { status: string } } }>(admin(), 'mutation($id: ID!) { deletePost(input: { id: $id }) { deletedId post { status } } }', { id: String(post.databaseId) });
    // The payload's post is the object as it was before the deletion (WPGraphQL's PostObjectDelete);
    // REST shows it in the trash.
    expect(trashed.deletePost.post.status).toBe('publish');
    expect((await t.request.get(`/wp-json/core/v2/posts/${post.databaseId}?context=edit`).set('Authorization', t.adminAuth)).body.status).toBe('trash');
    const again = await execute(admin(), 'mutation($id: ID!) { deletePost(input: { id: $id }) { deletedId } }', { id: String(post.databaseId) });
    expect(again.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_already_trashed', status: 410 });
    await run(admin(), 'mutation($id: ID!) { deletePost(input: { id: $id, forceDelete: true }) { deletedId } }', { id: String(post.databaseId) });
    expect((await t.request.get(`/wp-json/core/v2/posts/${post.databaseId}`).set('Authorization', t.adminAuth)).status).toBe(404);
  });

  it('validates input as REST does and changes nothing on failure', async () => {
    const before = await t.db.prisma.content.count();
    const bad = await execute(admin(), 'mutation { createPost(input: { title: "x", date: "not a date" }) { post { id } } }');
    expect(bad.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400, data: { params: { 'input.date': 'Invalid date.' } } });
    expect(bad.error?.graphQLErrors[0].message).toBe('Invalid parameter(s): input.date');
    expect(await t.db.prisma.content.count()).toBe(before);
    const badId = await execute(admin(), 'mutation { updatePost(input: { id: "dGVybTox", title: "x" }) { post { id } } }');
    expect(badId.error?.graphQLErrors[0].message).toMatch(/ID input is invalid/);
  });

  it('refuses writes to those without the capability, with the REST status', async () => {
    const anonymous = await execute(server.client(), 'mutation { createCategory(input: { name: "Nope" }) { category { id } } }');
    expect(anonymous.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_create', status: 401 });
    expect(await t.db.prisma.term.count({ where: { name: 'Nope' } })).toBe(0);
  });

  it('manages categories and tags', async () => {
    const parent = await run<{ createCategory: { category: { databaseId: number } } }>(admin(), 'mutation { createCategory(input: { name: "Topics", description: "All topics" }) { category { databaseId } } }');
    const child = await run<{ createCategory: { category: { databaseId: number; parent: { node: { name: string } }; uri: string } } }>(
      admin(),
      'mutation($p: ID!) { createCategory(input: { name: "Databases", parentId: $p }) { category { databaseId uri parent { node { name } } } } }',
      { p: String(parent.createCategory.category.databaseId) },
    );
    expect(child.createCategory.category.parent.node.name).toBe('Topics');
    expect(child.createCategory.category.uri).toBe('/category/topics/databases/');
    const duplicate = await execute(admin(), 'mutation { createCategory(input: { name: "Topics" }) { category { id } } }');
    expect(duplicate.error?.graphQLErrors[0].extensions?.code).toBe('term_exists');
    const tag = await run<{ createTag: { tag: { databaseId: number; slug: string } } }>(admin(), 'mutation { createTag(input: { name: "New Tag!" }) { tag { databaseId slug } } }');
    expect(tag.createTag.tag.slug).toBe('new-tag');
    await run(admin(), 'mutation($id: ID!) { updateTag(input: { id: $id, name: "Renamed tag" }) { tag { name } } }', { id: String(tag.createTag.tag.databaseId) });
    expect((await t.request.get(`/wp-json/core/v2/tags/${tag.createTag.tag.databaseId}`)).body.name).toBe('Renamed tag');
    const deleted = await run<{ deleteTag: { tag: { name: string } } }>(admin(), 'mutation($id: ID!) { deleteTag(input: { id: $id }) { tag { name } } }', { id: String(tag.createTag.tag.databaseId) });
    expect(deleted.deleteTag.tag.name).toBe('Renamed tag');
    expect((await t.request.get(`/wp-json/core/v2/tags/${tag.createTag.tag.databaseId}`)).status).toBe(404);
  });

  it('manages users, pages and settings', async () => {
    const user = await run<{ createUser: { user: { databaseId: number; username: string; roles: { nodes: Array<{ name: string }> } } } }>(
      admin(),
      'mutation { createUser(input: { username: "writer", email: "writer@example.com", password: "a long secret", roles: ["author"] }) { user { databaseId username roles { nodes { name } } } } }',
    );
    expect(user.createUser.user).toMatchObject({ username: 'writer', roles: { nodes: [{ name: 'author' }] } });
    const page = await run<{ createPage: { page: { databaseId: number; uri: string; status: string } } }>(admin(), 'mutation { createPage(input: { title: "Landing", status: PUBLISH }) { page { databaseId uri status } } }');
    expect(page.createPage.page).toMatchObject({ uri: '/landing/', status: 'publish' });
    expect((await t.request.get(`/wp-json/core/v2/pages/${page.createPage.page.databaseId}`)).body.title.rendered).toBe('Landing');

    const settings = await run<{ updateSettings: { generalSettings: { title: string } } }>(admin(), 'mutation { updateSettings(input: { generalSettingsTitle: "Renamed Site" }) { generalSettings { title } } }');
    expect(settings.updateSettings.generalSettings.title).toBe('Renamed Site');
    expect((await t.request.get('/wp-json/')).body.name).toBe('Renamed Site');
    const invalid = await execute(admin(), 'mutation { updateSettings(input: { generalSettingsStartOfWeek: 9 }) { generalSettings { title } } }');
    expect(invalid.error?.graphQLErrors[0].extensions).toMatchObject({ status: 400 });

    await run(admin(), 'mutation($id: ID!, $to: ID!) { deleteUser(input: { id: $id, reassignId: $to }) { deletedId } }', { id: String(user.createUser.user.databaseId), to: '1' });
    expect((await t.request.get(`/wp-json/core/v2/users/${user.createUser.user.databaseId}`).set('Authorization', t.adminAuth)).status).toBe(404);
  });
});
