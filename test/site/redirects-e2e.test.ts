/**
 * Issue 16's "How it will be checked", end to end and only through the public surfaces: rules
 * made, changed and moved through redirects/v1 (supertest, as the administrator), then plain HTTP
 * requests to a real listening server, followed hop by hop (fetch with `redirect: 'manual'`).
 *
 * Exact and regular-expression rules (captures), the query flags, a disabled group; export then
 * re-import in every format into a fresh group, compared field by field and followed on the site;
 * bulk actions and their effect; the 404 log filled by real misses; hit counts and the hit log
 * after real hits; a renamed (and twice renamed) published post still reachable at its old
 * addresses; pathological expressions that cannot stall a request; a backreference refused.
 */
import { SITE_URL, startTestApp, type TestApp } from '../support/app';

const NS = '/wp-json/redirects/v1';

type Item = Record<string, unknown>;

interface Hop {
  status: number;
  location?: string;
}

let t: TestApp;
let base: string;
let pagePath: string;

const api = {
  get: (route: string) => t.request.get(`${NS}${route}`).set('Authorization', t.adminAuth),
  post: (route: string, body: object) => t.request.post(`${NS}${route}`).set('Authorization', t.adminAuth).send(body),
};

/** A redirect made through REST; its record (the newest redirect) as the API shows it. */
async function createRule(body: Item): Promise<Item> {
  await api.post('/redirect', { group_id: 1, match_type: 'url', action_type: 'url', action_code: 301, ...body }).expect(200);
  const list = await api.get('/redirect?orderby=id&direction=desc&per_page=5').expect(200);
  return list.body.items[0] as Item;
}

async function createGroup(name: string): Promise<number> {
  await api.post('/group', { name, moduleId: 1 }).expect(200);
  const list = await api.get('/group?orderby=id&direction=desc&per_page=5').expect(200);
  const group = (list.body.items as Item[]).find((g) => g.name === name);
  if (!group) throw new Error(`group ${name} not listed`);
  return Number(group.id);
}

async function redirectsOf(query: string): Promise<Item[]> {
  return (await api.get(`/redirect?per_page=200&orderby=id&direction=asc${query}`).expect(200)).body.items as Item[];
}

async function record(id: unknown): Promise<Item> {
  const [item] = await redirectsOf(`&filterBy[id]=${String(id)}`);
  return item;
}

/** One request to the site, never followed. */
async function hop(path: string, headers: Record<string, string> = {}): Promise<Hop> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', headers });
  await res.arrayBuffer();
  const location = res.headers.get('location');
  return location === null ? { status: res.status } : { status: res.status, location };
}

/** The site's own address as a path on the listening server (another site's stays as it is). */
const local = (location: string): string | null => (location.startsWith(SITE_URL) ? location.slice(SITE_URL.length) || '/' : location.startsWith('/') ? location : null);

/** Every hop from `path` until an answer that is not a redirect (or one that leaves the site). */
async function follow(path: string, headers: Record<string, string> = {}): Promise<Hop[]> {
  const hops: Hop[] = [];
  let next: string | null = path;
  while (next !== null && hops.length < 10) {
    const answer = await hop(next, headers);
    hops.push(answer);
    next = answer.status >= 300 && answer.status < 400 && answer.location ? local(answer.location) : null;
  }
  return hops;
}

