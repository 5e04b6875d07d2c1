/**
 * security/v1 config over real HTTP, driven by the fake central dashboard (test/support/central.ts),
 * and GraphQL's securitySettings / updateSecuritySettings for administrators: the plugin's
 * `{config, info}` answer and `fields[]`, validation naming every failing field (422, nothing
 * written), and the token check.
 */
import { startTestApp, userAuth, type TestApp } from '../support/app';
import { centralAuthorization } from '../support/central';

const CONFIG = '/wp-json/security/v1/config';

let t: TestApp;
let central: string;

beforeAll(async () => {
  t = await startTestApp();
  central = await centralAuthorization(t);
});

afterAll(async () => {
  await t?.close();
});

async function gql(query: string, variables: Record<string, unknown> = {}, auth?: string) {
  const request = t.request.post('/graphql').send({ query, variables });
  if (auth) request.set('Authorization', auth);
  return (await request.expect(200)).body as { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions: Record<string, unknown> }> };
}

describe('GET /config', () => {
  it('refuses a caller without the dashboard token, as the plugin does', async () => {
    const anonymous = await t.request.get(CONFIG).expect(401);
    expect(anonymous.body).toEqual({ code: 'rest_forbidden_context', message: 'Authorization header format is invalid.', data: { status: 401 } });
    // Signed in with Basic credentials, but without the token: 403.
    const admin = await t.request.get(CONFIG).set('Authorization', t.adminAuth).expect(403);
    expect(admin.body.code).toBe('rest_forbidden_context');
  });

  it('answers every setting with its default, and the system info', async () => {
    const answer = await t.request.get(CONFIG).set('Authorization', central).expect(200);
    expect(answer.body.config).toEqual({
      loginSecurityEnabled: true,
      loginSec_maxFailures: 20,
      loginSec_countFailMins: 240,
      loginSec_lockoutMins: 240,
      loginSec_lockInvalidUsers: false,
      loginSec_disableAuthorScan: false,
      hideUserRoutesFromIndex: false,
      whitelisted: '',
      blockedIPs: '',
      blockedTime: 300,
      maxGlobalRequests: 'DISABLED',
      maxGlobalRequests_action: 'throttle',
      maxRequestsAuthenticated: 'DISABLED',
      maxRequestsAuthenticated_action: 'throttle',
      howGetIPs: '',
      howGetIPs_trusted_proxies: '',
    });
    expect(answer.body.info).toEqual({ ip: expect.stringMatching(/^(127\.0\.0\.1|::1)$/), detected_ips: [answer.body.info.ip], admin_url: 'http://example.test/wp-admin/' });
    // Application passwords are not this configuration's to turn off (the site's own API authentication).
    expect(answer.body.config).not.toHaveProperty('loginSec_disableApplicationPasswords');
  });

  it('answers only the fields[] asked for; names it does not know are left out', async () => {
    const answer = await t.request.get(`${CONFIG}?fields[]=loginSec_maxFailures&fields[]=blockedTime&fields[]=alertEmails`).set('Authorization', central).expect(200);
    expect(answer.body.config).toEqual({ loginSec_maxFailures: 20, blockedTime: 300 });
  });
});

