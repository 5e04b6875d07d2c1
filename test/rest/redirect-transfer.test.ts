/**
 * redirects/v1 import and export: export of a module or of everything (enabled redirects only),
 * files uploaded as multipart `file` into a group (JSON recreating its groups), every imported
 * redirect through the same sanitiser, each format re-importable with nothing lost, the
 * plugin-importer routes, errors and permissions.
 */
import { startTestApp, userAuth, type TestApp } from '../support/app';

const NS = '/wp-json/redirects/v1';

type Item = Record<string, unknown>;

describe('redirects/v1 import and export', () => {
  let t: TestApp;
  const auth: Record<'editor' | 'subscriber', string> = { editor: '', subscriber: '' };
  const post = (route: string, body: unknown, who = t.adminAuth) => t.request.post(`${NS}${route}`).set('Authorization', who).send(body as object);
  const get = (route: string, who = t.adminAuth) => t.request.get(`${NS}${route}`).set('Authorization', who);
  const upload = (groupId: number | string, name: string, text: string, who = t.adminAuth) =>
    t.request.post(`${NS}/import/file/${groupId}`).set('Authorization', who).attach('file', Buffer.from(text, 'utf8'), name);
  const redirects = async (query = '') => ((await get(`/redirect?per_page=200&orderby=id&direction=asc${query}`).expect(200)).body.items as Item[]);
  /** What must survive a round trip: everything but ids, positions and the group a file cannot name. */
  const essence = (items: Item[], keepGroup = false) =>
    items.map((i) => ({ url: i.url, match_url: i.match_url, match_data: i.match_data, action_code: i.action_code, action_type: i.action_type, action_data: i.action_data, match_type: i.match_type, regex: i.regex, enabled: i.enabled, ...(keepGroup ? { title: i.title, hits: i.hits } : {}) }))
      .sort((a, b) => String(a.url).localeCompare(String(b.url)));

  const reset = async () => {
    await t.db.prisma.redirect.deleteMany({});
    await t.db.prisma.redirectGroup.deleteMany({ where: { id: { gt: 2 } } });
  };
  const seed = async () => {
    const make = (body: Item) => post('/redirect', { group_id: 1, match_type: 'url', action_type: 'url', ...body }).expect(200);
    await make({ url: '/old-page', action_data: { url: '/new-page' }, title: 'Moved page' });
    await make({ url: '/temporary', action_data: { url: 'https://elsewhere.example/x' }, action_code: 302 });
    await make({ url: '^/blog/(\\d+)/(.*)$', regex: true, action_data: { url: '/posts/$2?id=$1' } });
    await make({ url: '/gone', action_type: 'error', action_code: 410 });
    await make({ url: '/query', action_data: { url: '/q' }, match_data: { source: { flag_query: 'pass', flag_case: true, flag_trailing: true } } });
    await make({ url: '/off', action_data: { url: '/never' }, status: 'disabled' });
  };

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of Object.keys(auth) as Array<keyof typeof auth>) auth[role] = await userAuth(t, role, role);
  });
  afterAll(() => t.close());
  beforeEach(reset);

  describe('without the format readers', () => {
    it('answers the plugin importers as the plugin does when no other plugin left data', async () => {
      const list = await get('/import/plugin').expect(200);
      expect(list.body).toEqual({ importers: [] });
      expect(list.headers.allow).toBe('GET, POST, PUT, PATCH');
      expect((await post('/import/plugin', { plugin: ['rank-math'] }).expect(200)).body).toEqual({ imported: 0 });
    });

    it('refuses uploads without a file and imports into groups that do not exist', async () => {
      await seed();
      expect((await post('/import/file/1', { file: 'not a file' }).expect(400)).body).toEqual({ code: 'redirect_import_invalid_file', message: 'Invalid file', data: { status: 400, error_code: 89 } });
      expect((await upload(999, 'redirects.csv', 'source,target\n/a,/b\n').expect(400)).body).toEqual({ code: 'redirect_import_invalid_group', message: 'Invalid group', data: { status: 400, error_code: 86 } });
      expect((await redirects()).length).toBe(6);
    });

    it('knows only the modules and formats of the plugin', async () => {
      expect((await get('/export/4/csv').expect(404)).body.code).toBe('rest_no_route');
      expect((await get('/export/1/xml').expect(404)).body.code).toBe('rest_no_route');
      await get('/import/file/abc').expect(404);
    });

    it('answers 401 to anonymous callers and 403 to editors and subscribers', async () => {
      for (const [who, status] of [[undefined, 401], [auth.editor, 403], [auth.subscriber, 403]] as const) {
        const call = (req: ReturnType<typeof get>) => (who ? req.set('Authorization', who) : req.unset('Authorization'));
        await call(t.request.get(`${NS}/export/all/json`)).expect(status);
        await call(t.request.get(`${NS}/import/plugin`)).expect(status);
        await call(t.request.post(`${NS}/import/plugin`)).expect(status);
        const res = await call(t.request.post(`${NS}/import/file/1`).attach('file', Buffer.from('source,target\n/a,/b\n'), 'a.csv')).expect(status);
        expect(res.body.code).toBe('rest_forbidden');
      }
      expect((await redirects()).length).toBe(0);
    });
  });

  describe('with the format readers (src/domain/redirects/io)', () => {
    it('exports enabled redirects only, with the total', async () => {
      await seed();
      const csv = await get('/export/all/csv').expect(200);
      expect(csv.body.total).toBe(5);
      expect(csv.body.data.split('\n')[0]).toBe('source,target,regex,code,type,hits,title,status');
      expect(csv.body.data).not.toContain('/off');
      const json = JSON.parse((await get('/export/1/json').expect(200)).body.data);
      expect(json.redirects).toHaveLength(5);
      expect(json.groups.map((g: Item) => g.name)).toEqual(['Redirections', 'Modified Posts']);
      expect((await get('/export/2/apache').expect(200)).body.total).toBe(0);
    });

    it('exports a module: its groups and the enabled redirects of its enabled groups', async () => {
      await post('/group', { name: 'Apache rules', moduleId: 2 }).expect(200);
      const apacheGroup = (await get('/group?filterBy[module]=2').expect(200)).body.items[0].id;
      await post('/redirect', { url: '/htaccess-only', group_id: apacheGroup, match_type: 'url', action_type: 'url', action_data: { url: '/there' } }).expect(200);
      await seed();
      const apache = await get('/export/2/apache').expect(200);
      expect(apache.body.total).toBe(1);
      expect(apache.body.data).toContain('htaccess-only');
      await post('/bulk/group/disable', { items: [apacheGroup] }).expect(200);
      expect((await get('/export/2/apache').expect(200)).body.total).toBe(0);
    });

    it('re-imports its JSON with nothing lost, recreating the groups', async () => {
      await seed();
      await post('/bulk/redirect/enable', { global: true }).expect(200);
      await t.db.prisma.redirect.updateMany({ where: { url: '/old-page' }, data: { hits: 4, lastAccess: new Date('2026-02-03T12:00:00Z') } });
      const before = await redirects();
      const exported = (await get('/export/all/json').expect(200)).body.data as string;
      await t.db.prisma.redirect.deleteMany({});
      const res = await upload(1, 'backup.json', exported).expect(200);
      expect(res.body).toEqual({ imported: 6 });
      const after = await redirects();
      expect(essence(after, true)).toEqual(essence(before, true));
      // The file's groups came back as new groups (the old ids are remapped).
      const groups = (await get('/group?orderby=id&direction=asc').expect(200)).body.items as Item[];
      expect(groups.map((g) => g.name)).toEqual(['Redirections', 'Modified Posts', 'Redirections', 'Modified Posts']);
      expect(new Set(after.map((r) => r.group_id))).toEqual(new Set([groups[2].id]));
      expect(after.find((r) => r.url === '/old-page')).toMatchObject({ hits: 4, last_access: 'February 3, 2026' });
    });

    it('re-imports CSV, Apache and Nginx exports with nothing lost', async () => {
      await seed();
      for (const [format, name] of [['csv', 'r.csv'], ['apache', '.htaccess'], ['nginx', 'site.nginx']] as const) {
        await reset();
        await seed();
        const before = await redirects('&filterBy[status]=enabled');
        const exported = (await get(`/export/all/${format}`).expect(200)).body.data as string;
        await t.db.prisma.redirect.deleteMany({});
        const res = await upload(2, name, exported).expect(200);
        expect(res.body).toEqual({ imported: before.length });
        const after = await redirects();
        expect(after.every((r) => r.group_id === 2)).toBe(true);
        // The plugin's CSV has no column for source flags: a CSV import takes the site's defaults.
        const comparable = (items: Item[]) => essence(items).map((i) => (format === 'csv' ? { ...i, match_data: undefined } : i));
        expect({ format, redirects: comparable(after) }).toEqual({ format, redirects: comparable(before) });
      }
    });

    it('puts every imported redirect through the sanitiser: rows it refuses are skipped', async () => {
      const csv = ['source,target,regex,code', '/fine,/ok,0,301', '^/(a)\\1$,/bad-regex,1,301', 'relative,/slashed,0,302', ''].join('\n');
      expect((await upload(1, 'in.csv', csv).expect(200)).body).toEqual({ imported: 2 });
      expect((await redirects()).map((r) => r.url)).toEqual(['/fine', '/relative']);
    });

    it('sends JSON redirects whose group the file does not hold to a new group "Group"', async () => {
      const file = JSON.stringify({ groups: [], redirects: [{ url: '/orphan', match_type: 'url', action_type: 'url', action_code: 301, action_data: '/home', group_id: 77 }] });
      expect((await upload(1, 'orphans.json', file).expect(200)).body).toEqual({ imported: 1 });
      const [orphan] = await redirects();
      expect(orphan).toMatchObject({ url: '/orphan', action_data: { url: '/home' } });
      const group = (await get(`/group?filterBy[name]=Group`).expect(200)).body.items.find((g: Item) => g.id === orphan.group_id);
      expect(group).toMatchObject({ name: 'Group', module_id: 1, redirects: 1 });
    });
  });
});
