/**
 * redirects/v1 groups: the list as the plugin answers it (the sample), create and update with the
 * plugin's checks, filters, orders and paging, bulk actions that carry over to the groups'
 * redirects, the default group, and who may do what.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const NS = '/wp-json/redirects/v1';
const SAMPLES = path.join(__dirname, '..', '..', '..', 'shared', 'reference', 'samples');

describe('redirects/v1 groups', () => {
  let t: TestApp;
  const auth: Record<'editor' | 'subscriber', string> = { editor: '', subscriber: '' };
  const post = (route: string, body: unknown, who = t.adminAuth) => t.request.post(`${NS}${route}`).set('Authorization', who).send(body as object);
  const get = (route: string, who = t.adminAuth) => t.request.get(`${NS}${route}`).set('Authorization', who);
  const groups = async (query = '') => (await get(`/group?per_page=200${query}`).expect(200)).body as { items: Array<Record<string, unknown>>; total: number };
  const redirect = (url: string, groupId: number) => post('/redirect', { url, group_id: groupId, match_type: 'url', action_type: 'url', action_data: { url: '/to' } }).expect(200);

  /** Back to the two groups a fresh install has (ids 1 and 2), no redirects. */
  const reset = async () => {
    await t.db.prisma.redirect.deleteMany({});
    await t.db.prisma.redirectGroup.deleteMany({ where: { id: { gt: 2 } } });
    await t.db.prisma.redirectGroup.update({ where: { id: 1 }, data: { name: 'Redirections', moduleId: 1, enabled: true } });
    await t.db.prisma.redirectGroup.update({ where: { id: 2 }, data: { name: 'Modified Posts', moduleId: 1, enabled: true } });
  };

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of Object.keys(auth) as Array<keyof typeof auth>) auth[role] = await userAuth(t, role, role);
  });
  afterAll(() => t.close());
  beforeEach(reset);

  it('lists groups exactly as the sample, the first group marked default', async () => {
    const sample = JSON.parse(readFileSync(path.join(SAMPLES, 'redirects-group-list.http.json'), 'utf8'));
    await redirect('/sample-old-path', 1);
    const res = await get('/group').expect(200);
    expect(res.body).toEqual(sample.body);
    expect(Object.keys(res.body.items[0])).toEqual(Object.keys(sample.body.items[0]));
    expect(res.headers.allow).toBe('GET, POST, PUT, PATCH');
  });

  it('marks the group named by last_group_id as default', async () => {
    await t.db.prisma.option.create({ data: { name: 'redirection_options', value: JSON.stringify({ last_group_id: 2 }) } });
    try {
      const { items } = await groups();
      expect(items.find((g) => g.id === 2)?.default).toBe(true);
      expect(items.find((g) => g.id === 1)).not.toHaveProperty('default');
    } finally {
      await t.db.prisma.option.delete({ where: { name: 'redirection_options' } });
    }
  });

  it('creates groups with the plugin checks and answers the list', async () => {
    const res = await post('/group', { name: `  <b>Campaigns</b> ${'y'.repeat(80)}`, moduleId: 2 }).expect(200);
    expect(res.body.total).toBe(3);
    const made = res.body.items.find((g: { id: number }) => g.id > 2);
    expect(made).toEqual({ id: made.id, name: `Campaigns ${'y'.repeat(40)}`, redirects: 0, module_id: 2, moduleName: 'Apache', enabled: true });
    const off = await post('/group?orderby=id&direction=asc', { name: 'Off', moduleId: 3, status: 'disabled' }).expect(200);
    expect(off.body.items.at(-1)).toMatchObject({ name: 'Off', module_id: 3, moduleName: 'Nginx', enabled: false });

    expect((await post('/group', { moduleId: 1 }).expect(400)).body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['name'] } });
    expect((await post('/group', { name: 'x' }).expect(400)).body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['moduleId'] } });
    expect((await post('/group', { name: 'x', moduleId: 4 }).expect(400)).body.code).toBe('rest_invalid_param');
    expect((await post('/group', { name: 'x', moduleId: 'one' }).expect(400)).body.code).toBe('rest_invalid_param');
    expect((await post('/group', { name: 'x', moduleId: 0 }).expect(400)).body).toEqual({ code: 'redirect_group_invalid', message: 'Invalid group or parameters', data: { status: 400, error_code: 267 } });
    expect((await post('/group', { name: '  <i></i> ', moduleId: 1 }).expect(400)).body.code).toBe('redirect_group_invalid');
    expect((await groups()).total).toBe(4);
  });

  it('updates a group; unknown ids and empty names fail', async () => {
    const res = await post('/group/2', { name: 'Renamed', moduleId: 3 }).expect(200);
    expect(res.body).toEqual({ item: { id: 2, name: 'Renamed', redirects: 0, module_id: 3, moduleName: 'Nginx', enabled: true } });
    expect(res.headers.allow).toBe('POST, PUT, PATCH');
    // An invalid module keeps the old one, as the plugin does.
    expect((await post('/group/2', { name: 'Again', moduleId: 0 }).expect(200)).body.item).toMatchObject({ name: 'Again', module_id: 3 });
    expect((await post('/group/999', { name: 'x', moduleId: 1 }).expect(400)).body).toEqual({ code: 'redirect_group_invalid', message: 'Invalid group details', data: { status: 400, error_code: 288 } });
    await post('/group/2', { name: '', moduleId: 1 }).expect(400);
    await post('/group/2', { name: 'x' }).expect(400);
    await redirect('/in-two', 2);
    const disabled = await post('/group/2', { name: 'Again', moduleId: 1, status: 'disabled' }).expect(200);
    expect(disabled.body.item).toMatchObject({ enabled: false, redirects: 1 });
    expect((await get('/redirect').expect(200)).body.items[0].enabled).toBe(false);
    expect((await groups()).items.find((g) => g.id === 2)).toMatchObject({ name: 'Again', module_id: 1 });
  });

  it('filters, orders and pages', async () => {
    for (const [name, moduleId] of [['Alpha', 2], ['Beta', 3], ['Gamma', 1], ['Delta', 1], ['Epsilon', 2]] as const) await post('/group', { name, moduleId }).expect(200);
    await post('/bulk/group/disable', { items: [(await groups('&filterBy[name]=gamma')).items[0].id] }).expect(200);
    const names = async (query: string) => (await groups(query)).items.map((g) => g.name);
    expect(await names('&filterBy[module]=2')).toEqual(['Epsilon', 'Alpha']);
    expect(await names('&filterBy[status]=disabled')).toEqual(['Gamma']);
    expect((await names('&filterBy[status]=enabled')).length).toBe(6);
    expect(await names('&filterBy[name]=ALPH')).toEqual(['Alpha']);
    expect(await names('&filterBy[name]=e&filterBy[module]=1&filterBy[status]=enabled')).toEqual(['Redirections', 'Modified Posts', 'Delta']);
    expect((await groups('&orderby=id&direction=asc')).items.map((g) => g.id)).toEqual([...(await groups('&orderby=id')).items.map((g) => g.id)].reverse());
    expect((await names('&orderby=name&direction=asc'))).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma', 'Modified Posts', 'Redirections']);
    expect((await get('/group?per_page=5&page=1&orderby=id&direction=asc').expect(200)).body).toMatchObject({ total: 7, items: [{}, {}] });
    const bad = await get('/group?filterBy[title]=x').expect(400);
    expect(bad.body.data.params.filterBy).toBe('Filter type is not supported: title');
    await get('/group?orderby=position').expect(400);
    await get('/group?per_page=201').expect(400);
  });

  it('bulk-disables, enables and deletes groups with their redirects', async () => {
    await post('/group', { name: 'Third', moduleId: 1 }).expect(200);
    const third = (await groups('&filterBy[name]=Third')).items[0].id as number;
    await redirect('/r1', 1);
    await redirect('/r2', third);
    await redirect('/r3', third);
    expect((await groups()).items.find((g) => g.id === third)?.redirects).toBe(2);

    const disabled = await post('/bulk/group/disable', { items: [String(third), 12345] }).expect(200);
    expect(disabled.body.items.find((g: { id: number }) => g.id === third).enabled).toBe(false);
    const redirects = (await get('/redirect').expect(200)).body.items as Array<{ url: string; enabled: boolean }>;
    expect(redirects.filter((r) => !r.enabled).map((r) => r.url).sort()).toEqual(['/r2', '/r3']);
    await post('/bulk/group/enable', { global: true, filterBy: { status: 'disabled' } }).expect(200);
    expect(((await get('/redirect').expect(200)).body.items as Array<{ enabled: boolean }>).every((r) => r.enabled)).toBe(true);

    const deleted = await post('/bulk/group/delete', { items: [third] }).expect(200);
    expect(deleted.body.total).toBe(2);
    expect(((await get('/redirect').expect(200)).body.items as Array<{ url: string }>).map((r) => r.url)).toEqual(['/r1']);
  });

  it('replaces the last group deleted with a fresh "Redirections"', async () => {
    await redirect('/gone', 1);
    const res = await post('/bulk/group/delete', { global: true }).expect(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({ name: 'Redirections', module_id: 1, redirects: 0, enabled: true, default: true });
    expect((await get('/redirect').expect(200)).body.total).toBe(0);
    // Back to ids 1 and 2 for the other tests.
    await t.db.prisma.redirectGroup.deleteMany({});
    await t.db.prisma.redirectGroup.createMany({ data: [{ id: 1, name: 'Redirections', moduleId: 1 }, { id: 2, name: 'Modified Posts', moduleId: 1, position: 1 }] });
  });

  it('answers 401 to anonymous callers and 403 to editors and subscribers', async () => {
    for (const [who, status] of [[undefined, 401], [auth.editor, 403], [auth.subscriber, 403]] as const) {
      const call = (req: ReturnType<typeof get>) => (who ? req.set('Authorization', who) : req.unset('Authorization'));
      expect((await call(t.request.get(`${NS}/group`)).expect(status)).body).toMatchObject({ code: 'rest_forbidden', data: { status } });
      await call(t.request.post(`${NS}/group`).send({ name: 'x', moduleId: 1 })).expect(status);
      await call(t.request.post(`${NS}/group/1`).send({ name: 'x', moduleId: 1 })).expect(status);
      await call(t.request.post(`${NS}/bulk/group/delete`).send({ global: true })).expect(status);
    }
    expect((await groups()).total).toBe(2);
  });
});
