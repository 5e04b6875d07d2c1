/**
 * Users, roles and the viewer in WPGraphQL 2.x's shape, through a GraphQL client over HTTP:
 * who is visible to whom (unpublished authors hidden, account fields only for the user themself
 * and those who list users), lookups by every id type, the users connection's where args and
 * cursors, avatars, roles, and the user mutations.
 */
import { createHash } from 'node:crypto';
import { writeOptions } from '../../src/domain/settings/options';
import { basicAuth, startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

const API = '/wp-json/core/v2';
let t: TestApp;
let server: GraphQLTestServer;
const account: Record<string, { id: number; auth: string }> = {};

async function restUser(username: string, role: string, extra: Record<string, unknown> = {}): Promise<{ id: number; auth: string }> {
  const created = await t.request.post(`${API}/users`).set('Authorization', t.adminAuth).send({ username, email: `${username}@example.com`, password: 'secret-pass-1', roles: [role], ...extra });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const pw = await t.request.post(`${API}/users/${created.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'test' });
  return { id: created.body.id, auth: basicAuth(username, pw.body.password) };
}

const anonymous = () => server.client();
const as = (name: string) => server.client(account[name].auth);
const admin = () => server.client(t.adminAuth);

beforeAll(async () => {
  t = await startTestApp({}, { seed: true });
  server = await listen(t);
  account.agnes = await restUser('agnes', 'author', { name: 'Agnes Author', first_name: 'Agnes', last_name: 'Author', description: 'Writes the field notes.', url: 'https://agnes.example.org' });
  account.sam = await restUser('sam', 'subscriber');
  const post = await t.request.post(`${API}/posts`).set('Authorization', account.agnes.auth).send({ title: 'Agnes writes', status: 'publish' });
  if (post.status !== 201) throw new Error(JSON.stringify(post.body));
  account.agnes = { ...account.agnes, ...{ postId: post.body.id } } as never;
});

afterAll(async () => {
  await t.close();
});

const USER_FIELDS = `id databaseId userId name username firstName lastName nickname nicename slug description email url uri locale registeredDate
  capabilities capKey extraCapabilities isRestricted isTermNode isContentNode isComment isFrontPage isPostsPage shouldShowAdminToolbar
  adminColor hasRichEditingEnabled roles { nodes { name displayName } }`;

describe('who sees a user', () => {
  it('shows a published author to anybody, restricted to the public profile', async () => {
    const data = await run<{ user: Record<string, unknown> }>(anonymous(), `query($id: ID!) { user(id: $id, idType: DATABASE_ID) { ${USER_FIELDS} } }`, { id: String(account.agnes.id) });
    expect(data.user).toMatchObject({
      id: Buffer.from(`user:${account.agnes.id}`).toString('base64'),
      databaseId: account.agnes.id,
      userId: account.agnes.id,
      name: 'Agnes Author',
      firstName: 'Agnes',
      lastName: 'Author',
      slug: 'agnes',
      description: 'Writes the field notes.',
      url: 'https://agnes.example.org',
      uri: '/author/agnes/',
      isRestricted: true,
      isTermNode: false,
      isContentNode: false,
      isComment: false,
      isFrontPage: false,
      isPostsPage: false,
      // Account fields stay with the user and those who list users.
      username: null,
      email: null,
      nickname: null,
      nicename: null,
      locale: null,
      registeredDate: null,
      capabilities: null,
      capKey: null,
      extraCapabilities: null,
      shouldShowAdminToolbar: null,
      roles: null,
    });
  });

  it('hides users without published content from the public, as WPGraphQL does', async () => {
    const data = await run<{ user: unknown }>(anonymous(), `query($id: ID!) { user(id: $id, idType: DATABASE_ID) { name } }`, { id: String(account.sam.id) });
    expect(data.user).toBeNull();
    const listed = await run<{ users: { nodes: Array<{ databaseId: number }> } }>(anonymous(), '{ users(first: 100) { nodes { databaseId } } }');
    const ids = listed.users.nodes.map((n) => n.databaseId);
    expect(ids).toContain(account.agnes.id);
    expect(ids).not.toContain(account.sam.id);
  });

  it('gives the user themself their whole account', async () => {
    const data = await run<{ viewer: Record<string, unknown> & { roles: { nodes: unknown[] }; capabilities: string[] } }>(as('agnes'), `{ viewer { ${USER_FIELDS} } }`);
    expect(data.viewer).toMatchObject({
      databaseId: account.agnes.id,
      username: 'agnes',
      email: 'agnes@example.com',
      nickname: 'agnes',
      nicename: 'agnes',
      locale: 'en_US',
      capKey: 'wp_capabilities',
      isRestricted: false,
      shouldShowAdminToolbar: true,
      adminColor: 'fresh',
      hasRichEditingEnabled: true,
      roles: { nodes: [{ name: 'author', displayName: 'Author' }] },
    });
    expect(data.viewer.capabilities).toEqual(expect.arrayContaining(['publish_posts', 'upload_files', 'author']));
    expect(data.viewer.capabilities).not.toContain('edit_users');
    expect(String(data.viewer.registeredDate)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it('answers viewer null for anonymous requests', async () => {
    expect(await run(anonymous(), '{ viewer { id } }')).toEqual({ viewer: null });
  });

  it('shows an administrator every account, and a subscriber only the public ones', async () => {
    const q = `query($id: ID!) { user(id: $id, idType: DATABASE_ID) { email isRestricted } }`;
    expect((await run<{ user: unknown }>(admin(), q, { id: String(account.sam.id) })).user).toEqual({ email: 'sam@example.com', isRestricted: false });
    expect((await run<{ user: unknown }>(as('sam'), q, { id: String(account.agnes.id) })).user).toEqual({ email: null, isRestricted: true });
  });
});

describe('lookups', () => {
  const q = `query($id: ID!, $idType: UserNodeIdTypeEnum) { user(id: $id, idType: $idType) { databaseId } }`;
  const lookup = async (client: ReturnType<typeof admin>, id: string, idType: string) => (await run<{ user: { databaseId: number } | null }>(client, q, { id, idType })).user?.databaseId ?? null;

  it('finds a user by global id, database id, slug and uri', async () => {
    expect(await lookup(anonymous(), Buffer.from(`user:${account.agnes.id}`).toString('base64'), 'ID')).toBe(account.agnes.id);
    expect(await lookup(anonymous(), String(account.agnes.id), 'DATABASE_ID')).toBe(account.agnes.id);
    expect(await lookup(anonymous(), 'agnes', 'SLUG')).toBe(account.agnes.id);
    expect(await lookup(anonymous(), '/author/agnes/', 'URI')).toBe(account.agnes.id);
  });

  it('finds a user by e-mail and login ignoring case, only for those who may see them', async () => {
    expect(await lookup(admin(), 'AGNES@Example.com', 'EMAIL')).toBe(account.agnes.id);
    expect(await lookup(admin(), 'Agnes', 'USERNAME')).toBe(account.agnes.id);
    expect(await lookup(as('agnes'), 'agnes@example.com', 'EMAIL')).toBe(account.agnes.id);
    expect(await lookup(anonymous(), 'agnes@example.com', 'EMAIL')).toBeNull();
    expect(await lookup(anonymous(), 'agnes', 'USERNAME')).toBeNull();
  });

  it('refuses an id of another kind', async () => {
    const result = await execute(anonymous(), q, { id: Buffer.from('post:1').toString('base64'), idType: 'ID' });
    expect(result.error?.graphQLErrors[0].message).toMatch(/The ID input is invalid/);
  });
});

describe('avatar', () => {
  it('is the Gravatar get_avatar_data builds, with size, rating and forced default', async () => {
    const hash = createHash('sha256').update('agnes@example.com').digest('hex');
    const data = await run<{ user: { plain: unknown; forced: unknown } }>(
      anonymous(),
      `query($id: ID!) { user(id: $id, idType: DATABASE_ID) {
        plain: avatar { url size width height default forceDefault foundAvatar rating scheme extraAttr isRestricted }
        forced: avatar(size: 48, forceDefault: true, rating: PG) { url size width rating forceDefault }
      } }`,
      { id: String(account.agnes.id) },
    );
    expect(data.user.plain).toEqual({
      url: `https://secure.gravatar.com/avatar/${hash}?s=96&d=mm&r=g`,
      size: 96, width: 96, height: 96, default: 'mm', forceDefault: false, foundAvatar: true, rating: 'g', scheme: null, extraAttr: '', isRestricted: false,
    });
    expect(data.user.forced).toEqual({ url: `https://secure.gravatar.com/avatar/${hash}?s=48&d=mm&f=y&r=pg`, size: 48, width: 48, rating: 'pg', forceDefault: true });
  });
});