/** Polls a read until it holds (hits and logs are written in batches, off the request's path). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return read();
}

beforeAll(async () => {
  t = await startTestApp({}, { seed: true });
  base = await t.app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const pages = await t.request.get('/wp-json/core/v2/pages').query({ per_page: 1 }).expect(200);
  pagePath = String(pages.body[0].link).slice(SITE_URL.length);
});
afterAll(async () => t.close());

describe('rules made through REST act on the site', () => {
  it('follows exact rules hop by hop to a page', async () => {
    await createRule({ url: '/e2e-old', action_data: { url: '/e2e-middle' } });
    await createRule({ url: '/e2e-middle', action_data: { url: pagePath }, action_code: 302 });
    expect(await follow('/e2e-old')).toEqual([{ status: 301, location: '/e2e-middle' }, { status: 302, location: pagePath }, { status: 200 }]);
  });

  it('substitutes a regular expression’s captures', async () => {
    await createRule({ url: '^/e2e-blog/(\\d+)/(.*)$', regex: true, action_data: { url: '/e2e-articles/$2?id=$1' } });
    expect(await hop('/e2e-blog/12/some-title')).toEqual({ status: 301, location: '/e2e-articles/some-title?id=12' });
    await createRule({ url: '^/e2e-page/(\\d+)$', regex: true, action_data: { url: `${pagePath}?from=$1` } });
    expect(await follow('/e2e-page/7')).toEqual([{ status: 301, location: `${pagePath}?from=7` }, { status: 200 }]);
    expect(await hop('/e2e-page/x')).toEqual({ status: 404 });
  });

  it('handles the query per flag_query', async () => {
    await createRule({ url: '/e2e-q-exact?a=1&b=2', action_data: { url: '/exact-target' } });
    expect(await hop('/e2e-q-exact?b=2&a=1')).toEqual({ status: 301, location: '/exact-target' });
    expect((await hop('/e2e-q-exact?a=1')).status).toBe(404);

    await createRule({ url: '/e2e-q-order?a=1&b=2', action_data: { url: '/order-target' }, match_data: { source: { flag_query: 'exactorder' } } });
    expect(await hop('/e2e-q-order?a=1&b=2')).toEqual({ status: 301, location: '/order-target' });
    expect((await hop('/e2e-q-order?b=2&a=1')).status).toBe(404);

    await createRule({ url: '/e2e-q-ignore', action_data: { url: '/ignore-target' }, match_data: { source: { flag_query: 'ignore' } } });
    expect(await hop('/e2e-q-ignore?x=1')).toEqual({ status: 301, location: '/ignore-target' });

    await createRule({ url: '/e2e-q-pass', action_data: { url: '/pass-target?keep=1' }, match_data: { source: { flag_query: 'pass' } } });
    expect(await hop('/e2e-q-pass?x=a%20b&keep=2')).toEqual({ status: 301, location: '/pass-target?keep=1&x=a+b' });
  });

  it('leaves a disabled group’s rules alone until the group is enabled again', async () => {
    const group = await createGroup('E2E switchable');
    await createRule({ url: '/e2e-grouped', group_id: group, action_data: { url: '/grouped-target' } });
    expect(await hop('/e2e-grouped')).toEqual({ status: 301, location: '/grouped-target' });
    await api.post('/bulk/group/disable', { items: [group] }).expect(200);
    expect(await hop('/e2e-grouped')).toEqual({ status: 404 });
    await api.post('/bulk/group/enable', { items: [group] }).expect(200);
    expect(await hop('/e2e-grouped')).toEqual({ status: 301, location: '/grouped-target' });
  });
});

describe('bulk actions through REST', () => {
  it('disable, enable, reset and delete, and what the site then answers', async () => {
    const ids: unknown[] = [];
    for (const name of ['one', 'two', 'three']) ids.push((await createRule({ url: `/e2e-bulk-${name}`, action_data: { url: `/bulk-${name}` } })).id);
    const answers = async () => Promise.all(['one', 'two', 'three'].map(async (name) => (await hop(`/e2e-bulk-${name}`)).status));
    expect(await answers()).toEqual([301, 301, 301]);

    await api.post('/bulk/redirect/disable', { items: ids.slice(0, 2) }).expect(200);
    expect(await answers()).toEqual([404, 404, 301]);
    await api.post('/bulk/redirect/enable', { items: ids }).expect(200);
    expect(await answers()).toEqual([301, 301, 301]);

    // Global, as per the filters: every rule whose source contains "e2e-bulk-t".
    await api.post('/bulk/redirect/disable', { global: true, filterBy: { url: 'e2e-bulk-t' } }).expect(200);
    expect(await answers()).toEqual([301, 404, 404]);
    await api.post('/bulk/redirect/enable', { global: true, filterBy: { url: 'e2e-bulk-' } }).expect(200);

    await hop('/e2e-bulk-one');
    // Four real hits so far (three rounds it answered, and this one): all counted before the reset.
    expect((await eventually(() => record(ids[0]), (r) => r.hits === 4)).hits).toBe(4);
    await api.post('/bulk/redirect/reset', { items: [ids[0]] }).expect(200);
    expect(await record(ids[0])).toMatchObject({ hits: 0, last_access: '-' });

    await api.post('/bulk/redirect/delete', { items: [ids[1]] }).expect(200);
    expect(await answers()).toEqual([301, 404, 301]);
    expect(await redirectsOf(`&filterBy[id]=${String(ids[1])}`)).toEqual([]);
    // An unknown id fails the whole action: nothing changes.
    const failed = await api.post('/bulk/redirect/delete', { items: [ids[0], 999999] }).expect(400);
    expect(failed.body.code).toBe('redirect_bulk_failed');
    expect(await answers()).toEqual([301, 404, 301]);
  });
});

describe('logs filled by real requests', () => {
  it('writes real misses to the 404 log', async () => {
    expect((await hop('/e2e-missing-page?x=1', { 'user-agent': 'e2e-miss-agent' })).status).toBe(404);
    expect((await hop('/e2e-missing-other')).status).toBe(404);
    const list = await eventually(
      async () => (await api.get('/404?filterBy[url]=e2e-missing&orderby=url&direction=asc').expect(200)).body,
      (body) => body.total === 2,
    );
    expect(list.total).toBe(2);
    expect(list.items.map((i: Item) => i.url)).toEqual(['/e2e-missing-other', '/e2e-missing-page?x=1']);
    expect(list.items[1]).toMatchObject({ agent: 'e2e-miss-agent', http_code: 404, request_method: 'GET' });
    // A request a rule answered is no miss.
    expect((await api.get('/404?filterBy[url]=e2e-old').expect(200)).body.total).toBe(0);
  });

  it('counts hits and logs each redirect', async () => {
    const rule = await createRule({ url: '/e2e-counted', action_data: { url: '/count-target' } });
    expect(rule).toMatchObject({ hits: 0, last_access: '-' });
    for (let i = 0; i < 3; i += 1) expect((await hop('/e2e-counted', { 'user-agent': 'e2e-hit-agent', referer: 'https://from.example/' })).status).toBe(301);
    const counted = await eventually(() => record(rule.id), (r) => r.hits === 3);
    expect(counted.hits).toBe(3);
    expect(counted.last_access).not.toBe('-');
    const log = await eventually(async () => (await api.get('/log?filterBy[url]=e2e-counted').expect(200)).body, (body) => body.total === 3);
    expect(log.total).toBe(3);
    for (const entry of log.items as Item[]) {
      expect(entry).toMatchObject({ url: '/e2e-counted', sent_to: '/count-target', redirection_id: rule.id, http_code: 301, agent: 'e2e-hit-agent', referrer: 'https://from.example/', request_method: 'GET' });
    }
  });
});

describe('export then re-import in every format', () => {
  /** The fields each format carries (the plugin's CSV has no column for source flags; server files none for titles or hits). */
  const CARRIED: Record<string, string[]> = {
    csv: ['url', 'match_url', 'regex', 'action_code', 'action_type', 'action_data', 'match_type', 'enabled', 'title', 'hits'],
    apache: ['url', 'match_url', 'match_data', 'regex', 'action_code', 'action_type', 'action_data', 'match_type', 'enabled'],
    nginx: ['url', 'match_url', 'match_data', 'regex', 'action_code', 'action_type', 'action_data', 'match_type', 'enabled'],
    json: ['url', 'match_url', 'match_data', 'regex', 'action_code', 'action_type', 'action_data', 'match_type', 'enabled', 'title', 'hits', 'last_access'],
  };
  const FILES: Record<string, string> = { csv: 'redirects.csv', apache: '.htaccess', nginx: 'redirects.nginx', json: 'redirects.json' };
  const PROBES = ['/x-old', '/x-old/', '/X-OLD', '/x-temp', '/x-blog/12/hello', '/x-gone', '/x-query', '/x-query?a=1', '/x-off', '/x-missing'];
  const QUERY_PROBE = PROBES.indexOf('/x-query?a=1');
  const only = (items: Item[], fields: string[]) =>
    items.map((item) => Object.fromEntries(fields.map((field) => [field, item[field]]))).sort((a, b) => String(a.url).localeCompare(String(b.url)));

  it.each(['csv', 'apache', 'nginx', 'json'])('%s: the re-imported rules equal the originals and answer as they did', async (format) => {
    // Only this test's rules: everything else goes (a bulk action through REST).
    await api.post('/bulk/redirect/delete', { global: true }).expect(200);
    const source = await createGroup(`Source ${format}`);
    const seed = (body: Item) => createRule({ group_id: source, ...body });
    const old = await seed({ url: '/x-old', action_data: { url: pagePath }, title: 'Moved page' });
    await seed({ url: '/x-temp', action_data: { url: 'https://elsewhere.example/x' }, action_code: 302 });
    await seed({ url: '^/x-blog/(\\d+)/(.*)$', regex: true, action_data: { url: '/posts/$2?id=$1' }, action_code: 307 });
    await seed({ url: '/x-gone', action_type: 'error', action_code: 410 });
    await seed({ url: '/x-query', action_data: { url: '/x-q' }, match_data: { source: { flag_query: 'pass' } } });
    await seed({ url: '/x-off', action_data: { url: '/never' }, status: 'disabled' });
    // What the originals answer (their hits are carried too: three for /x-old, one for each other enabled rule, two for /x-query).
    const answered = await Promise.all(PROBES.map((path) => hop(path)));
    expect(answered[0]).toEqual({ status: 301, location: pagePath });
    const hitsOf = (items: Item[]) => items.reduce((sum, r) => sum + Number(r.hits), 0);
    const originals = await eventually(() => redirectsOf(`&filterBy[group]=${source}&filterBy[status]=enabled`), (items) => hitsOf(items) === 8);
    expect(originals).toHaveLength(5);
    expect(originals.find((r) => r.id === old.id)).toMatchObject({ hits: 3 });

    const exported = await api.get(`/export/all/${format}`).expect(200);
    expect(exported.body.total).toBe(5);
    const lastId = Math.max(...(await redirectsOf('')).map((r) => Number(r.id)));
    const fresh = await createGroup(`Fresh ${format}`);
    const imported = await t.request.post(`${NS}/import/file/${fresh}`).set('Authorization', t.adminAuth).attach('file', Buffer.from(String(exported.body.data), 'utf8'), FILES[format]).expect(200);
    expect(imported.body).toEqual({ imported: 5 });

    const copies = (await redirectsOf('')).filter((r) => Number(r.id) > lastId);
    // JSON recreates the file's own groups (new ids); the other formats fill the group named in the route.
    if (format !== 'json') expect(copies.every((r) => r.group_id === fresh)).toBe(true);
    else expect(copies.every((r) => r.group_id !== source && r.group_id !== fresh)).toBe(true);
    expect(only(copies, CARRIED[format])).toEqual(only(originals, CARRIED[format]));

    // The copies alone now answer the site, as the originals did.
    await api.post('/bulk/group/disable', { items: [source] }).expect(200);
    expect((await hop('/x-old')).location).toBe(pagePath);
    const expected = [...answered];
    // Without flags in the file, the CSV copy of the `pass` rule takes the site's default (exact): the query must match.
    if (format === 'csv') expected[QUERY_PROBE] = { status: 404 };
    expect(await Promise.all(PROBES.map((path) => hop(path)))).toEqual(expected);
    expect(await follow('/x-old')).toEqual([{ status: 301, location: pagePath }, { status: 200 }]);
    await api.post('/bulk/redirect/disable', { items: copies.map((r) => r.id) }).expect(200);
    expect((await hop('/x-old')).status).toBe(404);
  });
});