describe('POST /config', () => {
  it('refuses a change with invalid values, naming every failing field, and writes nothing', async () => {
    const before = (await t.request.get(CONFIG).set('Authorization', central).expect(200)).body.config;
    const refused = await t.request
      .post(CONFIG)
      .set('Authorization', central)
      .send({ fields: { loginSecurityEnabled: false, loginSec_maxFailures: 'many', whitelisted: '192.0.2.1, 192.0.2.999', maxGlobalRequests: -5, howGetIPs: 'HTTP_X_WHATEVER' } })
      .expect(422);
    expect(refused.body.code).toBe('rest_set_config_error');
    expect(refused.body.message).toMatch(/^Errors occurred while saving the configuration: /);
    expect(refused.body.data.status).toBe(422);
    expect(Object.keys(refused.body.data.fields).sort()).toEqual(['howGetIPs', 'loginSec_maxFailures', 'maxGlobalRequests', 'whitelisted']);
    expect(refused.body.data.fields.whitelisted).toContain('192.0.2.999');
    const after = (await t.request.get(CONFIG).set('Authorization', central).expect(200)).body.config;
    expect(after).toEqual(before);
  });

  it("answers the plugin's 422 for missing or empty fields", async () => {
    for (const body of [{}, { fields: {} }, { fields: 'loginSecurityEnabled' }]) {
      const answer = await t.request.post(CONFIG).set('Authorization', central).send(body).expect(422);
      expect(answer.body).toEqual({ code: 'rest_save_config_error', message: "Validation error: 'fields' parameter is empty or not an array.", data: { status: 422 } });
    }
  });

  it('saves a valid change (PUT and PATCH too), normalising address lists; unknown names are ignored', async () => {
    await t.request
      .post(CONFIG)
      .set('Authorization', central)
      .set('Content-Type', 'application/json')
      .send('{"fields":{"loginSec_maxFailures":"7","blockedIPs":"198.51.100.0/24, 2001:DB8:0::/32","maxGlobalRequests":120,"alertEmails":"x@example.com","__proto__":{"polluted":true}}}')
      .expect(200, { success: true });
    await t.request.patch(CONFIG).set('Authorization', central).send({ fields: { maxGlobalRequests_action: 'block' } }).expect(200, { success: true });
    const config = (await t.request.get(`${CONFIG}?fields[]=loginSec_maxFailures&fields[]=blockedIPs&fields[]=maxGlobalRequests&fields[]=maxGlobalRequests_action`).set('Authorization', central).expect(200)).body.config;
    expect(config).toEqual({ loginSec_maxFailures: 7, blockedIPs: '198.51.100.0/24\n2001:db8::/32', maxGlobalRequests: 120, maxGlobalRequests_action: 'block' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Back to the defaults for the other suites of this file.
    await t.request.put(CONFIG).set('Authorization', central).send({ fields: { loginSec_maxFailures: 20, blockedIPs: '', maxGlobalRequests: 'DISABLED', maxGlobalRequests_action: 'throttle' } }).expect(200);
  });

  it('writes the change to the security log', async () => {
    await t.request.post(CONFIG).set('Authorization', central).send({ fields: { blockedTime: 600 } }).expect(200);
    const entry = await t.db.prisma.securityLogEntry.findFirst({ where: { type: 'config-changed' }, orderBy: { id: 'desc' } });
    expect(entry?.message).toBe('Security settings changed: blockedTime.');
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ changed: { blockedTime: 600 } });
  });
});

describe('GraphQL securitySettings', () => {
  const READ = '{ securitySettings { loginSecurityEnabled loginSec_maxFailures blockedIPs maxGlobalRequests howGetIPs } }';
  const UPDATE = `mutation($input: UpdateSecuritySettingsInput!) { updateSecuritySettings(input: $input) { clientMutationId securitySettings { loginSec_maxFailures blockedIPs maxGlobalRequests } } }`;

  it('is read by administrators only', async () => {
    const admin = await gql(READ, {}, t.adminAuth);
    expect(admin.errors).toBeUndefined();
    expect(admin.data?.securitySettings).toEqual({ loginSecurityEnabled: true, loginSec_maxFailures: 20, blockedIPs: '', maxGlobalRequests: 'DISABLED', howGetIPs: '' });
    expect((await gql(READ)).data?.securitySettings).toBeNull();
    expect((await gql(READ, {}, await userAuth(t, 'gql-editor', 'editor'))).data?.securitySettings).toBeNull();
  });

  it('is changed by administrators through the same validation', async () => {
    const changed = await gql(UPDATE, { input: { clientMutationId: 'm1', loginSec_maxFailures: 9, blockedIPs: '203.0.113.7', maxGlobalRequests: '60' } }, t.adminAuth);
    expect(changed.errors).toBeUndefined();
    expect(changed.data?.updateSecuritySettings).toEqual({ clientMutationId: 'm1', securitySettings: { loginSec_maxFailures: 9, blockedIPs: '203.0.113.7', maxGlobalRequests: '60' } });
    const rest = (await t.request.get(`${CONFIG}?fields[]=loginSec_maxFailures`).set('Authorization', central).expect(200)).body.config;
    expect(rest).toEqual({ loginSec_maxFailures: 9 });

    const refused = await gql(UPDATE, { input: { loginSec_maxFailures: 0, blockedIPs: 'not-an-address' } }, t.adminAuth);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'rest_set_config_error', status: 422 });
    const after = await gql(READ, {}, t.adminAuth);
    expect(after.data?.securitySettings).toMatchObject({ loginSec_maxFailures: 9, blockedIPs: '203.0.113.7' });

    const editor = await gql(UPDATE, { input: { loginSec_maxFailures: 3 } }, await userAuth(t, 'gql-editor-2', 'editor'));
    expect(editor.errors?.[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
    await gql(UPDATE, { input: { loginSec_maxFailures: 20, blockedIPs: '', maxGlobalRequests: 'DISABLED' } }, t.adminAuth);
  });
});
