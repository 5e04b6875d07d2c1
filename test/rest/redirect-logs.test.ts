/**
 * redirects/v1 /log, /404 and their bulk deletes over real HTTP: entries written through the
 * domain's batch writers (as the matcher writes them), then listed, filtered, grouped, ordered,
 * paged and deleted as the Redirection plugin's REST API answers.
 */
import { Prisma } from '../../src/generated/prisma-sqlite/client';
import { appendNotFoundLogs, appendRedirectLogs, type RedirectLogEntry } from '../../src/domain/redirects/logs-write';
import { expireLogs } from '../../src/domain/redirects/logs-retention';
import { REDIRECT_SETTINGS_OPTION } from '../../src/domain/redirects/settings';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const LOG = '/wp-json/redirects/v1/log';
const NOT_FOUND = '/wp-json/redirects/v1/404';

describe('redirects/v1 logs', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await userAuth(t, 'ed', 'editor');
  });
  afterAll(() => t.close());

  const base = Date.UTC(2026, 10, 22, 3, 20, 0);
  const at = (minutes: number) => new Date(base + minutes * 60_000);

  /** Three misses of /a, two of /b, one of /C; three addresses; two agents. */
  async function fillNotFound(): Promise<void> {
    await t.db.prisma.notFoundLog.deleteMany({});
    await appendNotFoundLogs(t.db, [
      { createdAt: at(0), url: '/a', domain: 'http://example.test', ip: '10.0.0.1', agent: 'Mozilla/5.0', referrer: 'http://example.test/', requestMethod: 'get' },
      { createdAt: at(1), url: '/a', domain: 'http://example.test', ip: '10.0.0.2', agent: 'Mozilla/5.0', requestMethod: 'GET' },
      { createdAt: at(2), url: '/b', domain: 'http://example.test', ip: '10.0.0.1', agent: 'curl/8.0', requestMethod: 'HEAD' },
      { createdAt: at(3), url: '/a', domain: 'http://other.test', ip: '10.0.0.3', agent: 'curl/8.0', requestMethod: 'POST' },
      { createdAt: at(4), url: '/b', domain: 'http://example.test', ip: '10.0.0.1', agent: 'Mozilla/5.0', requestMethod: 'GET' },
      { createdAt: at(5), url: '/C%20d', domain: 'http://example.test', ip: '2001:0db8::0001', agent: 'Mozilla/5.0', requestMethod: 'BREW' },
    ]);
  }

  const list = (path: string, query: Record<string, unknown> = {}, auth = t.adminAuth) => t.request.get(path).query(query).set('Authorization', auth);
  const urls = (body: { items: Array<{ url: string }> }) => body.items.map((item) => item.url);

  describe('the 404 log', () => {
    beforeEach(fillNotFound);

    it('answers entries as the plugin does, field by field, newest first', async () => {
      const res = await list(NOT_FOUND).expect(200);
      expect(res.body.total).toBe(6);
      expect(urls(res.body)).toEqual(['/C d', '/b', '/a', '/b', '/a', '/a']);
      const first = res.body.items[5];
      expect(Object.keys(first)).toEqual(['id', 'created', 'created_time', 'url', 'agent', 'referrer', 'domain', 'ip', 'http_code', 'request_method', 'request_data']);
      expect(first).toMatchObject({
        created: 'November 22, 2026', created_time: '3:20 am', url: '/a', agent: 'Mozilla/5.0', referrer: 'http://example.test/',
        domain: 'http://example.test', ip: '10.0.0.1', http_code: 404, request_method: 'GET', request_data: '',
      });
      expect(typeof first.id).toBe('number');
      // An unknown method is kept as "" (the plugin's supported methods only).
      expect(res.body.items[0].request_method).toBe('');
    });

    it('shows dates in the site time zone and formats', async () => {
      await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ timezone: 'Europe/Paris', date_format: 'Y-m-d', time_format: 'H:i' }).expect(200);
      try {
        const res = await list(NOT_FOUND, { per_page: 200 }).expect(200);
        expect(res.body.items[5]).toMatchObject({ created: '2026-11-22', created_time: '04:20' });
      } finally {
        await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ timezone: 'UTC', date_format: 'F j, Y', time_format: 'g:i a' }).expect(200);
      }
    });

    it('filters as the plugin does', async () => {
      expect(urls((await list(NOT_FOUND, { 'filterBy[url]': 'A' }).expect(200)).body)).toEqual(['/a', '/a', '/a']);
      expect((await list(NOT_FOUND, { 'filterBy[url-exact]': '/b' }).expect(200)).body.total).toBe(2);
      expect((await list(NOT_FOUND, { 'filterBy[ip]': '10.0.0.1' }).expect(200)).body.total).toBe(3);
      // A partial address matches as a substring; an IPv6 address matches in its canonical form.
      expect((await list(NOT_FOUND, { 'filterBy[ip]': '10.0.0' }).expect(200)).body.total).toBe(5);
      expect(urls((await list(NOT_FOUND, { 'filterBy[ip]': '2001:db8:0::1' }).expect(200)).body)).toEqual(['/C d']);
      expect((await list(NOT_FOUND, { 'filterBy[agent]': 'CURL' }).expect(200)).body.total).toBe(2);
      expect((await list(NOT_FOUND, { 'filterBy[referrer]': 'example' }).expect(200)).body.total).toBe(1);
      expect((await list(NOT_FOUND, { 'filterBy[domain]': 'other' }).expect(200)).body.total).toBe(1);
      expect((await list(NOT_FOUND, { 'filterBy[method]': 'head' }).expect(200)).body.total).toBe(1);
      // An unknown method is no filter at all.
      expect((await list(NOT_FOUND, { 'filterBy[method]': 'BREW' }).expect(200)).body.total).toBe(6);
      expect((await list(NOT_FOUND, { 'filterBy[http]': '404' }).expect(200)).body.total).toBe(6);
      expect((await list(NOT_FOUND, { 'filterBy[http]': '301' }).expect(200)).body.total).toBe(0);
      // LIKE's own characters are literal.
      expect((await list(NOT_FOUND, { 'filterBy[url]': '%' }).expect(200)).body.total).toBe(0);
      // Filters combine.
      expect((await list(NOT_FOUND, { 'filterBy[url]': 'a', 'filterBy[ip]': '10.0.0.1' }).expect(200)).body.total).toBe(1);
    });

    it('answers extreme values without a server error', async () => {
      for (const query of [{ 'filterBy[http]': '99999999999999999999' }, { 'filterBy[http]': '-5' }, { page: 1e15 }, { page: '9'.repeat(30) }, { 'filterBy[ip]': '::ffff:10.0.0.1' }, { 'filterBy[url]': '\\' }]) {
        const res = await list(NOT_FOUND, query);
        expect([200, 400]).toContain(res.status);
      }
      expect((await list(NOT_FOUND, { 'filterBy[http]': '99999999999999999999' }).expect(200)).body.total).toBe(0);
      expect((await list(NOT_FOUND, { page: 1e15 }).expect(200)).body).toEqual({ items: [], total: 6 });
    });

    it('refuses filters the route does not support, and a filter that is not an object', async () => {
      const unknown = await list(NOT_FOUND, { 'filterBy[target]': 'x' }).expect(400);
      expect(unknown.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { filterBy: 'Filter type is not supported: target' } } });
      const scalar = await list(NOT_FOUND, { filterBy: 'url' }).expect(400);
      expect(scalar.body.data.params.filterBy).toBe('Filter is not an array');
      // A filter value that is a list is ignored, never an error.
      expect((await list(NOT_FOUND, { 'filterBy[url][]': 'a' }).expect(200)).body.total).toBe(6);
    });

    it('orders by url or ip, else by id; pages from 0 within 5..200', async () => {
      expect(urls((await list(NOT_FOUND, { orderby: 'url', direction: 'asc' }).expect(200)).body)).toEqual(['/C d', '/a', '/a', '/a', '/b', '/b']);
      expect(urls((await list(NOT_FOUND, { orderby: 'url', direction: 'desc' }).expect(200)).body)).toEqual(['/b', '/b', '/a', '/a', '/a', '/C d']);
      const byIp = await list(NOT_FOUND, { orderby: 'ip', direction: 'asc' }).expect(200);
      expect(byIp.body.items.map((i: { ip: string }) => i.ip)).toEqual(['10.0.0.1', '10.0.0.1', '10.0.0.1', '10.0.0.2', '10.0.0.3', '2001:db8::1']);
      // total and count are accepted (the UI sends them) and order like the default; so does "".
      for (const orderby of ['total', 'count', '']) {
        expect(urls((await list(NOT_FOUND, { orderby, direction: 'asc' }).expect(200)).body)).toEqual(['/a', '/a', '/b', '/a', '/b', '/C d']);
      }
      expect((await list(NOT_FOUND, { orderby: 'agent' }).expect(400)).body.code).toBe('rest_invalid_param');
      expect((await list(NOT_FOUND, { direction: 'up' }).expect(400)).body.code).toBe('rest_invalid_param');
      const second = await list(NOT_FOUND, { per_page: 5, page: 1, direction: 'asc' }).expect(200);
      expect(urls(second.body)).toEqual(['/C d']);
      expect(second.body.total).toBe(6);
      expect((await list(NOT_FOUND, { per_page: 5, page: 99 }).expect(200)).body).toEqual({ items: [], total: 6 });
      for (const bad of [{ per_page: 4 }, { per_page: 201 }, { page: -1 }, { per_page: 'x' }]) {
        expect((await list(NOT_FOUND, bad).expect(400)).body.code).toBe('rest_invalid_param');
      }
    });

    it('groups by url, url-exact, ip and agent, sorted by count', async () => {
      const byUrl = await list(NOT_FOUND, { groupBy: 'url' }).expect(200);
      expect(byUrl.body).toEqual({
        items: [{ count: 3, url: '/a', id: '/a' }, { count: 2, url: '/b', id: '/b' }, { count: 1, url: '/C d', id: '/C d' }],
        total: 3,
      });
      expect((await list(NOT_FOUND, { groupBy: 'url-exact' }).expect(200)).body).toEqual(byUrl.body);
      const byIp = await list(NOT_FOUND, { groupBy: 'ip', direction: 'asc' }).expect(200);
      expect(byIp.body.items).toEqual([
        { count: 1, ip: '10.0.0.2', id: '10.0.0.2' }, { count: 1, ip: '10.0.0.3', id: '10.0.0.3' }, { count: 1, ip: '2001:db8::1', id: '2001:db8::1' }, { count: 3, ip: '10.0.0.1', id: '10.0.0.1' },
      ]);
      expect(byIp.body.total).toBe(4);
      const byAgent = await list(NOT_FOUND, { groupBy: 'agent', 'filterBy[url]': 'a' }).expect(200);
      expect(byAgent.body).toEqual({ items: [{ count: 2, agent: 'Mozilla/5.0', id: 'Mozilla/5.0' }, { count: 1, agent: 'curl/8.0', id: 'curl/8.0' }], total: 2 });
      const paged = await list(NOT_FOUND, { groupBy: 'url', per_page: 5, page: 1 }).expect(200);
      expect(paged.body).toEqual({ items: [], total: 3 });
      // Another value does not group.
      expect((await list(NOT_FOUND, { groupBy: 'referrer' }).expect(200)).body.items[0].id).toEqual(expect.any(Number));
    });

    it('deletes by id, by grouped value, or everything a filter matches, answering the list', async () => {
      const all = (await list(NOT_FOUND).expect(200)).body.items as Array<{ id: number; url: string }>;
      const bulk = (query: Record<string, unknown>, body: Record<string, unknown>, auth = t.adminAuth) =>
        t.request.post('/wp-json/redirects/v1/bulk/404/delete').query(query).set('Authorization', auth).send(body);

      const byId = await bulk({}, { items: [all[0].id, String(all[1].id)] }).expect(200);
      expect(byId.body.total).toBe(4);
      expect(byId.body.items.map((i: { id: number }) => i.id)).toEqual(all.slice(2).map((i) => i.id));

      // Grouped values delete every entry of the group; the answer stays grouped (by url here).
      const byUrl = await bulk({ groupBy: 'url' }, { items: ['/a'] }).expect(200);
      expect(byUrl.body).toEqual({ items: [{ count: 1, url: '/b', id: '/b' }], total: 1 });

      await fillNotFound();
      // url-exact groups delete by url too, and the 404 log then answers its plain list.
      const exact = await bulk({ groupBy: 'url-exact' }, { items: ['/b'] }).expect(200);
      expect(exact.body.total).toBe(4);
      expect(exact.body.items[0]).toHaveProperty('created');
      const byIp = await bulk({ groupBy: 'ip' }, { items: ['10.0.0.1'] }).expect(200);
      expect(byIp.body.items.map((i: { count: number; ip: string }) => [i.ip, i.count])).toEqual([['10.0.0.2', 1], ['10.0.0.3', 1], ['2001:db8::1', 1]]);

      await fillNotFound();
      // Numbers that can be no id delete nothing.
      expect((await bulk({}, { items: ['99999999999999999999', -1, 0, '1e300'] }).expect(200)).body.total).toBe(6);
      // Without groupBy, values that are not ids are ignored.
      expect((await bulk({}, { items: ['/a'] }).expect(200)).body.total).toBe(6);
      // global deletes what the filter lists; items take precedence over global.
      const filtered = await bulk({ 'filterBy[agent]': 'curl' }, { global: true }).expect(200);
      expect(filtered.body.total).toBe(0);
      expect((await list(NOT_FOUND).expect(200)).body.total).toBe(4);
      expect((await bulk({}, { global: true, items: [] }).expect(200)).body.total).toBe(4);
      expect((await bulk({}, { global: false }).expect(200)).body.total).toBe(4);
      expect((await bulk({ global: 'false' }, {}).expect(200)).body.total).toBe(4);
      expect((await bulk({ global: '0' }, {}).expect(200)).body.total).toBe(4);
      expect((await bulk({}, { global: true }).expect(200)).body).toEqual({ items: [], total: 0 });
    });

    it('refuses bad bulk arguments and unknown bulk actions', async () => {
      const res = await t.request.post('/wp-json/redirects/v1/bulk/404/delete').set('Authorization', t.adminAuth).send({ items: [{ id: 1 }] }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      await t.request.post('/wp-json/redirects/v1/bulk/404/enable').set('Authorization', t.adminAuth).send({ items: [1] }).expect(404);
      await t.request.get('/wp-json/redirects/v1/bulk/404/delete').set('Authorization', t.adminAuth).expect(404);
      const filter = await t.request.post('/wp-json/redirects/v1/bulk/404/delete').query({ 'filterBy[redirect_by]': 'x' }).set('Authorization', t.adminAuth).send({ global: true }).expect(400);
      expect(filter.body.data.params.filterBy).toBe('Filter type is not supported: redirect_by');
      expect((await list(NOT_FOUND).expect(200)).body.total).toBe(6);
    });
  });

  describe('the redirect log', () => {
    const entries: RedirectLogEntry[] = [
      { createdAt: at(0), url: '/old', domain: 'http://example.test', ip: '10.0.0.1', agent: 'Mozilla/5.0', sentTo: '/new', redirectId: 7, httpCode: 301, requestMethod: 'GET', requestData: { headers: { accept: 'text/html' } } },
      { createdAt: at(1), url: '/old', domain: 'http://example.test', ip: '10.0.0.2', agent: 'curl/8.0', sentTo: '/new', redirectId: 7, httpCode: 301 },
      { createdAt: at(2), url: '/wp', domain: 'http://example.test', ip: '10.0.0.1', agent: 'curl/8.0', sentTo: '/wp/', httpCode: 301, redirectBy: 'WordPress' },
    ];
    beforeEach(async () => {
      await t.db.prisma.redirectLog.deleteMany({});
      expect(await appendRedirectLogs(t.db, entries)).toBe(3);
    });

    it('answers entries with the redirect fields', async () => {
      const res = await list(LOG).expect(200);
      expect(res.body.total).toBe(3);
      const [wp, , first] = res.body.items;
      expect(Object.keys(first)).toEqual([
        'id', 'created', 'created_time', 'url', 'agent', 'referrer', 'domain', 'ip', 'http_code', 'request_method', 'request_data',
        'sent_to', 'redirection_id', 'redirect_by_slug', 'redirect_by',
      ]);
      expect(first).toMatchObject({ url: '/old', http_code: 301, request_data: { headers: { accept: 'text/html' } }, sent_to: '/new', redirection_id: 7, redirect_by_slug: 'redirection', redirect_by: 'Redirection' });
      expect(wp).toMatchObject({ redirection_id: 0, redirect_by_slug: 'wordpress', redirect_by: 'WordPress' });
    });

    it('filters by target and redirect_by, groups by ip|url|agent only, and deletes', async () => {
      expect((await list(LOG, { 'filterBy[target]': 'NEW' }).expect(200)).body.total).toBe(2);
      expect((await list(LOG, { 'filterBy[redirect_by]': 'wordpress' }).expect(200)).body.total).toBe(1);
      expect((await list(LOG, { groupBy: 'agent' }).expect(200)).body).toEqual({ items: [{ count: 2, agent: 'curl/8.0', id: 'curl/8.0' }, { count: 1, agent: 'Mozilla/5.0', id: 'Mozilla/5.0' }], total: 2 });
      // url-exact groups only the 404 log.
      expect((await list(LOG, { groupBy: 'url-exact' }).expect(200)).body.items[0]).toHaveProperty('sent_to');
      const res = await t.request.post('/wp-json/redirects/v1/bulk/log/delete').query({ groupBy: 'url' }).set('Authorization', t.adminAuth).send({ items: ['/old'] }).expect(200);
      expect(res.body).toEqual({ items: [{ count: 1, url: '/wp', id: '/wp' }], total: 1 });
      const put = await t.request.put('/wp-json/redirects/v1/bulk/log/delete').set('Authorization', t.adminAuth).send({ global: 1 }).expect(200);
      expect(put.body).toEqual({ items: [], total: 0 });
    });

    it('declares the plugin arguments', async () => {
      const res = await t.request.options(LOG).set('Authorization', t.adminAuth).expect(200);
      const args = res.body.endpoints[0].args;
      expect(Object.keys(args)).toEqual(['filterBy', 'orderby', 'direction', 'per_page', 'page']);
      expect(args.orderby.enum).toEqual(['url', 'ip', 'total', 'count', '']);
      expect(args.per_page).toMatchObject({ type: 'integer', default: 25, minimum: 5, maximum: 200 });
      expect(args.page).toMatchObject({ type: 'integer', default: 0, minimum: 0 });
      const bulk = await t.request.options('/wp-json/redirects/v1/bulk/log/delete').set('Authorization', t.adminAuth).expect(200);
      expect(bulk.body.endpoints[0].methods).toEqual(['POST', 'PUT', 'PATCH']);
      expect(bulk.body.endpoints[0].args.items).toMatchObject({ type: 'array', items: { type: ['string', 'number'] } });
    });
  });

  describe('permissions', () => {
    it.each([
      ['GET', LOG], ['GET', NOT_FOUND], ['POST', '/wp-json/redirects/v1/bulk/log/delete'], ['POST', '/wp-json/redirects/v1/bulk/404/delete'],
    ])('%s %s is for administrators', async (method, path) => {
      const call = (auth?: string) => {
        const req = method === 'GET' ? t.request.get(path) : t.request.post(path).send({ global: true });
        return auth ? req.set('Authorization', auth) : req;
      };
      expect((await call().expect(401)).body).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
      expect((await call(editor).expect(403)).body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    });

    it('leaves the logs alone when a delete is refused', async () => {
      await fillNotFound();
      await t.request.post('/wp-json/redirects/v1/bulk/404/delete').set('Authorization', editor).send({ global: true }).expect(403);
      expect(await t.db.prisma.notFoundLog.count()).toBe(6);
    });
  });

  describe('cache', () => {
    it('writes to the logs publish no cache tags (no cached answer reads them)', async () => {
      t.db.changes.take();
      await appendNotFoundLogs(t.db, [{ url: '/x', domain: '', ip: '' }]);
      await appendRedirectLogs(t.db, [{ url: '/y', domain: '', ip: '' }]);
      // The bulk deletes' statements (a request drains what it published, so they are run here).
      await t.db.prisma.$executeRaw(Prisma.sql`DELETE FROM "NotFoundLog" WHERE 1=1`);
      await t.db.prisma.redirectLog.deleteMany({ where: { id: { in: [1, 2] } } });
      expect(t.db.changes.take()).toEqual([]);
      // While a rule's write does publish.
      await t.db.prisma.redirectGroup.update({ where: { id: 1 }, data: { position: 0 } });
      expect(t.db.changes.take()).toEqual(['redirects']);
    });
  });

  describe('retention', () => {
    const setRetention = async (value: Record<string, number> | null) => {
      await t.db.prisma.option.deleteMany({ where: { name: REDIRECT_SETTINGS_OPTION } });
      if (value) await t.db.prisma.option.create({ data: { name: REDIRECT_SETTINGS_OPTION, value: JSON.stringify(value) } });
    };

    it('deletes entries older than the setting days, keeps them for 0', async () => {
      const now = new Date(Date.UTC(2026, 10, 26, 12));
      const day = 86_400_000;
      await t.db.prisma.redirectLog.deleteMany({});
      await t.db.prisma.notFoundLog.deleteMany({});
      await appendRedirectLogs(t.db, [8, 6, 1].map((days) => ({ createdAt: new Date(now.getTime() - days * day), url: `/r${days}`, domain: '', ip: '' })));
      await appendNotFoundLogs(t.db, [40, 20, 1].map((days) => ({ createdAt: new Date(now.getTime() - days * day), url: `/n${days}`, domain: '', ip: '' })));
      await setRetention({ expire_redirect: 0, expire_404: 0 });
      expect(await expireLogs(t.db, now)).toEqual({ redirect: 0, notFound: 0 });
      await setRetention({ expire_redirect: -1, expire_404: 30 });
      expect(await expireLogs(t.db, now)).toEqual({ redirect: 0, notFound: 1 });
      await setRetention(null); // the defaults: 7 days each
      expect(await expireLogs(t.db, now)).toEqual({ redirect: 1, notFound: 1 });
      expect((await t.db.prisma.redirectLog.findMany({ orderBy: { id: 'asc' } })).map((r) => r.url)).toEqual(['/r6', '/r1']);
      expect((await t.db.prisma.notFoundLog.findMany()).map((r) => r.url)).toEqual(['/n1']);
    });
  });
});
