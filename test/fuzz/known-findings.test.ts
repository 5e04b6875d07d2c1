/**
 * The findings of issue 13, each as a fixed request with the answer it must get, all on one
 * keep-alive connection (the generated suites find their kind; these pin the exact answers).
 */
import { rowCounts, startFuzzServer, type FuzzServer } from './harness';
import type { FuzzAnswer, FuzzRequest } from './client';

let server: FuzzServer;
let sockets = 0;

beforeAll(async () => {
  server = await startFuzzServer();
});

afterAll(async () => {
  server.client.close();
  await server.test.close();
});

async function send(request: FuzzRequest): Promise<FuzzAnswer & { json: () => Record<string, unknown> }> {
  const outcome = await server.client.request(request);
  if (!outcome.ok) throw new Error(`no answer to ${request.method} ${request.path.slice(0, 80)}: ${outcome.error}`);
  const answer = outcome.answer;
  return { ...answer, json: () => JSON.parse(answer.body.toString('utf8')) as Record<string, unknown> };
}

const get = (path: string, headers: Record<string, string> = {}) => send({ method: 'GET', path, headers });
const admin = () => ({ authorization: server.test.adminAuth });
const restError = (status: number, code?: string) => expect.objectContaining({ ...(code ? { code } : { code: expect.any(String) }), message: expect.any(String), data: expect.objectContaining({ status }) });

describe('REST', () => {
  it('_fields with prototype names filters nothing it should not, and pollutes nothing', async () => {
    const res = await get('/wp-json/core/v2/posts?_fields=__proto__,constructor.prototype,__proto__.x,id');
    expect(res.status).toBe(200);
    for (const post of res.json() as unknown as Array<Record<string, unknown>>) expect(Object.keys(post)).toEqual(['id']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('bracket-syntax and repeated keys: prototype names dropped, lists where scalars belong refused', async () => {
    expect((await get('/wp-json/core/v2/posts?a[__proto__][x]=1&a[constructor][prototype][x]=1')).status).toBe(200);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const fields = await get('/wp-json/core/v2/posts?_fields[]=id&_fields[x]=title');
    expect(fields.status).toBe(200);
    const context = await get('/index.php?rest_route=/core/v2/posts&context[]=1&context[]=2');
    expect(context.status).toBe(400);
    expect(context.json()).toEqual(restError(400, 'rest_invalid_param'));
  });

  it.each(['page=99999999999999999999', 'offset=99999999999999999999', 'per_page=1e309', 'page=9007199254740993'])('%s is 400 rest_invalid_param', async (query) => {
    const res = await get(`/wp-json/core/v2/posts?${query}`);
    expect(res.status).toBe(400);
    expect(res.json()).toEqual(restError(400, 'rest_invalid_param'));
  });

  it.each(['users', 'menus', 'tags', 'posts', 'menu-items'])('a negative offset lists %s from the first row', async (collection) => {
    const res = await get(`/wp-json/core/v2/${collection}?offset=-1&per_page=1`, admin());
    expect(res.status).toBe(200);
  });

  it.each(['search?include=9007199254740991', 'search?type=term&include=3000000000', 'search?exclude=3000000000', 'posts?include=3000000000'])('ids beyond the id columns (%s) name no record', async (query) => {
    const res = await get(`/wp-json/core/v2/${query}`, admin());
    expect(res.status).toBe(200);
  });

  it.each([
    ['a NUL in JSON', '{"name":"nul","description":"a\\u0000b"}', 'application/json', 'rest_invalid_param'],
    ['a lone surrogate in JSON', '{"name":"lone","description":"\\ud800"}', 'application/json', 'rest_invalid_json'],
    ['invalid UTF-8 in JSON', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]), 'application/json', 'rest_invalid_json'],
    ['a NUL in a form', 'name=nul&description=a%00b', 'application/x-www-form-urlencoded', 'rest_invalid_param'],
    ['invalid UTF-8 in a form', 'name=%FF&description=%C3%28', 'application/x-www-form-urlencoded', 'rest_invalid_param'],
    ['trailing text after JSON', '{"name":"x"} trailing', 'application/json', 'rest_invalid_json'],
  ])('a term with %s is refused and nothing is written', async (_label, body, type, code) => {
    const before = await rowCounts(server.test);
    const res = await send({ method: 'POST', path: '/wp-json/core/v2/tags', headers: { ...admin(), 'content-type': type }, body });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual(restError(400, code));
    expect(await rowCounts(server.test)).toEqual(before);
  });

  it('a content-type list is read as its first member (as WordPress reads it)', async () => {
    const res = await send({ method: 'POST', path: '/wp-json/core/v2/tags', headers: { ...admin(), 'content-type': 'application/json, text/html' }, body: '{"name":"Listed type"}' });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual(expect.objectContaining({ name: 'Listed type' }));
  });

  it.each(['/wp-json/core/v2/posts/%FF', '/wp-json/core/v2/%C3%28', '/index.php?rest_route=/core/v2/posts/%00'])('%s is a REST 404', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.json()).toEqual(restError(404, 'rest_no_route'));
  });

  it.each(['%FF', '%00', '%C3%28'])('an event slug %s names no event, as an unknown slug does', async (slug) => {
    const unknown = await get('/wp-json/events/v1/events/by-slug/nope');
    const res = await get(`/wp-json/events/v1/events/by-slug/${slug}`);
    expect([res.status, res.json()]).toEqual([unknown.status, unknown.json()]);
  });

  it('an unknown page address is the themed 404 of the site', async () => {
    const res = await send({ method: 'GET', path: '/nothing-here' });
    expect([res.status, res.headers['content-type']]).toEqual([404, 'text/html; charset=UTF-8']);
    expect(res.body.toString('utf8')).toMatch(/^<!DOCTYPE html>/);
  });

  it('unknown API paths and methods answer WordPress-shaped 404s', async () => {
    for (const request of [
      { method: 'PROPFIND', path: '/wp-json/core/v2/posts' },
      { method: 'TRACE', path: '/index.php?rest_route=/core/v2/posts' },
      { method: 'GET', path: '/events/category/nope/ical' },
      { method: 'GET', path: '/venue/%00/ical' },
    ]) {
      const res = await send(request);
      expect([request.path, res.status]).toEqual([request.path, 404]);
      expect(res.json()).toEqual(restError(404));
    }
  });

  it('_method=TRACE and an invalid JSONP callback', async () => {
    const trace = await get('/wp-json/core/v2/posts?_method=TRACE');
    expect(trace.json()).toEqual(restError(404, 'rest_no_route'));
    const jsonp = await get('/wp-json/core/v2/posts?_jsonp=alert(1)');
    expect(jsonp.json()).toEqual(restError(400, 'rest_callback_invalid'));
  });

  it('a body over the limit is 413 in the REST shape', async () => {
    const res = await send({ method: 'POST', path: '/wp-json/core/v2/posts', headers: { ...admin(), 'content-type': 'application/json' }, body: Buffer.alloc(3 * 1024 * 1024, 0x61) });
    expect(res.status).toBe(413);
    expect(res.json()).toEqual(restError(413));
  });

  it('a long URL is 414 in the REST shape and the connection stays usable', async () => {
    const res = await get(`/wp-json/core/v2/posts?pad=${'a'.repeat(20000)}`);
    expect(res.status).toBe(414);
    expect(res.json()).toEqual(restError(414, 'rest_uri_too_long'));
    expect((await get('/wp-json/core/v2/posts?per_page=1')).status).toBe(200);
  });

  it('headers too large for Node are answered in the REST shape with Connection: close, and the next request gets a new connection', async () => {
    sockets = server.client.sockets;
    const res = await get(`/wp-json/core/v2/posts?pad=${'a'.repeat(70000)}`);
    expect(res.status).toBe(414);
    expect(res.headers.connection).toBe('close');
    expect(res.json()).toEqual(restError(414));
    const big = await get('/wp-json/core/v2/posts', { 'x-big': 'b'.repeat(40000) });
    expect(big.status).toBe(431);
    expect(big.headers.connection).toBe('close');
    expect(big.json()).toEqual(restError(431, 'rest_headers_too_large'));
    expect((await get('/wp-json/core/v2/posts?per_page=1')).status).toBe(200);
    expect(server.client.sockets).toBe(sockets + 2);
    expect(server.client.takeSilentClose()).toBeNull();
  });
});

