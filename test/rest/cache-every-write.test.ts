/**
 * No write can leave a stale answer in the cache, checked against an oracle: two instances share
 * one database, A with the response cache and B without. Before each write a broad set of
 * anonymous reads is warm on A (every GET collection route of the index that answers, items of
 * each kind of record, `_embed` lists, a GraphQL query); after it, every read is made again on A
 * and must answer exactly what B computes. The writes go through A and B in turn: A must drop
 * what its own writes changed and what another instance's did, even one that caches nothing
 * itself (such a write reaches A only through the database's invalidation log). They are
 * meaningful ones first (new, renamed, re-termed, moved and deleted records through REST, batch
 * and GraphQL), then every write route of every namespace the index lists (a new route is covered
 * the day it is added), accepted or refused.
 */
import { startTestApp, type TestApp } from '../support/app';

interface IndexRoute {
  namespace: string;
  methods: string[];
}

interface Write {
  label: string;
  run(): Promise<{ status: number }>;
}

/** A concrete path for a route pattern: each `(?P<name>...)` group becomes a value for that name. */
function concretePath(pattern: string, values: (name: string) => string): string {
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const group = /^\(\?P<(\w+)>/.exec(pattern.slice(i));
    if (!group) {
      out += pattern[i++];
      continue;
    }
    // Skip to the parenthesis that closes the group (character classes and nested groups included).
    let depth = 0;
    let j = i;
    for (; j < pattern.length; j++) {
      if (pattern[j] === '\\') j++;
      else if (pattern[j] === '[') j = pattern.indexOf(']', j);
      else if (pattern[j] === '(') depth++;
      else if (pattern[j] === ')' && --depth === 0) break;
    }
    out += values(group[1]);
    i = j + 1;
  }
  return out;
}

const GQL_HEADERS = { 'apollo-require-preflight': 'true' };
const GQL_READ = `/graphql?query=${encodeURIComponent('{ posts(first: 5) { nodes { databaseId title categories { nodes { name } } } } categories(first: 20) { nodes { name count } } events(first: 5) { nodes { databaseId title } } generalSettings { title } }')}`;

