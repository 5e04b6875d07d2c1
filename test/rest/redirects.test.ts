/**
 * redirects/v1 redirects: the records exactly as the plugin answers them (the samples), the
 * sanitiser's rules, every filter and order of the list, paging, the bulk actions on ids and on
 * filters, who may do what, and writes that fail leaving nothing behind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const NS = '/wp-json/redirects/v1';
const SAMPLES = path.join(__dirname, '..', '..', '..', 'shared', 'reference', 'samples');
const sample = (name: string) => JSON.parse(readFileSync(path.join(SAMPLES, name), 'utf8'));

describe('redirects/v1 redirects', () => {
  let t: TestApp;
  const auth: Record<'editor' | 'subscriber', string> = { editor: '', subscriber: '' };
  const post = (route: string, body: unknown, who = t.adminAuth) => t.request.post(`${NS}${route}`).set('Authorization', who).send(body as object);
  const get = (route: string, who = t.adminAuth) => t.request.get(`${NS}${route}`).set('Authorization', who);
  const create = async (body: Record<string, unknown>) => {
    const res = await post('/redirect', { group_id: 1, action_type: 'url', match_type: 'url', action_data: { url: '/to' }, ...body, per_page: 200 });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.items as Array<Record<string, unknown>>;
  };
  const all = async (query = '') => (await get(`/redirect?per_page=200${query}`).expect(200)).body as { items: Array<Record<string, unknown>>; total: number };
  const clear = async () => {
    await t.db.prisma.redirect.deleteMany({});
  };

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of Object.keys(auth) as Array<keyof typeof auth>) auth[role] = await userAuth(t, role, role);
  });
  afterAll(() => t.close());
  beforeEach(clear);

  describe('records as the samples show them', () => {
    it('creates, updates and lists exactly as the plugin', async () => {
      const created = sample('redirects-redirect-create.http.json');
      const res = await post('/redirect', created.request.body).expect(200);
      const expected = structuredClone(created.body);
      const id = res.body.items[0].id;
      expected.items[0].id = id;
      expect(res.body).toEqual(expected);
      expect(Object.keys(res.body.items[0])).toEqual(Object.keys(created.body.items[0]));
      expect(Object.keys(res.body.items[0].match_data.source)).toEqual(Object.keys(created.body.items[0].match_data.source));
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH');

      const updated = sample('redirects-redirect-item-update.http.json');
      const up = await post(`/redirect/${id}`, updated.request.body).expect(200);
      expect(up.body).toEqual({ item: { ...updated.body.item, id } });
      expect(Object.keys(up.body.item)).toEqual(Object.keys(updated.body.item));
      expect(up.headers.allow).toBe('POST, PUT, PATCH');

      const listed = sample('redirects-redirect-list.http.json');
      const list = await get('/redirect').expect(200);
      expect(list.body).toEqual({ ...listed.body, items: [{ ...listed.body.items[0], id }] });
    });

    it('describes /redirect in the index exactly as the plugin registers it', async () => {
      const index = sample('core-index.http.json').body.routes['/redirects/v1/redirect'];
      const { body } = await t.request.get('/wp-json/').expect(200);
      expect(JSON.stringify(body.routes['/redirects/v1/redirect'])).toBe(JSON.stringify(index));
      const bulk = body.routes['/redirects/v1/bulk/redirect/(?P<bulk>delete|enable|disable|reset)'].endpoints[0].args;
      expect(Object.keys(bulk)).toEqual(['filterBy', 'orderby', 'direction', 'per_page', 'page', 'global', 'items']);
      expect(bulk.items).toEqual({ description: 'Array of IDs to perform action on', type: 'array', items: { description: 'Item ID', type: ['string', 'number'] }, required: false });
      expect(body.routes['/redirects/v1/redirect/post'].endpoints[0].args).toEqual({ text: { description: 'Text to match', type: 'string', required: true } });
      expect(body.routes['/redirects/v1/redirect/(?P<id>[\\d]+)'].endpoints[0].args).toEqual([]);
    });

    it('stores only the source flags that differ from the defaults and shows them all', async () => {
      const [item] = await create({ url: '/flags', match_data: { source: { flag_query: 'ignore', flag_case: true, flag_trailing: false, flag_regex: false }, options: { log_exclude: true } } });
      expect(item.match_data).toEqual({ source: { flag_query: 'ignore', flag_case: true, flag_trailing: false, flag_regex: false }, options: { log_exclude: true } });
      const row = await t.db.prisma.redirect.findUniqueOrThrow({ where: { id: item.id as number } });
      expect(JSON.parse(row.matchData as string)).toEqual({ source: { flag_query: 'ignore', flag_trailing: false }, options: { log_exclude: true } });
      const [plain] = await create({ url: '/plain' });
      expect((await t.db.prisma.redirect.findUniqueOrThrow({ where: { id: plain.id as number } })).matchData).toBeNull();
    });

    it('formats last_access with the site date format, "-" when never hit', async () => {
      const [item] = await create({ url: '/hit', hits: 7, last_access: '2026-03-04 10:00:00' });
      expect(item).toMatchObject({ hits: 7, last_access: 'March 4, 2026' });
      await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ date_format: 'Y/m/d' }).expect(200);
      try {
        expect((await all()).items[0].last_access).toBe('2026/03/04');
      } finally {
        await t.request.post('/wp-json/core/v2/settings').set('Authorization', t.adminAuth).send({ date_format: 'F j, Y' }).expect(200);
      }
    });
  });

  describe('the sanitiser', () => {
    it('makes sources relative, with a leading slash, without control characters or tags', async () => {
      const items = await create({ url: ['http://example.test/own-host', 'no-slash', '/tab\there', '/ctl\u0007x', '/<b>bold</b>', '/caf%C3%A9'] });
      expect(items.map((i) => i.url).sort()).toEqual(['/bold', '/café', '/ctlx', '/no-slash', '/own-host', '/tab'].sort());
    });

    it('turns an absolute source on another host into a server match', async () => {
      const [item] = await create({ url: 'https://elsewhere.example/old?x=1', action_data: { url: '/new' } });
      expect(item).toMatchObject({ url: '/old', match_type: 'server', action_data: { server: 'http://elsewhere.example', url_from: '/new', url_notfrom: '' } });
    });

    it('refuses an empty source unless auto_target makes one', async () => {
      const res = await post('/redirect', { url: '', group_id: 1, action_type: 'url', match_type: 'url' }).expect(400);
      expect(res.body).toMatchObject({ code: 'redirect', data: { status: 400, error_code: 297 } });
      expect(res.body.message).toMatch(/^Invalid source URL/);
      await t.db.prisma.option.create({ data: { name: 'redirection_options', value: JSON.stringify({ auto_target: '/auto-$dec$' }) } });
      try {
        const [item] = await create({ url: '' });
        expect(item.url).toMatch(/^\/auto-\d+$/);
      } finally {
        await t.db.prisma.option.delete({ where: { name: 'redirection_options' } });
      }
    });

    it('refuses regular expressions RE2 cannot compile, saying why', async () => {
      for (const url of ['^/(a)\\1$', '^/(?!admin).*', '^/(unclosed']) {
        const res = await post('/redirect', { url, regex: true, group_id: 1, action_type: 'url', match_type: 'url', action_data: { url: '/x' } }).expect(400);
        expect(res.body.code).toBe('redirect');
        expect(res.body.message).toMatch(/RE2/);
        expect(res.body.message).toMatch(/backreferences/);
      }
      const [ok] = await create({ url: '^/old/(.*)$', regex: 1, action_data: { url: '/new/$1' } });
      expect(ok).toMatchObject({ url: '^/old/(.*)$', match_url: 'regex', regex: true, match_data: { source: { flag_regex: true, flag_query: 'exact' } } });
      expect((await all()).total).toBe(1);
    });

    it('fits the action code to the action and shapes action_data by match type', async () => {
      const [url] = await create({ url: '/c1', action_code: 999 });
      expect(url).toMatchObject({ action_code: 301 });
      const [error] = await create({ url: '/c2', action_type: 'error', action_code: 301, action_data: { url: '/gone' } });
      expect(error).toMatchObject({ action_code: 404, action_data: null });
      const [gone] = await create({ url: '/c3', action_type: 'error', action_code: 410 });
      expect(gone).toMatchObject({ action_code: 410 });
      const [nothing] = await create({ url: '/c4', action_type: 'nothing', action_code: 301 });
      expect(nothing.action_code).toBe(0);
      const [login] = await create({ url: '/c5', match_type: 'login', action_data: { logged_in: '/in', logged_out: '/out', junk: 1 } });
      expect(login.action_data).toEqual({ logged_in: '/in', logged_out: '/out' });
      const [agent] = await create({ url: '/c6', match_type: 'agent', action_data: { agent: 'bot', regex: true, url_from: '/a', url_notfrom: '/b' } });
      expect(agent.action_data).toEqual({ regex: true, agent: 'bot', url_from: '/a', url_notfrom: '/b' });
      const [header] = await create({ url: '/c7', match_type: 'header', action_type: 'error', action_code: 403, action_data: { name: 'X Custom:', value: 'v', regex: false, url_from: '/x' } });
      expect(header.action_data).toEqual({ regex: false, name: 'XCustom', value: 'v', url_from: '', url_notfrom: '' });
      const [ip] = await create({ url: '/c8', match_type: 'ip', action_data: { ip: ['10.0.0.1', 'nonsense', '10.0.0.1', '2001:DB8:0:0::1', '192.0.2.0/24', '2001:db8::/33', '10.0.0.0/33', '1.2.3.4/x'], url_from: '/ip' } });
      // Addresses and CIDR ranges, canonical and once each; anything else is dropped.
      expect(ip.action_data).toEqual({ ip: ['10.0.0.1', '2001:db8::1', '192.0.2.0/24', '2001:db8::/33'], url_from: '/ip', url_notfrom: '' });
      const [language] = await create({ url: '/c9', match_type: 'language', action_data: { language: 'en, fr', url_from: '/l' } });
      expect(language.action_data).toEqual({ language: 'en,fr', url_from: '/l', url_notfrom: '' });
      const [empty] = await create({ url: '/c10', action_data: {} });
      expect(empty.action_data).toEqual({ url: '/' });
      const bad = await post('/redirect', { url: '/c11', group_id: 1, match_type: 'agent', action_type: 'url', action_data: { agent: '(?<=x)y', regex: true } }).expect(400);
      expect(bad.body.message).toMatch(/RE2/);
    });

    it('checks match type, action type and group', async () => {
      expect((await post('/redirect', { url: '/m', group_id: 1, match_type: 'nope', action_type: 'url' }).expect(400)).body.message).toBe('Invalid redirect matcher');
      expect((await post('/redirect', { url: '/m', group_id: 1, match_type: 'url', action_type: 'nope' }).expect(400)).body.message).toBe('Invalid redirect action');
      expect((await post('/redirect', { url: '/m', group_id: 999, match_type: 'url', action_type: 'url' }).expect(400)).body).toMatchObject({ code: 'redirect', message: 'Invalid group when creating redirect' });
      expect((await all()).total).toBe(0);
    });

    it('trims and strips titles, keeps sources created disabled disabled, takes hits from imports', async () => {
      const [item] = await create({ url: '/t', title: `  <em>Hello</em> ${'x'.repeat(600)} `, status: 'disabled', hits: '12' });
      expect((item.title as string).startsWith('Hello x')).toBe(true);
      expect((item.title as string).length).toBe(500);
      expect(item).toMatchObject({ enabled: false, hits: 12 });
      const [blank] = await create({ url: '/t2', title: '<b></b>', enabled: false });
      expect(blank).toMatchObject({ title: '', enabled: false });
    });

    it('creates one redirect per distinct source, all or none', async () => {
      const items = await create({ url: ['/one', '/two', '/one'] });
      expect(items.map((i) => i.url).sort()).toEqual(['/one', '/two']);
      await post('/redirect', { url: ['/three', ''], group_id: 1, match_type: 'url', action_type: 'url' }).expect(400);
      expect((await all()).items.map((i) => i.url).sort()).toEqual(['/one', '/two']);
    });

    it('appends to the group on create, keeping positions distinct under concurrency', async () => {
      await Promise.all(Array.from({ length: 12 }, (_, i) => post('/redirect', { url: `/p${i}`, group_id: 2, match_type: 'url', action_type: 'url' }).expect(200)));
      const positions = (await all('&filterBy[group]=2')).items.map((i) => i.position as number).sort((a, b) => a - b);
      expect(positions).toEqual(Array.from({ length: 12 }, (_, i) => i));
      const [explicit] = await create({ url: '/explicit', position: 40, group_id: 2 });
      expect(explicit.position).toBe(40);
      const [negative] = await create({ url: '/negative', position: -3, group_id: 2 });
      expect(negative.position).toBe(0);
    });

    it('updates only what the client sends; unknown ids fail', async () => {
      const [item] = await create({ url: '/u', title: 'Keep', match_data: { source: { flag_query: 'pass' } }, position: 3 });
      const res = await post(`/redirect/${item.id}`, { action_data: { url: '/changed' } }).expect(200);
      expect(res.body.item).toMatchObject({ url: '/u', title: 'Keep', position: 3, action_data: { url: '/changed' }, match_data: { source: { flag_query: 'pass' } } });
      const moved = await post(`/redirect/${item.id}`, { url: '/moved', enabled: false }).expect(200);
      expect(moved.body.item).toMatchObject({ url: '/moved', match_url: '/moved', enabled: false, title: 'Keep' });
      const missing = await post('/redirect/99999', { url: '/x' }).expect(400);
      expect(missing.body).toEqual({ code: 'redirect_update_failed', message: 'Invalid redirect details', data: { status: 400, error_code: 325 } });
      await post(`/redirect/${item.id}`, { group_id: 999 }).expect(400);
      expect((await all()).items[0]).toMatchObject({ url: '/moved', group_id: 1 });
      await post('/redirect/abc', {}).expect(404);
    });
  });

  describe('the list', () => {
    beforeEach(async () => {
      await create({ url: '/alpha', title: 'First one', action_code: 302 });
      await create({ url: '^/beta/(.*)$', regex: true, action_data: { url: '/b/$1' } });
      await create({ url: '/gamma', action_type: 'error', action_code: 410, group_id: 2, status: 'disabled' });
      await create({ url: '/delta', match_type: 'login', action_data: { logged_in: '/target-in', logged_out: '' }, hits: 5, last_access: new Date(Date.now() - 40 * 86400000).toISOString() });
      await create({ url: '/epsilon', hits: 2, last_access: new Date(Date.now() - 400 * 86400000).toISOString(), title: 'Old one' });
      await create({ url: '/zeta', hits: 9, last_access: new Date().toISOString() });
    });
    const urls = async (query: string) => (await all(query)).items.map((i) => i.url);

    it('filters by every key the plugin knows', async () => {
      expect(await urls('&filterBy[status]=disabled')).toEqual(['/gamma']);
      expect((await urls('&filterBy[status]=enabled')).length).toBe(5);
      expect(await urls('&filterBy[url-match]=regular')).toEqual(['^/beta/(.*)$']);
      expect((await urls('&filterBy[url-match]=plain')).length).toBe(5);
      expect(await urls('&filterBy[match]=login')).toEqual(['/delta']);
      expect((await urls('&filterBy[match]=unknown')).length).toBe(6);
      expect(await urls('&filterBy[action]=error')).toEqual(['/gamma']);
      expect(await urls('&filterBy[http]=302')).toEqual(['/alpha']);
      expect((await urls('&filterBy[http]=299')).length).toBe(6);
      expect((await urls('&filterBy[access]=month')).sort()).toEqual(['/alpha', '/delta', '/epsilon', '/gamma', '^/beta/(.*)$'].sort());
      expect((await urls('&filterBy[access]=year')).sort()).toEqual(['/alpha', '/epsilon', '/gamma', '^/beta/(.*)$'].sort());
      expect((await urls('&filterBy[access]=never')).sort()).toEqual(['/alpha', '/gamma', '^/beta/(.*)$'].sort());
      expect(await urls('&filterBy[url]=EPS')).toEqual(['/epsilon']);
      expect(await urls('&filterBy[target]=target-in')).toEqual(['/delta']);
      expect((await urls('&filterBy[title]=one')).sort()).toEqual(['/alpha', '/epsilon']);
      expect(await urls('&filterBy[group]=2')).toEqual(['/gamma']);
      const id = (await all('&filterBy[url]=zeta')).items[0].id;
      expect(await urls(`&filterBy[id]=${id}`)).toEqual(['/zeta']);
      expect(await urls('&filterBy[status]=enabled&filterBy[title]=one&filterBy[http]=301')).toEqual(['/epsilon']);
    });

    it('refuses unknown filters and filters that are not objects', async () => {
      const bad = await get('/redirect?filterBy[colour]=red').expect(400);
      expect(bad.body).toMatchObject({ code: 'rest_invalid_param', message: 'Invalid parameter(s): filterBy', data: { status: 400, params: { filterBy: 'Filter type is not supported: colour' } } });
      const scalar = await get('/redirect?filterBy=red').expect(400);
      expect(scalar.body.data.params.filterBy).toBe('Filter is not an array');
      // A key that would reach a prototype never arrives (the query parser drops it).
      expect((await get('/redirect?filterBy[__proto__][status]=disabled').expect(200)).body.total).toBe(6);
      expect(({} as Record<string, unknown>).status).toBeUndefined();
      await post('/bulk/redirect/delete', { global: true, filterBy: { nope: 1 } }).expect(400);
      expect((await all()).total).toBe(6);
    });

    it('orders by every field the plugin knows, both ways', async () => {
      const ids = (await all('&orderby=id&direction=asc')).items.map((i) => i.id as number);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect((await all()).items.map((i) => i.id)).toEqual([...ids].reverse());
      expect((await all('&orderby=')).items.map((i) => i.id)).toEqual([...ids].reverse());
      expect(await urls('&orderby=source&direction=asc')).toEqual(['/alpha', '/delta', '/epsilon', '/gamma', '/zeta', '^/beta/(.*)$']);
      expect((await all('&orderby=last_count')).items.map((i) => i.hits)).toEqual([9, 5, 2, 0, 0, 0]);
      expect((await urls('&orderby=last_access&direction=desc')).slice(0, 3)).toEqual(['/zeta', '/delta', '/epsilon']);
      expect((await urls('&orderby=last_access&direction=asc')).slice(3)).toEqual(['/epsilon', '/delta', '/zeta']);
      expect((await all('&orderby=position&direction=asc')).items.map((i) => i.position)).toEqual([0, 0, 1, 2, 3, 4]);
      const bad = await get('/redirect?orderby=colour').expect(400);
      expect(bad.body.data.params.orderby).toBe('orderby is not one of source, last_count, last_access, position, id, and .');
      await get('/redirect?direction=up').expect(400);
    });

    it('pages from 0 with per_page between 5 and 200', async () => {
      const first = await get('/redirect?per_page=5&orderby=id&direction=asc').expect(200);
      const second = await get('/redirect?per_page=5&page=1&orderby=id&direction=asc').expect(200);
      expect(first.body.items).toHaveLength(5);
      expect(second.body.items).toHaveLength(1);
      expect(first.body.total).toBe(6);
      expect(second.body.total).toBe(6);
      expect((await get('/redirect?per_page=5&page=9').expect(200)).body).toEqual({ items: [], total: 6 });
      for (const query of ['per_page=4', 'per_page=201', 'page=-1', 'per_page=x']) await get(`/redirect?${query}`).expect(400);
      expect((await get('/redirect').expect(200)).body.items).toHaveLength(6);
    });
  });

  describe('bulk actions', () => {
    let ids: number[] = [];
    beforeEach(async () => {
      const items = await create({ url: ['/b1', '/b2', '/b3', '/b4'], hits: 3, last_access: '2026-01-01 00:00:00' });
      ids = items.map((i) => i.id as number).sort((a, b) => a - b);
    });

    it('acts on listed ids (numbers or strings) and answers the list', async () => {
      const res = await post('/bulk/redirect/disable', { items: [ids[0], String(ids[1])] }).expect(200);
      expect(res.body.total).toBe(4);
      expect(res.body.items.filter((i: { enabled: boolean }) => !i.enabled).map((i: { id: number }) => i.id).sort()).toEqual([ids[0], ids[1]].sort());
      await post('/bulk/redirect/enable', { items: [ids[0]] }).expect(200);
      const reset = await post('/bulk/redirect/reset', { items: [ids[2]] }).expect(200);
      expect(reset.body.items.find((i: { id: number }) => i.id === ids[2])).toMatchObject({ hits: 0, last_access: '-' });
      const deleted = await post('/bulk/redirect/delete?filterBy[status]=enabled', { items: [ids[3]] }).expect(200);
      expect(deleted.body.total).toBe(2);
      expect((await all()).total).toBe(3);
    });

    it('changes nothing when one id is unknown', async () => {
      const res = await post('/bulk/redirect/delete', { items: [ids[0], 999999] }).expect(400);
      expect(res.body).toEqual({ code: 'redirect_bulk_failed', message: 'Invalid redirect', data: { status: 400, error_code: 345 } });
      await post('/bulk/redirect/disable', { items: [ids[1], 'abc'] }).expect(400);
      expect((await all()).items.every((i) => i.enabled)).toBe(true);
      expect((await all()).total).toBe(4);
    });

    it('acts on everything the filters match with global', async () => {
      await post('/bulk/redirect/disable', { global: true, filterBy: { url: 'b1' } }).expect(200);
      expect(await (async () => (await all('&filterBy[status]=disabled')).items.map((i) => i.url))()).toEqual(['/b1']);
      await post('/bulk/redirect/reset', { global: true }).expect(200);
      expect((await all()).items.every((i) => i.hits === 0 && i.last_access === '-')).toBe(true);
      await post('/bulk/redirect/delete', { global: true, filterBy: { status: 'enabled' } }).expect(200);
      expect((await all()).items.map((i) => i.url)).toEqual(['/b1']);
      await post('/bulk/redirect/delete', {}).expect(200);
      expect((await all()).total).toBe(1);
      await post('/bulk/redirect/explode', { global: true }).expect(404);
    });
  });

  describe('hostile input', () => {
    it('never answers with a 5xx', async () => {
      const sends: Array<[string, string, unknown]> = [
        ['get', '/redirect?page=999999999999999', undefined],
        ['get', '/redirect?filterBy[url][a]=b&filterBy[id]=1e99&filterBy[group]=x', undefined],
        ['post', '/redirect', { url: '/h1', group_id: 1, title: { a: 1 }, action_data: { url: ['a'] }, match_data: 'zz', position: 1e30, hits: -5, last_access: '99999-01-01' }],
        ['post', '/redirect', { url: '/h2', group_id: '1', match_data: { source: { flag_query: { $gt: 1 }, flag_case: 'yes' }, options: [1] } }],
        ['post', '/redirect', { url: '/h3', group_id: 1, match_type: 'ip', action_data: { ip: '1.2.3.4' } }],
        ['post', '/redirect', { url: { nested: true }, group_id: 1 }],
        ['post', '/redirect', { url: '/h4', group_id: 1e40, action_code: 'x' }],
        ['post', '/redirect/99999999999999999999', { url: '/q' }],
        ['post', '/bulk/redirect/enable', { items: Array.from({ length: 5000 }, (_, i) => i + 1) }],
        ['post', '/bulk/redirect/delete', { items: [{ id: 1 }] }],
        ['post', '/bulk/group/enable', { items: Array.from({ length: 5000 }, (_, i) => i + 1) }],
        ['post', '/group/99999999999999999999', { name: 'q', moduleId: 1 }],
        ['get', '/redirect/post?text=%25', undefined],
      ];
      for (const [method, route, body] of sends) {
        const res = method === 'get' ? await get(route) : await post(route, body);
        expect({ route, status: res.status < 500 }).toEqual({ route, status: true });
      }
      const h1 = (await all('&filterBy[url]=h1')).items[0];
      expect(h1).toMatchObject({ title: '', position: 2147483647, hits: 0, last_access: '-', action_data: { url: '/' } });
    });
  });

  describe('permissions', () => {
    it('answers 401 to anonymous callers and 403 to editors and subscribers', async () => {
      await create({ url: '/keep' });
      for (const [who, status] of [[undefined, 401], [auth.editor, 403], [auth.subscriber, 403]] as const) {
        const call = (req: ReturnType<typeof get>) => (who ? req.set('Authorization', who) : req.unset('Authorization'));
        expect((await call(t.request.get(`${NS}/redirect`)).expect(status)).body).toMatchObject({ code: 'rest_forbidden', data: { status } });
        await call(t.request.post(`${NS}/redirect`).send({ url: '/x', group_id: 1 })).expect(status);
        await call(t.request.post(`${NS}/redirect/1`).send({ url: '/x' })).expect(status);
        await call(t.request.post(`${NS}/bulk/redirect/delete`).send({ global: true })).expect(status);
        await call(t.request.get(`${NS}/redirect/post?text=a`)).expect(status);
      }
      expect((await all()).items.map((i) => i.url)).toEqual(['/keep']);
    });
  });

  describe('redirect/post', () => {
    it('finds published posts and pages by title or slug, with their permalinks', async () => {
      const make = (body: Record<string, unknown>, type = 'posts') => t.request.post(`/wp-json/core/v2/${type}`).set('Authorization', t.adminAuth).send(body).expect(201);
      await make({ title: 'Garden notes', slug: 'garden-notes', status: 'publish' });
      await make({ title: 'About', slug: 'about-the-garden', status: 'publish' }, 'pages');
      await make({ title: 'Garden draft', status: 'draft' });
      const res = await get('/redirect/post?text=garden').expect(200);
      expect(res.body).toEqual(expect.arrayContaining([
        { title: 'Garden notes', value: 'http://example.test/garden-notes/' },
        { title: 'about-the-garden', value: 'http://example.test/about-the-garden/' },
      ]));
      expect(res.body).toHaveLength(2);
      expect((await get('/redirect/post').expect(400)).body.code).toBe('rest_missing_callback_param');
    });
  });
});
