/**
 * No write route can forget to invalidate: every route of every namespace that the index lists
 * with a method other than GET is called (as the administrator, with whatever body — a refused
 * write must invalidate just as safely as an accepted one), and a read cached just before must be
 * recomputed afterwards. The list comes from the index itself, so a new route is covered the day
 * it is added.
 */
import { startTestApp, type TestApp } from '../support/app';

interface IndexRoute {
  namespace: string;
  methods: string[];
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

describe('cache invalidation by every write route', () => {
  let t: TestApp;
  let routes: Array<{ path: string; method: string }>;
  beforeAll(async () => {
    t = await startTestApp({ CACHE_ENABLED: 'true' }, { seed: true });
    // Routes about users act on a second account, so the administrator keeps its credentials.
    const other = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: 'other', email: 'other@example.com', password: 'another secret' });
    const values = (name: string): string => (/user/.test(name) ? String(other.body.id) : /id|parent/.test(name) ? '1' : name === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'sample');
    const index = await t.request.get('/wp-json/');
    routes = Object.entries(index.body.routes as Record<string, IndexRoute>).flatMap(([pattern, route]) =>
      route.methods.filter((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m)).map((method) => ({ path: concretePath(pattern, values), method })),
    );
    // Each method once per route (PUT and PATCH are the same endpoint as POST).
    routes = routes.filter((r, i) => routes.findIndex((o) => o.path === r.path && o.method === r.method) === i);
  });
  afterAll(() => t.close());

  it('finds the write routes of every namespace', () => {
    const namespaces = new Set(routes.map((r) => r.path.split('/').slice(1, 3).join('/')));
    for (const ns of ['core/v2', 'batch/v1', 'events/v1', 'events-import/v1']) expect(namespaces).toContain(ns);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('recomputes a cached read after a request to each of them, accepted or refused', async () => {
    const read = () => t.request.get('/wp-json/core/v2/posts?per_page=1&_fields=id');
    const forgotten: string[] = [];
    for (const route of routes) {
      await read();
      if ((await read()).headers['x-cache'] !== 'HIT') throw new Error('the read was not cached to begin with');
      const res = await t.request[route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](`/wp-json${route.path}`).set('Authorization', t.adminAuth).send({});
      expect(res.status).toBeLessThan(500);
      if ((await read()).headers['x-cache'] !== 'MISS') forgotten.push(`${route.method} ${route.path} (${res.status})`);
    }
    expect(forgotten).toEqual([]);
  });
});