describe('GraphQL', () => {
  const graphql = (query: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => send({ method: 'POST', path: '/graphql', headers, body: JSON.stringify({ query }) });
  const errors = () => expect.objectContaining({ errors: [expect.objectContaining({ message: expect.any(String) })] });

  it.each([
    '{ categories(where: {a: 1}) { nodes { id } } }',
    '{ post(id: "1", idType: NOPE) { id } }',
    '{ posts(where: {search: "a\\u0000b"}) { nodes { id } } }',
  ])('%s is answered with errors[]', async (query) => {
    const res = await graphql(query);
    expect(res.status).toBeLessThan(500);
    expect(res.json()).toEqual(errors());
  });

  it.each(['{ contentNode(id: "9007199254740991", idType: DATABASE_ID) { id } }', '{ post(id: "3000000000", idType: DATABASE_ID) { id } }'])('an id beyond the id columns is a user error: %s', async (query) => {
    const res = await graphql(query);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ data: expect.anything(), errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })] });
  });

  it('tags(after: null) and a 1 MiB string argument are answered', async () => {
    expect((await graphql('{ tags(after: null) { nodes { id } } }')).status).toBe(200);
    const huge = await graphql(`{ post(id: "${'z'.repeat(1024 * 1024)}", idType: SLUG) { id } }`);
    expect(huge.status).toBe(200);
    expect(huge.json()).toEqual({ data: { post: null } });
  });

  it('a POST that is not JSON is 415 with WPGraphQL\'s message', async () => {
    const res = await graphql('{ __typename }', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.json()).toEqual({ errors: [expect.objectContaining({ message: 'HTTP POST requests must have Content-Type: application/json header. Received: text/plain' })] });
  });

  it('a long GET is 414 with a GraphQL body', async () => {
    const res = await get(`/graphql?query=${encodeURIComponent('{ __typename }')}&pad=${'a'.repeat(20000)}`, { 'apollo-require-preflight': 'true' });
    expect(res.status).toBe(414);
    expect(res.json()).toEqual(errors());
  });

  it('a batch with a member that is no operation runs nothing', async () => {
    const before = await rowCounts(server.test);
    const res = await send({ method: 'POST', path: '/graphql', headers: { ...admin(), 'content-type': 'application/json' }, body: JSON.stringify([{ query: 'mutation { createTag(input: {name: "Batched"}) { tag { id } } }' }, { query: 1 }]) });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual(errors());
    expect(await rowCounts(server.test)).toEqual(before);
  });

  it('a NUL in variables is refused before anything runs', async () => {
    const res = await send({ method: 'POST', path: '/graphql', headers: { ...admin(), 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation($n: String!) { createTag(input: {name: $n}) { tag { id } } }', variables: { n: 'a\u0000b' } }) });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual(errors());
  });
});