describe('permalink monitoring', () => {
  const POSTS = '/wp-json/core/v2/posts';
  const pathOf = (link: string): string => new URL(link).pathname;

  it('keeps a renamed published post reachable at its old address, and a twice-renamed one in a single hop', async () => {
    const created = await t.request.post(POSTS).set('Authorization', t.adminAuth).send({ title: 'E2E first name', status: 'publish' }).expect(201);
    const first = pathOf(created.body.link);
    expect(await follow(first)).toEqual([{ status: 200 }]);

    const renamed = await t.request.post(`${POSTS}/${created.body.id}`).set('Authorization', t.adminAuth).send({ slug: 'e2e-second-name' }).expect(200);
    const second = pathOf(renamed.body.link);
    expect(second).toBe('/e2e-second-name/');
    const once = await follow(first);
    expect(once).toHaveLength(2);
    expect(once[0].status).toBe(301);
    expect(local(String(once[0].location))).toBe(second);
    expect(once[1].status).toBe(200);

    const again = await t.request.post(`${POSTS}/${created.body.id}`).set('Authorization', t.adminAuth).send({ slug: 'e2e-third-name' }).expect(200);
    const third = pathOf(again.body.link);
    for (const old of [first, second]) {
      const hops = await follow(old);
      expect(hops.map((h) => h.status)).toEqual([301, 200]);
      expect(local(String(hops[0].location))).toBe(third);
    }
    expect(await follow(third)).toEqual([{ status: 200 }]);
  });
});