describe('the users connection', () => {
  const logins = async (client: ReturnType<typeof admin>, where: Record<string, unknown>, extra = '') =>
    (await run<{ users: { nodes: Array<{ username: string | null; slug: string }> } }>(client, `query($where: RootQueryToUserConnectionWhereArgs) { users(first: 100, where: $where${extra}) { nodes { username slug } } }`, { where })).users.nodes.map((n) => n.username ?? n.slug);

  it('orders by login by default, and by the last orderby given', async () => {
    expect(await logins(admin(), {})).toEqual(['admin', 'agnes', 'sam']);
    expect(await logins(admin(), { orderby: [{ field: 'LOGIN', order: 'DESC' }] })).toEqual(['sam', 'agnes', 'admin']);
    expect(await logins(admin(), { nicenameIn: ['sam', 'admin'], orderby: [{ field: 'NICE_NAME_IN' }] })).toEqual(['sam', 'admin']);
  });

  it('filters by role, login, nicename, include/exclude and search', async () => {
    expect(await logins(admin(), { roleIn: ['AUTHOR'] })).toEqual(['agnes']);
    expect(await logins(admin(), { role: 'SUBSCRIBER' })).toEqual(['sam']);
    expect(await logins(admin(), { roleNotIn: ['ADMINISTRATOR'] })).toEqual(['agnes', 'sam']);
    expect(await logins(admin(), { login: 'sam' })).toEqual(['sam']);
    expect(await logins(admin(), { loginIn: ['sam', 'agnes'] })).toEqual(['agnes', 'sam']);
    expect(await logins(admin(), { loginNotIn: ['sam'] })).toEqual(['admin', 'agnes']);
    expect(await logins(admin(), { nicename: 'agnes' })).toEqual(['agnes']);
    expect(await logins(admin(), { nicenameNotIn: ['agnes'] })).toEqual(['admin', 'sam']);
    expect(await logins(admin(), { include: [account.sam.id, account.agnes.id] })).toEqual(['agnes', 'sam']);
    expect(await logins(admin(), { exclude: [account.sam.id] })).toEqual(['admin', 'agnes']);
    expect(await logins(admin(), { search: 'gne' })).toEqual(['agnes']);
    expect(await logins(admin(), { search: 'example.com', searchColumns: ['EMAIL'] })).toEqual(['admin', 'agnes', 'sam']);
    expect(await logins(admin(), { hasPublishedPosts: ['POST'] })).toContain('agnes');
    expect(await logins(admin(), { hasPublishedPosts: ['POST'] })).not.toContain('sam');
  });

  it('refuses role filters to those who may not list users', async () => {
    const result = await execute(anonymous(), '{ users(where: { roleIn: [AUTHOR] }) { nodes { id } } }');
    expect(result.error?.graphQLErrors[0].message).toBe('Sorry, you are not allowed to filter users by role.');
  });

  it('keeps a cursor on its user when users are added before it', async () => {
    const page = await run<{ users: { edges: Array<{ cursor: string; node: { username: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(
      admin(),
      '{ users(first: 2) { edges { cursor node { username } } pageInfo { hasNextPage endCursor } } }',
    );
    expect(page.users.edges.map((e) => e.node.username)).toEqual(['admin', 'agnes']);
    expect(page.users.pageInfo.hasNextPage).toBe(true);
    expect(page.users.pageInfo.endCursor).toBe(Buffer.from(`arrayconnection:${account.agnes.id}`).toString('base64'));
    const aaron = await restUser('aaron', 'subscriber');
    const next = await run<{ users: { nodes: Array<{ username: string }>; pageInfo: { hasPreviousPage: boolean } } }>(
      admin(),
      'query($after: String) { users(first: 2, after: $after) { nodes { username } pageInfo { hasPreviousPage } } }',
      { after: page.users.pageInfo.endCursor },
    );
    expect(next.users.nodes.map((n) => n.username)).toEqual(['sam']);
    expect(next.users.pageInfo.hasPreviousPage).toBe(true);
    await t.request.delete(`${API}/users/${aaron.id}?force=true&reassign=false`).set('Authorization', t.adminAuth);
  });
});

describe('roles', () => {
  const names = async (client: ReturnType<typeof admin>) => (await run<{ userRoles: { nodes: Array<{ name: string }> } }>(client, '{ userRoles { nodes { name } } }')).userRoles.nodes.map((n) => n.name);

  it('shows every role to those who list users, and members their own role', async () => {
    expect(await names(admin())).toEqual(['administrator', 'editor', 'author', 'contributor', 'subscriber']);
    expect(await names(as('agnes'))).toEqual(['author']);
    expect(await names(anonymous())).toEqual([]);
  });

  it('loads a role by its global id', async () => {
    const id = Buffer.from('user_role:editor').toString('base64');
    const q = `query($id: ID!) { userRole(id: $id) { id name displayName capabilities isRestricted } }`;
    const data = await run<{ userRole: { capabilities: string[] } & Record<string, unknown> }>(admin(), q, { id });
    expect(data.userRole).toMatchObject({ id, name: 'editor', displayName: 'Editor', isRestricted: false });
    expect(data.userRole.capabilities).toContain('edit_others_posts');
    expect((await run<{ userRole: unknown }>(as('agnes'), q, { id })).userRole).toBeNull();
  });
});

describe('mutations', () => {
  it('creates, updates and deletes a user with WPGraphQL inputs', async () => {
    const created = await run<{ createUser: { clientMutationId: string; user: Record<string, unknown> & { databaseId: number; roles: { nodes: Array<{ name: string }> } } } }>(
      admin(),
      `mutation { createUser(input: { clientMutationId: "c1", username: "carla", email: "carla@example.com", password: "pw-carla-1", firstName: "Carla", displayName: "Carla C", websiteUrl: "https://carla.example", nicename: "carla-c", roles: ["editor"] }) {
        clientMutationId user { databaseId username email firstName name url slug roles { nodes { name } } } } }`,
    );
    expect(created.createUser.clientMutationId).toBe('c1');
    expect(created.createUser.user).toMatchObject({ username: 'carla', email: 'carla@example.com', firstName: 'Carla', name: 'Carla C', url: 'https://carla.example', slug: 'carla-c', roles: { nodes: [{ name: 'editor' }] } });
    const id = created.createUser.user.databaseId;

    const updated = await run<{ updateUser: { user: Record<string, unknown> } }>(
      admin(),
      `mutation($id: ID!) { updateUser(input: { id: $id, lastName: "Cole", description: "Edits.", roles: ["author"] }) { user { lastName description roles { nodes { name } } } } }`,
      { id: Buffer.from(`user:${id}`).toString('base64') },
    );
    expect(updated.updateUser.user).toEqual({ lastName: 'Cole', description: 'Edits.', roles: { nodes: [{ name: 'author' }] } });

    const post = await t.request.post(`${API}/posts`).set('Authorization', t.adminAuth).send({ title: 'By Carla', status: 'publish', author: id });
    const deleted = await run<{ deleteUser: { deletedId: string; user: { username: string } } }>(
      admin(),
      `mutation($id: ID!, $to: ID) { deleteUser(input: { id: $id, reassignId: $to }) { deletedId user { username } } }`,
      { id: String(id), to: String(account.agnes.id) },
    );
    expect(deleted.deleteUser).toEqual({ deletedId: Buffer.from(`user:${id}`).toString('base64'), user: { username: 'carla' } });
    const moved = await t.request.get(`${API}/posts/${post.body.id}`);
    expect(moved.body.author).toBe(account.agnes.id);
  });

  it('lets users edit themselves, not others', async () => {
    const own = await run<{ updateUser: { user: { nickname: string } } }>(as('sam'), `mutation($id: ID!) { updateUser(input: { id: $id, nickname: "Sammy" }) { user { nickname } } }`, { id: String(account.sam.id) });
    expect(own.updateUser.user.nickname).toBe('Sammy');
    const other = await execute(as('sam'), `mutation($id: ID!) { updateUser(input: { id: $id, nickname: "X" }) { user { id } } }`, { id: String(account.agnes.id) });
    expect(other.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_edit', status: 403 });
    const create = await execute(as('sam'), 'mutation { createUser(input: { username: "zed", email: "zed@example.com", password: "pw" }) { user { id } } }');
    expect(create.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_cannot_create_user' });
  });

  it('names the input field a contract refuses', async () => {
    const result = await execute(admin(), 'mutation { createUser(input: { username: "bad name!", email: "bad@example.com", password: "pw" }) { user { id } } }');
    expect(result.error?.graphQLErrors[0].extensions?.code).toBe('rest_invalid_param');
    expect(result.error?.graphQLErrors[0].message).toMatch(/input\.username/);
  });

  it('registers a user only when the site allows registration', async () => {
    const register = 'mutation { registerUser(input: { clientMutationId: "r", username: "rita", email: "rita@example.com" }) { clientMutationId user { id } } }';
    const refused = await execute(anonymous(), register);
    expect(refused.error?.graphQLErrors[0].message).toBe('User registration is currently not allowed.');
    await writeOptions(t.db, { users_can_register: true });
    const done = await run<{ registerUser: { clientMutationId: string; user: unknown } }>(anonymous(), register);
    // The new account has no published content: hidden from the anonymous caller, as WPGraphQL's payload loads it.
    expect(done.registerUser).toEqual({ clientMutationId: 'r', user: null });
    const rita = await run<{ user: { username: string; roles: { nodes: Array<{ name: string }> } } }>(admin(), '{ user(id: "rita", idType: USERNAME) { username roles { nodes { name } } } }');
    expect(rita.user).toEqual({ username: 'rita', roles: { nodes: [{ name: 'subscriber' }] } });
  });
});
