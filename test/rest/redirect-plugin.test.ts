/**
 * redirects/v1 /plugin, /plugin/test, /plugin/data and /plugin/delete over real HTTP: the answers
 * of a healthy, up-to-date install of the Redirection plugin, its fixer, and uninstalling.
 */
import { appendNotFoundLogs, appendRedirectLogs } from '../../src/domain/redirects/logs-write';
import { REDIRECT_SETTINGS_OPTION } from '../../src/domain/redirects/settings';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const PLUGIN = '/wp-json/redirects/v1/plugin';

describe('redirects/v1 plugin', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await userAuth(t, 'ed', 'editor');
  });
  afterAll(() => t.close());

  const healthy = [
    { id: 'db', name: 'Database tables', status: 'good', message: 'All tables present' },
    { name: 'Valid groups', id: 'groups', message: 'Valid groups detected', status: 'good' },
    { name: 'Valid redirect group', id: 'redirect_groups', message: 'All redirects have a valid group', status: 'good' },
    { name: 'Post monitor group', id: 'monitor', message: 'Post monitor group is valid', status: 'good' },
    { name: 'Site and home protocol', id: 'redirect_url', message: 'Site and home are consistent', status: 'good' },
  ];

  it('reports a healthy, up-to-date install', async () => {
    const res = await t.request.get(PLUGIN).set('Authorization', t.adminAuth).set('X-Forwarded-For', '203.0.113.9').expect(200);
    expect(res.body.status).toEqual(healthy);
    expect(Object.keys(res.body.status[0])).toEqual(['id', 'name', 'status', 'message']);
    expect(res.body.debug.database).toEqual({ current: '4.2', latest: '4.2' });
    expect(Object.keys(res.body.debug.ip_header)).toEqual([
      'HTTP_CF_CONNECTING_IP', 'HTTP_CLIENT_IP', 'HTTP_X_FORWARDED_FOR', 'HTTP_X_FORWARDED', 'HTTP_X_CLUSTER_CLIENT_IP', 'HTTP_FORWARDED_FOR', 'HTTP_FORWARDED', 'HTTP_VIA', 'REMOTE_ADDR',
    ]);
    expect(res.body.debug.ip_header.HTTP_X_FORWARDED_FOR).toBe('203.0.113.9');
    expect(res.body.debug.ip_header.HTTP_CF_CONNECTING_IP).toBe(false);
  });

  it('reports and fixes an invalid monitor group; a debug save fixes only a missing group', async () => {
    await t.db.prisma.option.create({ data: { name: REDIRECT_SETTINGS_OPTION, value: JSON.stringify({ monitor_post: 42, monitor_types: ['post'] }) } });
    try {
      const status = await t.request.get(PLUGIN).set('Authorization', t.adminAuth).expect(200);
      expect(status.body.status[3]).toEqual({ name: 'Post monitor group', id: 'monitor', message: 'Post monitor group is invalid', status: 'problem' });
      const debugSave = await t.request.post(PLUGIN).set('Authorization', t.adminAuth).send({ name: 'database', value: '4.2' }).expect(200);
      expect(debugSave.body.status[3].status).toBe('problem');
      const fixed = await t.request.post(PLUGIN).set('Authorization', t.adminAuth).send({}).expect(200);
      expect(fixed.body.status).toEqual(healthy);
      expect(JSON.parse((await t.db.prisma.option.findUniqueOrThrow({ where: { name: REDIRECT_SETTINGS_OPTION } })).value).monitor_post).toBe(1);
      // Nothing broken: nothing changes.
      const groups = await t.db.prisma.redirectGroup.count();
      await t.request.patch(PLUGIN).set('Authorization', t.adminAuth).send({}).expect(200);
      expect(await t.db.prisma.redirectGroup.count()).toBe(groups);
    } finally {
      await t.db.prisma.option.deleteMany({ where: { name: REDIRECT_SETTINGS_OPTION } });
    }
  });

  it('declares name and value as strings', async () => {
    const res = await t.request.post(PLUGIN).set('Authorization', t.adminAuth).send({ name: ['x'], value: 'y' }).expect(400);
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { name: expect.any(String) } } });
  });

  it('answers the connection test for every method', async () => {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      expect((await t.request[method](`${PLUGIN}/test`).set('Authorization', t.adminAuth).expect(200)).body).toEqual({ success: true });
    }
  });

  it('answers the upgrade status of a database with nothing to upgrade', async () => {
    for (const upgrade of [undefined, 'stop', 'skip', 'retry']) {
      const res = await t.request.post(`${PLUGIN}/data`).set('Authorization', t.adminAuth).send(upgrade ? { upgrade } : {}).expect(200);
      expect(Object.keys(res.body)).toEqual(['status', 'inProgress', 'current', 'next', 'time', 'complete', 'result', 'reason', 'debug']);
      expect(res.body).toMatchObject({ status: 'ok', inProgress: false, current: '4.2', next: '4.2', complete: 0, result: 'error', reason: 'Your database does not need updating to 4.2.' });
      expect(typeof res.body.time).toBe('number');
    }
    expect((await t.request.post(`${PLUGIN}/data`).set('Authorization', t.adminAuth).send({ upgrade: 'now' }).expect(400)).body.code).toBe('rest_invalid_param');
    await t.request.get(`${PLUGIN}/data`).set('Authorization', t.adminAuth).expect(404);
  });

  it.each([
    ['get', PLUGIN], ['post', PLUGIN], ['get', `${PLUGIN}/test`], ['delete', `${PLUGIN}/test`], ['post', `${PLUGIN}/data`], ['post', `${PLUGIN}/delete`],
  ] as const)('%s %s is for administrators', async (method, path) => {
    expect((await t.request[method](path).expect(401)).body).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    expect((await t.request[method](path).set('Authorization', editor).expect(403)).body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
  });

  it('deletes every redirect, group, log entry and the settings, recreating nothing; then a fix makes a group', async () => {
    await t.request.post('/wp-json/redirects/v1/setting').set('Authorization', t.adminAuth).send({ expire_404: 3 }).expect(200);
    const group = await t.db.prisma.redirectGroup.findFirstOrThrow({ orderBy: { id: 'asc' } });
    await t.db.prisma.redirect.create({ data: { url: '/old', matchUrl: '/old', groupId: group.id, actionData: JSON.stringify({ url: '/new' }) } });
    await appendRedirectLogs(t.db, [{ url: '/old', domain: 'http://example.test', ip: '', sentTo: '/new' }]);
    await appendNotFoundLogs(t.db, [{ url: '/gone', domain: 'http://example.test', ip: '' }]);
    // An editor's attempt removes nothing.
    await t.request.post(`${PLUGIN}/delete`).set('Authorization', editor).expect(403);
    expect(await t.db.prisma.redirect.count()).toBe(1);

    const otherOptions = await t.db.prisma.option.count({ where: { name: { not: REDIRECT_SETTINGS_OPTION } } });
    const res = await t.request.post(`${PLUGIN}/delete`).set('Authorization', t.adminAuth).expect(200);
    expect(res.body).toEqual({ location: 'http://example.test/wp-admin/plugins.php' });
    expect(await t.db.prisma.redirect.count()).toBe(0);
    expect(await t.db.prisma.redirectGroup.count()).toBe(0);
    expect(await t.db.prisma.redirectLog.count()).toBe(0);
    expect(await t.db.prisma.notFoundLog.count()).toBe(0);
    expect(await t.db.prisma.option.findUnique({ where: { name: REDIRECT_SETTINGS_OPTION } })).toBeNull();
    // Other options are untouched.
    expect(await t.db.prisma.option.count()).toBe(otherOptions);

    const status = await t.request.get(PLUGIN).set('Authorization', t.adminAuth).expect(200);
    expect(status.body.status[1]).toEqual({ name: 'Valid groups', id: 'groups', message: 'No valid groups, so you will not be able to create any redirects', status: 'problem' });
    const fixed = await t.request.post(PLUGIN).set('Authorization', t.adminAuth).send({ name: 'x', value: 'y' }).expect(200);
    expect(fixed.body.status[1].status).toBe('good');
    expect((await t.db.prisma.redirectGroup.findMany()).map((g) => [g.name, g.moduleId])).toEqual([['new group', 1]]);
  });
});