/** Email addresses are obfuscated with random character references on every answer (antispambot): decode them. */
function comparable(text: string): string {
  return text.replace(/&#(x?)([0-9a-f]+);/gi, (_m, hex: string, code: string) => String.fromCharCode(parseInt(code, hex ? 16 : 10)));
}

/** `YYYY-MM-DD HH:MM:SS`, `days` from now. */
function dayFromNow(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`;
}

describe('no stale answer after any write (cached instance against an uncached one)', () => {
  let a: TestApp;
  let b: TestApp;
  let reads: string[];
  let writes: Write[];
  /** Every write route, grouped by resource (the reads are compared once per group, to keep the run short). */
  let sweep: Write[][];

  beforeAll(async () => {
    a = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true });
    b = await startTestApp({ CACHE_ENABLED: 'false' }, { sharedWith: a });
    // Every other write goes through the instance that does not read: the invalidation must cross to A.
    let writesMade = 0;
    const writer = (): TestApp => (writesMade++ % 2 === 0 ? b : a);
    const admin = (method: 'post' | 'put' | 'patch' | 'delete', path: string, body: unknown = {}) => {
      const app = writer();
      return app.request[method](path).set('Authorization', app.adminAuth).send(body as object);
    };
    const first = async (path: string): Promise<number> => {
      const res = await b.request.get(path);
      if (res.status !== 200 || !Array.isArray(res.body) || res.body.length === 0) throw new Error(`no record at ${path} (${res.status})`);
      return res.body[0].id;
    };
    const firstOf = async (path: string, key: string): Promise<number> => {
      const res = await b.request.get(path);
      const list = res.body[key];
      if (!Array.isArray(list) || list.length === 0) throw new Error(`no record at ${path}`);
      return list[0].id;
    };

    // Routes about users act on a second account, so the administrator keeps its credentials.
    const other = await admin('post', '/wp-json/core/v2/users', { username: 'other', email: 'other@example.com', password: 'another secret' });
    const ids = {
      post: await first('/wp-json/core/v2/posts?per_page=1'),
      page: await first('/wp-json/core/v2/pages?per_page=1'),
      category: await first('/wp-json/core/v2/categories?per_page=1&orderby=count&order=desc'),
      tag: await first('/wp-json/core/v2/tags?per_page=1'),
      user: await first('/wp-json/core/v2/users?per_page=1'),
      event: await firstOf('/wp-json/events/v1/events?per_page=1', 'events'),
      venue: await firstOf('/wp-json/events/v1/venues?per_page=1', 'venues'),
      organizer: await firstOf('/wp-json/events/v1/organizers?per_page=1', 'organizers'),
      menuItem: (await b.request.get('/wp-json/core/v2/menu-items?per_page=1').set('Authorization', b.adminAuth)).body[0]?.id ?? 1,
    };

    const index = await b.request.get('/wp-json/');
    const routes = Object.entries(index.body.routes as Record<string, IndexRoute>);
    const collections = routes.filter(([pattern, route]) => !pattern.includes('(?P<') && route.methods.includes('GET')).map(([pattern]) => `/wp-json${pattern}`);
    const candidates = [
      ...collections,
      `/wp-json/core/v2/posts/${ids.post}`,
      `/wp-json/core/v2/pages/${ids.page}`,
      `/wp-json/core/v2/categories/${ids.category}`,
      `/wp-json/core/v2/tags/${ids.tag}`,
      `/wp-json/core/v2/users/${ids.user}`,
      `/wp-json/events/v1/events/${ids.event}`,
      `/wp-json/events/v1/venues/${ids.venue}`,
      `/wp-json/events/v1/organizers/${ids.organizer}`,
      `/wp-json/core/v2/menu-items/${ids.menuItem}`,
      '/wp-json/core/v2/posts?_embed',
      '/wp-json/events/v1/events?_embed',
      GQL_READ,
    ];
    // Only what an anonymous reader gets (and so what the cache holds); the item routes must all answer.
    reads = [];
    for (const path of candidates) if ((await b.request.get(path).set(GQL_HEADERS)).status === 200) reads.push(path);

    const stamp = () => Math.random().toString(36).slice(2, 8);
    let created = 0;
    const month = (days: number) => ({ start_date: dayFromNow(days, 10), end_date: dayFromNow(days, 12) });
    writes = [
      { label: 'create a post with terms', run: async () => {
        const res = await admin('post', '/wp-json/core/v2/posts', { title: `New ${stamp()}`, status: 'publish', categories: [ids.category], tags: [ids.tag] });
        created = res.body.id;
        return res;
      } },
      { label: 'rename and re-term the new post', run: () => admin('post', `/wp-json/core/v2/posts/${created}`, { title: `Renamed ${stamp()}`, tags: [] }) },
      { label: 'rename the read post', run: () => admin('post', `/wp-json/core/v2/posts/${ids.post}`, { title: `Read post ${stamp()}`, categories: [ids.category] }) },
      { label: 'rename the read page', run: () => admin('post', `/wp-json/core/v2/pages/${ids.page}`, { title: `Read page ${stamp()}` }) },
      { label: 'rename the read category', run: () => admin('post', `/wp-json/core/v2/categories/${ids.category}`, { name: `Category ${stamp()}` }) },
      { label: 'rename the read tag', run: () => admin('post', `/wp-json/core/v2/tags/${ids.tag}`, { name: `Tag ${stamp()}`, description: 'changed' }) },
      { label: 'create a category', run: () => admin('post', '/wp-json/core/v2/categories', { name: `Fresh ${stamp()}` }) },
      { label: 'rename the read user', run: () => admin('post', `/wp-json/core/v2/users/${ids.user}`, { name: `Author ${stamp()}` }) },
      { label: 'rename the read event and move it a month', run: () => admin('post', `/wp-json/events/v1/events/${ids.event}`, { title: `Event ${stamp()}`, ...month(35) }) },
      { label: 'create an event next month', run: () => admin('post', '/wp-json/events/v1/events', { title: `New event ${stamp()}`, status: 'publish', ...month(31), venue: ids.venue, organizer: ids.organizer }) },
      { label: 'rename the read venue', run: () => admin('post', `/wp-json/events/v1/venues/${ids.venue}`, { venue: `Venue ${stamp()}`, city: 'Elsewhere' }) },
      { label: 'rename the read organizer', run: () => admin('post', `/wp-json/events/v1/organizers/${ids.organizer}`, { organizer: `Organizer ${stamp()}` }) },
      { label: 'rename the read menu item', run: () => admin('post', `/wp-json/core/v2/menu-items/${ids.menuItem}`, { title: `Item ${stamp()}` }) },
      { label: 'change the site title', run: () => admin('post', '/wp-json/core/v2/settings', { title: `Site ${stamp()}` }) },
      { label: 'batch: rename the read post', run: () => admin('post', '/wp-json/batch/v1', { requests: [{ method: 'POST', path: `/core/v2/posts/${ids.post}`, body: { title: `Batched ${stamp()}` } }] }) },
      { label: 'GraphQL: rename the read post', run: () => {
        const app = writer();
        return app.request
          .post('/graphql')
          .set('Authorization', app.adminAuth)
          .set('content-type', 'application/json')
          .send({ query: `mutation { updatePost(input: { id: "${ids.post}", title: "By GraphQL ${stamp()}" }) { post { title } } }` });
      } },
      { label: 'trash the new post', run: () => admin('delete', `/wp-json/core/v2/posts/${created}`) },
      { label: 'delete the new post', run: () => admin('delete', `/wp-json/core/v2/posts/${created}?force=true`) },
      { label: 'delete the read tag', run: () => admin('delete', `/wp-json/core/v2/tags/${ids.tag}?force=true`) },
    ];

    const values = (name: string): string => (/user/.test(name) ? String(other.body.id) : /id|parent/.test(name) ? '1' : name === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'sample');
    const routeWrites = routes.flatMap(([pattern, route]) =>
      route.methods.filter((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m)).map((method) => ({ path: concretePath(pattern, values), method })),
    );
    // Each endpoint once per route: PUT and PATCH are the same endpoint as POST.
    const endpoint = (method: string) => (method === 'PUT' || method === 'PATCH' ? 'POST' : method);
    const byResource = new Map<string, Write[]>();
    routeWrites
      .filter((r, i) => routeWrites.findIndex((o) => o.path === r.path && endpoint(o.method) === endpoint(r.method)) === i)
      .forEach((r) => {
        // One group per resource: /core/v2/posts, /core/v2/posts/1 and /core/v2/posts/1/revisions/1 together.
        const resource = r.path.split('/').slice(0, 4).join('/');
        const group = byResource.get(resource) ?? [];
        group.push({ label: `${r.method} ${r.path}`, run: () => admin(r.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete', `/wp-json${r.path}`) });
        byResource.set(resource, group);
      });
    sweep = [...byResource.values()];
  }, 60_000);

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /**
   * Reads every path on A; each answer A serves from its cache must be what B (the oracle) computes
   * now. (A miss is computed afresh, like B's answer: it cannot be stale.)
   */
  async function stale(after: string): Promise<string[]> {
    const found: Array<string | null> = reads.map(() => null);
    let next = 0;
    // A few reads at a time (no write runs meanwhile): the database round trips overlap.
    const worker = async () => {
      for (let i = next++; i < reads.length; i = next++) {
        const path = reads[i];
        const cached = await a.request.get(path).set(GQL_HEADERS);
        if (cached.headers['x-cache'] !== 'HIT') continue;
        const fresh = await b.request.get(path).set(GQL_HEADERS);
        const same = cached.status === fresh.status && comparable(cached.text) === comparable(fresh.text) && cached.headers['x-wp-total'] === fresh.headers['x-wp-total'];
        if (!same) found[i] = `after ${after}: GET ${path} is stale`;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return found.filter((item): item is string => item !== null);
  }

  it('reads a broad set of anonymous answers, and finds the write routes of every namespace', () => {
    expect(reads.length).toBeGreaterThan(25);
    for (const item of ['/core/v2/posts/', '/core/v2/pages/', '/core/v2/categories/', '/core/v2/tags/', '/core/v2/users/', '/events/v1/events/', '/events/v1/venues/', '/events/v1/organizers/']) {
      expect(reads.some((path) => path.includes(item))).toBe(true);
    }
    const namespaces = new Set(sweep.flat().map((w) => w.label.split(' ')[1].split('/').slice(1, 3).join('/')));
    for (const ns of ['core/v2', 'batch/v1', 'events/v1', 'events-import/v1']) expect(namespaces).toContain(ns);
    expect(sweep.flat().length).toBeGreaterThan(40);
    expect(sweep.length).toBeGreaterThan(10);
  });

  it('answers like the uncached instance after each meaningful write', async () => {
    await stale('warming');
    const differences: string[] = [];
    for (const write of writes) {
      const res = await write.run();
      // These writes are meant to succeed: a refused one would test nothing.
      if (res.status >= 300) differences.push(`${write.label} was refused (${res.status})`);
      differences.push(...(await stale(write.label)));
    }
    expect(differences).toEqual([]);
  }, 120_000);

  it('answers like the uncached instance after a request to every write route, accepted or refused', async () => {
    const differences: string[] = [];
    for (const group of sweep) {
      for (const write of group) {
        const res = await write.run();
        if (res.status >= 500) differences.push(`${write.label} failed (${res.status})`);
      }
      differences.push(...(await stale(group.map((write) => write.label).join(', '))));
    }
    expect(differences).toEqual([]);
  }, 120_000);
});
