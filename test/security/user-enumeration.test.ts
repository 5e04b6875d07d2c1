/**
 * Blocking user enumeration is the users domain's rule, so both faces obey it: with
 * `loginSec_disableAuthorScan` on, readers who may not edit others' posts get REST's refusals
 * (the list 401/403 `rest_user_cannot_view`, another user 404 `rest_user_invalid_id`, also inside
 * a post's `_embed`, as Wordfence's filter refuses the embedded request too) and, on GraphQL, an
 * empty `users` connection and `null` for `user`, `node` and a post's `author` (a user the viewer
 * may not see). Editors still list users; a change applies at once on a second instance.
 */
import type { Test } from 'supertest';
import { startTestApp, userAuth, type TestApp } from '../support/app';
import { centralAuthorization } from '../support/central';

const CONFIG = '/wp-json/security/v1/config';
const USERS = '/wp-json/core/v2/users';

let t: TestApp;
let second: TestApp;
let adminId: number;
let adminGlobalId: string;
let postId: number;
let author: string;
let editor: string;

async function configure(fields: Record<string, unknown>): Promise<void> {
  await t.request.post(CONFIG).set('Authorization', await centralAuthorization(t)).send({ fields }).expect(200, { success: true });
}

const QUERY = `query ($id: ID!, $node: ID!, $post: ID!) {
  users { nodes { databaseId name } }
  user(id: $id, idType: DATABASE_ID) { name }
  bySlug: user(id: "admin", idType: SLUG) { name }
  node(id: $node) { ... on User { name } }
  post(id: $post, idType: DATABASE_ID) { title author { node { name } } }
}`;

interface Answer {
  data: {
    users: { nodes: Array<{ databaseId: number; name: string }> };
    user: { name: string } | null;
    bySlug: { name: string } | null;
    node: { name: string } | null;
    post: { title: string; author: { node: { name: string } } | null };
  };
  errors?: unknown[];
}

async function graphql(app: TestApp, auth?: string): Promise<Answer> {
  let request: Test = app.request.post('/graphql');
  if (auth) request = request.set('Authorization', auth);
  const res = await request.send({ query: QUERY, variables: { id: String(adminId), node: adminGlobalId, post: String(postId) } }).expect(200);
  return res.body as Answer;
}

beforeAll(async () => {
  // The response cache is on: a change must also drop answers cached before it.
  t = await startTestApp({ CACHE_ENABLED: 'true' });
  second = await startTestApp({ CACHE_ENABLED: 'true' }, { sharedWith: t });
  author = await userAuth(t, 'ue-author', 'author');
  editor = await userAuth(t, 'ue-editor', 'editor');
  adminId = (await t.request.get(`${USERS}/me`).set('Authorization', t.adminAuth).expect(200)).body.id as number;
  adminGlobalId = Buffer.from(`user:${adminId}`).toString('base64');
  // A published post makes its author public (WordPress shows only those to anonymous readers).
  postId = (await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'Enumeration', status: 'publish' }).expect(201)).body.id as number;
});

afterAll(async () => {
  await configure({ loginSec_disableAuthorScan: false }).catch(() => undefined);
  await second?.close();
  await t?.close();
});

describe('user enumeration on REST and GraphQL', () => {
  test('off: both faces answer anonymous readers with the public authors', async () => {
    for (const app of [t, second]) {
      expect((await app.request.get(USERS).expect(200)).body.map((u: { id: number }) => u.id)).toContain(adminId);
      await app.request.get(`${USERS}/${adminId}`).expect(200);
      const embed = (await app.request.get(`/wp-json/core/v2/posts/${postId}?_embed=author`).expect(200)).body;
      expect(embed._embedded.author[0]).toMatchObject({ id: adminId, name: expect.any(String) });
      const answer = await graphql(app);
      expect(answer.errors).toBeUndefined();
      expect(answer.data.users.nodes.map((u) => u.databaseId)).toContain(adminId);
      expect(answer.data.user).not.toBeNull();
      expect(answer.data.bySlug).not.toBeNull();
      expect(answer.data.node).not.toBeNull();
      expect(answer.data.post.author?.node.name).toBe(answer.data.user?.name);
    }
  });

  test('on: refused to anonymous readers and authors on both instances, at once; editors and oneself still served', async () => {
    await configure({ loginSec_disableAuthorScan: true });
    for (const app of [t, second]) {
      expect((await app.request.get(USERS).expect(401)).body).toEqual({ code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to list users.', data: { status: 401 } });
      expect((await app.request.get(`${USERS}/${adminId}`).expect(404)).body).toEqual({ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
      // `_embed` asks the users route internally: the embedded author is its refusal, as with Wordfence.
      const embed = (await app.request.get(`/wp-json/core/v2/posts/${postId}?_embed=author`).expect(200)).body;
      expect(embed.author).toBe(adminId);
      expect(embed._embedded.author[0]).toEqual({ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
      // GraphQL: no user the viewer may not see, and no error (as for a private user).
      const answer = await graphql(app);
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toEqual({ users: { nodes: [] }, user: null, bySlug: null, node: null, post: { title: 'Enumeration', author: null } });
    }
    await second.request.get(USERS).set('Authorization', author).expect(403);
    await second.request.get(`${USERS}/${adminId}`).set('Authorization', author).expect(404);
    await second.request.get(`${USERS}/me`).set('Authorization', author).expect(200);
    const byAuthor = await graphql(second, author);
    expect(byAuthor.data.users.nodes).toEqual([]);
    expect(byAuthor.data.user).toBeNull();
    // Editors and above enumerate as before, on both faces.
    expect((await second.request.get(USERS).set('Authorization', editor).expect(200)).body.map((u: { id: number }) => u.id)).toContain(adminId);
    await second.request.get(`${USERS}/${adminId}`).set('Authorization', editor).expect(200);
    const byEditor = await graphql(second, editor);
    expect(byEditor.data.users.nodes.map((u) => u.databaseId)).toContain(adminId);
    expect(byEditor.data.user).not.toBeNull();
    expect(byEditor.data.post.author).not.toBeNull();
  });

  test('off again: answered again on the other instance at once', async () => {
    await configure({ loginSec_disableAuthorScan: false });
    for (const app of [second, t]) {
      await app.request.get(USERS).expect(200);
      await app.request.get(`${USERS}/${adminId}`).expect(200);
      const answer = await graphql(app);
      expect(answer.data.users.nodes.map((u) => u.databaseId)).toContain(adminId);
      expect(answer.data.post.author).not.toBeNull();
    }
  });
});
