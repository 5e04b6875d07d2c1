/**
 * /graphql called from a browser app on another origin, as WPGraphQL allows it: the CORS preflight
 * is answered, every answer (computed, cached, refused) carries the CORS and robots headers, and
 * urql's default GET — no JSON content type, no Apollo preflight header — is served and cached.
 */
import { Client, fetchExchange } from '@urql/core';
import { startTestApp, type TestApp } from '../support/app';
import { listen } from './client';

const ORIGIN = 'http://front-end.example:3000';

function expectGraphQLHeaders(headers: Headers | Record<string, string | string[] | undefined>): void {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(get('access-control-allow-origin')).toBe('*');
  expect(get('access-control-allow-credentials') ?? null).toBeNull();
  expect(get('x-robots-tag')).toBe('noindex');
  expect(get('x-content-type-options')).toBe('nosniff');
}

describe('GraphQL from another origin', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true });
    url = (await listen(t)).url;
  });
  afterAll(() => t.close());

  it('answers the preflight of a cross-origin POST with the headers front-end clients send', async () => {
    const res = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization, apollo-require-preflight, x-apollo-operation-name' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expectGraphQLHeaders(res.headers);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'apollo-require-preflight', 'x-apollo-operation-name']));
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });

  it('serves urql’s default GET from another origin, computed then cached, with the headers on both', async () => {
    const seen: Array<{ method: string; headers: Headers; cache: string | null; response: Headers }> = [];
    const client = new Client({
      url,
      exchanges: [fetchExchange],
      requestPolicy: 'network-only',
      // What the browser adds to urql's request: its Origin.
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('origin', ORIGIN);
        const response = await fetch(input, { ...init, headers });
        seen.push({ method: init?.method ?? 'GET', headers, cache: response.headers.get('x-cache'), response: response.headers });
        return response;
      },
    });
    const query = '{ posts(first: 2) { nodes { title } } }';
    for (let i = 0; i < 2; i++) {
      const result = await client.query(query, {}).toPromise();
      expect(result.error).toBeUndefined();
      expect((result.data as { posts: { nodes: unknown[] } }).posts.nodes).toHaveLength(2);
    }
    expect(seen.map((s) => [s.method, s.cache])).toEqual([
      ['GET', 'MISS'],
      ['GET', 'HIT'],
    ]);
    // A simple request: urql sent neither a content type nor Apollo's preflight header.
    expect(seen[0].headers.get('content-type')).toBeNull();
    expect(seen[0].headers.get('apollo-require-preflight')).toBeNull();
    for (const s of seen) expectGraphQLHeaders(s.response);
  });

  it('carries the headers on cached POSTs, refusals and errors too', async () => {
    const body = JSON.stringify({ query: '{ generalSettings { title } }' });
    for (const round of ['MISS', 'HIT']) {
      const res = await t.request.post('/graphql').set({ origin: ORIGIN, 'content-type': 'application/json' }).send(body);
      expect(res.headers['x-cache']).toBe(round);
      expectGraphQLHeaders(res.headers);
    }
    const broken = await t.request.post('/graphql').set({ origin: ORIGIN, 'content-type': 'application/json' }).send('{');
    expect(broken.status).toBe(400);
    expectGraphQLHeaders(broken.headers);
    const refused = await t.request.post('/graphql').set({ origin: ORIGIN, 'content-type': 'application/json', authorization: 'Basic bm9ib2R5Ondyb25n' }).send(body);
    expect(refused.status).toBe(401);
    expectGraphQLHeaders(refused.headers);
    const tooLarge = await t.request.post('/graphql').set({ origin: ORIGIN, 'content-type': 'application/json' }).send(JSON.stringify({ query: `{ ${'a'.repeat(t.config.bodyLimit)} }` }));
    expect(tooLarge.status).toBe(413);
    expectGraphQLHeaders(tooLarge.headers);
  });

  it('still refuses a mutation sent as a GET from another origin', async () => {
    const res = await fetch(`${url}?query=${encodeURIComponent('mutation { createPost(input: { title: "x" }) { post { id } } }')}`, { headers: { origin: ORIGIN, authorization: t.adminAuth } });
    expect(res.status).toBe(405);
    expectGraphQLHeaders(res.headers);
    expect(await t.db.prisma.content.count({ where: { title: 'x' } })).toBe(0);
  });
});
