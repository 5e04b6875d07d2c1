/**
 * Search text is matched literally on every face, as WordPress escapes it ($wpdb->esc_like): `%`
 * and `_` are characters, not wildcards — on the posts collection, on /search and on GraphQL's
 * posts(where: {search}) alike, and in term and user searches — and case is ignored for ASCII letters.
 */
import { startTestApp, type TestApp } from '../support/app';
import { listen, run, type GraphQLTestServer } from './client';

describe('search text is literal on every face', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    server = await listen(t);
    for (const title of ['Sale 50% off', 'Sale 500 off', 'Tag a_b here', 'Tag axb here']) {
      const created = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title, content: 'body', status: 'publish' });
      expect(created.status).toBe(201);
      ids[title] = created.body.id;
    }
  });
  afterAll(() => t.close());

  const restPosts = async (search: string): Promise<number[]> => {
    const res = await t.request.get('/wp-json/core/v2/posts').query({ search, per_page: 100 });
    expect(res.status).toBe(200);
    return res.body.map((p: { id: number }) => p.id).sort();
  };
  const restSearch = async (search: string): Promise<number[]> => {
    const res = await t.request.get('/wp-json/core/v2/search').query({ search, per_page: 100 });
    expect(res.status).toBe(200);
    return res.body.map((p: { id: number }) => p.id).sort();
  };
  const graphqlPosts = async (search: string): Promise<number[]> => {
    const data = await run<{ posts: { nodes: Array<{ databaseId: number }> } }>(server.client(), 'query($s: String) { posts(first: 100, where: { search: $s }) { nodes { databaseId } } }', { s: search });
    return data.posts.nodes.map((n) => n.databaseId).sort();
  };

  it.each([
    ['50%', ['Sale 50% off']],
    ['a_b', ['Tag a_b here']],
    ['SALE 50%', ['Sale 50% off']],
  ])('%s matches only the literal text', async (search, titles) => {
    const expected = titles.map((title) => ids[title]).sort();
    expect(await restPosts(search)).toEqual(expected);
    expect(await restSearch(search)).toEqual(expected);
    expect(await graphqlPosts(search)).toEqual(expected);
  });

  it('matches term and user names literally too (the one text-matching rule)', async () => {
    const made: number[] = [];
    for (const name of ['Rate 50%', 'Rate 500']) {
      const res = await t.request.post('/wp-json/core/v2/categories').set('Authorization', t.adminAuth).send({ name });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    const found = await t.request.get('/wp-json/core/v2/categories').query({ search: '50%' });
    expect(found.body.map((c: { id: number }) => c.id)).toEqual([made[0]]);
    for (const [username, name] of [['lit1', 'Ann 50%'], ['lit2', 'Ann 500']]) {
      const res = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username, name, email: `${username}@example.com`, password: 'a-long-password' });
      expect(res.status).toBe(201);
    }
    const users = await t.request.get('/wp-json/core/v2/users').set('Authorization', t.adminAuth).query({ search: '50%', search_columns: 'name' });
    expect(users.body.map((u: { name: string }) => u.name)).toEqual(['Ann 50%']);
  });
});