describe('regular expressions that cannot hurt the server', () => {
  it('answers a pathological expression’s request, and another in parallel', async () => {
    await createRule({ url: '^/(a+)+$', regex: true, action_data: { url: '/all-a' } });
    await createRule({ url: '^/(x+x+)+y', regex: true, action_data: { url: '/x-then-y' } });
    const [slowA, slowX, other] = await Promise.all([
      hop(`/${'a'.repeat(5000)}!`),
      hop(`/${'x'.repeat(5000)}`),
      hop(pagePath),
    ]);
    expect(slowA).toEqual({ status: 404 });
    expect(slowX).toEqual({ status: 404 });
    expect(other).toEqual({ status: 200 });
    expect(await hop(`/${'a'.repeat(5000)}`)).toEqual({ status: 301, location: '/all-a' });
    expect(await hop(`/${'x'.repeat(5000)}y`)).toEqual({ status: 301, location: '/x-then-y' });
  });

  it('refuses at create a regular expression RE2 cannot run (a backreference)', async () => {
    const before = (await api.get('/redirect').expect(200)).body.total;
    const res = await api.post('/redirect', { url: '^/(x)\\1$', regex: true, group_id: 1, action_data: { url: '/backref' } }).expect(400);
    expect(res.body).toMatchObject({ code: 'redirect', data: { status: 400 } });
    expect((await api.get('/redirect').expect(200)).body.total).toBe(before);
    expect((await hop('/xx')).status).toBe(404);
  });
});
