/**
 * security/v1 pairing over real HTTP, with a fake central dashboard holding its own Ed25519 keys
 * (test/support/central.ts): the nonce, premium pairing, site tokens, and every way a token or a
 * signed exchange is refused — forged, expired, replayed (on another instance too), for another
 * site, after a disconnection — with the plugin's messages and statuses.
 */
import { generateKeyPairSync } from 'node:crypto';
import { siteSecret } from '../../src/domain/security/site-secret';
import { signToken } from '../../src/domain/security/tokens';
import { startTestApp, userAuth, type TestApp } from '../support/app';
import { centralAuthorization, FakeDashboard, PREMIUM_DASHBOARD, signHex } from '../support/central';

const ROOT = '/wp-json/security/v1';

let t: TestApp;
let second: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  second = await startTestApp({}, { sharedWith: t });
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

function refused(body: { code: string; message: string; data: { status: number } }, message: string, status = 401): void {
  expect(body).toEqual({ code: 'rest_forbidden_context', message, data: { status } });
}

async function secret(app: TestApp): Promise<Buffer> {
  return siteSecret(app.db, app.config.central.secretKey as Buffer);
}

describe('before pairing', () => {
  it('GET /authenticate answers a fresh nonce and the admin address', async () => {
    const first = await t.request.get(`${ROOT}/authenticate`).expect(200);
    expect(first.body).toEqual({ nonce: expect.stringMatching(/^[0-9a-f]{64}$/), admin_url: 'http://example.test/wp-admin/' });
    const other = await t.request.get(`${ROOT}/authenticate`).expect(200);
    expect(other.body.nonce).not.toBe(first.body.nonce);
  });

  it('POST /authenticate says the site is not connected', async () => {
    const dashboard = new FakeDashboard(t);
    const data = `${await dashboard.nonce()}|${dashboard.siteId}`;
    const answer = await t.request.post(`${ROOT}/authenticate`).send({ data, signature: signHex(dashboard.keys, data) }).expect(401);
    refused(answer.body, 'Site is not connected to Wordfence Central.');
  });

  it('token routes without a header, with another scheme or a malformed token are refused', async () => {
    refused((await t.request.post(`${ROOT}/disconnect`).expect(401)).body, 'Authorization header format is invalid.');
    refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', 'Bearer not-a-token').expect(401)).body, 'Invalid token format.');
    refused((await t.request.post(`${ROOT}/disconnect`).set('X-Authorization', 'Bearer not-a-token').expect(401)).body, 'Invalid token format.');
    // Signed in with Basic credentials: WordPress's rest_authorization_required_code() is 403.
    refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', t.adminAuth).expect(403)).body, 'Authorization header format is invalid.', 403);
  });
});

describe('authenticate-premium', () => {
  it('refuses a signature by another key, a bad nonce, an unknown administrator and a non-administrator', async () => {
    const dashboard = new FakeDashboard(t);
    const nonce = await dashboard.nonce();
    const data = `${nonce}|admin@example.com`;
    refused((await t.request.post(`${ROOT}/authenticate-premium`).send({ data, signature: signHex(dashboard.keys, data) }).expect(401)).body, 'Signature is invalid.');
    refused((await t.request.post(`${ROOT}/authenticate-premium`).send({ data: 'no-bar', signature: 'ab' }).expect(401)).body, 'Data is invalid.');
    refused((await t.request.post(`${ROOT}/authenticate-premium`).send({ data: 'abc|admin@example.com', signature: 'ab' }).expect(401)).body, 'Nonce format is invalid.');
    refused((await t.request.post(`${ROOT}/authenticate-premium`).send({ data: `${nonce}|not-an-email`, signature: 'ab' }).expect(401)).body, 'Email address is invalid.');
    const stale = `${'0'.repeat(64)}|admin@example.com`;
    refused((await t.request.post(`${ROOT}/authenticate-premium`).send({ data: stale, signature: signHex(PREMIUM_DASHBOARD, stale) }).expect(401)).body, 'Nonce is invalid.');
    const nobody = `${nonce}|nobody@example.com`;
    refused((await t.request.post(`${ROOT}/authenticate-premium`).send({ data: nobody, signature: signHex(PREMIUM_DASHBOARD, nobody) }).expect(401)).body, 'Admin user with this email address not found.');
    await userAuth(t, 'premium-editor', 'editor');
    const editor = `${await dashboard.nonce()}|premium-editor@example.com`;
    refused((await t.request.post(`${ROOT}/authenticate-premium`).send({ data: editor, signature: signHex(PREMIUM_DASHBOARD, editor) }).expect(401)).body, 'Admin user with this email address not found.');
    // The nonce the unknown administrator's request spent cannot serve again.
    refused((await t.request.post(`${ROOT}/authenticate-premium`).send({ data: nobody, signature: signHex(PREMIUM_DASHBOARD, nobody) }).expect(401)).body, 'Nonce is invalid.');
  });

  it('a premium token is not a site token', async () => {
    const dashboard = new FakeDashboard(t);
    const premium = await dashboard.premiumToken();
    refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${premium}`).expect(401)).body, 'Token is invalid.');
  });
});

describe('paired', () => {
  let dashboard: FakeDashboard;
  let token: string;

  beforeAll(async () => {
    dashboard = new FakeDashboard(t);
    await dashboard.pair();
    token = await dashboard.siteToken();
  });

  it('premium-connect answered the site public key, and the site token is a JWT for the site id', () => {
    expect(dashboard.sitePublicKey).toMatch(/^[0-9a-f]{64}$/);
    const [header, body] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(body.sub).toBe(dashboard.siteId);
    expect(body.exp - body.iat).toBe(600);
  });

  it('a nonce from one instance earns a token on another; tokens of either work on both', async () => {
    const data = `${await dashboard.nonce(t)}|${dashboard.siteId}`;
    const answer = await second.request.post(`${ROOT}/authenticate`).send({ data, signature: signHex(dashboard.keys, data) }).expect(200);
    expect(answer.body.token.split('.')).toHaveLength(3);
    const premium = await dashboard.premiumToken();
    refused((await second.request.post(`${ROOT}/disconnect`).set('X-Authorization', `Bearer ${premium}`).expect(401)).body, 'Token is invalid.');
  });

  it('a site token is not a premium token', async () => {
    const answer = await t.request.post(`${ROOT}/premium-connect`).set('Authorization', `Bearer ${token}`).send({ 'public-key': 'ab'.repeat(32), 'site-id': dashboard.siteId }).expect(401);
    refused(answer.body, 'Token is invalid.');
  });

  it('refuses a signature by another key, for another site id, and a stale nonce', async () => {
    const forger = generateKeyPairSync('ed25519');
    const data = `${await dashboard.nonce()}|${dashboard.siteId}`;
    refused((await t.request.post(`${ROOT}/authenticate`).send({ data, signature: signHex(forger, data) }).expect(401)).body, 'Signature is invalid.');
    refused((await t.request.post(`${ROOT}/authenticate`).send({ data, signature: 'zz' }).expect(401)).body, 'Signature is invalid.');
    const otherSite = `${await dashboard.nonce()}|00000000-0000-4000-8000-000000000000`;
    refused((await t.request.post(`${ROOT}/authenticate`).send({ data: otherSite, signature: signHex(dashboard.keys, otherSite) }).expect(401)).body, 'Site ID is invalid.');
    const stale = `${'1'.repeat(64)}|${dashboard.siteId}`;
    refused((await t.request.post(`${ROOT}/authenticate`).send({ data: stale, signature: signHex(dashboard.keys, stale) }).expect(401)).body, 'Nonce is invalid.');
  });

  it('a nonce works once: the same signed request replayed is refused, on this instance and on another', async () => {
    const data = `${await dashboard.nonce()}|${dashboard.siteId}`;
    const signature = signHex(dashboard.keys, data);
    await t.request.post(`${ROOT}/authenticate`).send({ data, signature }).expect(200);
    refused((await t.request.post(`${ROOT}/authenticate`).send({ data, signature }).expect(401)).body, 'Nonce is invalid.');
    refused((await second.request.post(`${ROOT}/authenticate`).send({ data, signature }).expect(401)).body, 'Nonce is invalid.');
  });

  it('refuses forged, expired, foreign and wrong-site tokens', async () => {
    const [header, body] = token.split('.');
    const forged = `${header}.${body}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${forged}`).expect(401)).body, 'Invalid signature.');
    const expired = signToken(await secret(t), dashboard.siteId, {}, Date.now() - 3600_000);
    refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${expired}`).expect(401)).body, 'Token is invalid or expired.');
    const wrongSite = signToken(await secret(t), '00000000-0000-4000-8000-000000000000');
    refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${wrongSite}`).expect(401)).body, 'Token is invalid.');
    // Another site's token (its own secret) carries a signature this site never made.
    const elsewhere = await startTestApp();
    try {
      const foreign = signToken(await secret(elsewhere), dashboard.siteId);
      refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${foreign}`).expect(401)).body, 'Invalid signature.');
    } finally {
      await elsewhere.close();
    }
  });

  it('pairing another dashboard (another site id) turns the first one\'s tokens away', async () => {
    const before = await dashboard.siteToken();
    const next = new FakeDashboard(t);
    await next.pair();
    refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${before}`).expect(401)).body, 'Token is invalid.');
    const data = `${await dashboard.nonce()}|${dashboard.siteId}`;
    refused((await t.request.post(`${ROOT}/authenticate`).send({ data, signature: signHex(dashboard.keys, data) }).expect(401)).body, 'Site ID is invalid.');
    dashboard = next;
  });

  it('disconnect removes the pairing: its tokens and new authentications are refused', async () => {
    const current = await dashboard.siteToken();
    expect((await second.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${current}`).expect(200)).body).toEqual({ success: true });
    refused((await t.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${current}`).expect(401)).body, 'Token is invalid.');
    const data = `${await dashboard.nonce()}|${dashboard.siteId}`;
    refused((await t.request.post(`${ROOT}/authenticate`).send({ data, signature: signHex(dashboard.keys, data) }).expect(401)).body, 'Site is not connected to Wordfence Central.');
  });
});

describe('the response cache', () => {
  it('never keeps a nonce, even for anonymous readers with the cache on (an envelope too)', async () => {
    const cached = await startTestApp({ CACHE_ENABLED: 'true' });
    try {
      const first = await cached.request.get(`${ROOT}/authenticate`).expect(200);
      const second = await cached.request.get(`${ROOT}/authenticate`).expect(200);
      expect(second.body.nonce).not.toBe(first.body.nonce);
      expect(second.headers['cache-control']).toBe('no-store');
      const enveloped = await cached.request.get(`${ROOT}/authenticate?_envelope`).expect(200);
      const again = await cached.request.get(`${ROOT}/authenticate?_envelope`).expect(200);
      expect(again.body.body.nonce).not.toBe(enveloped.body.body.nonce);
    } finally {
      await cached.close();
    }
  });
});

describe('premium-connect', () => {
  it('validates what the dashboard sends', async () => {
    const premium = await new FakeDashboard(t).premiumToken();
    const answer = await t.request.post(`${ROOT}/premium-connect`).set('Authorization', `Bearer ${premium}`).send({ 'public-key': 'nope', 'site-id': 'x' }).expect(400);
    expect(answer.body.code).toBe('rest_invalid_param');
    expect(Object.keys(answer.body.data.params).sort()).toEqual(['public-key', 'site-id']);
  });

  it('needs a premium token', async () => {
    refused((await t.request.put(`${ROOT}/premium-connect`).expect(401)).body, 'Authorization header format is invalid.');
  });
});

describe('centralAuthorization (the helper other suites use)', () => {
  it('pairs once per database and hands out working site tokens', async () => {
    const authorization = await centralAuthorization(t);
    expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const again = await centralAuthorization(second);
    expect(again).toMatch(/^Bearer /);
    expect((await t.request.post(`${ROOT}/disconnect`).set('Authorization', again).expect(200)).body).toEqual({ success: true });
  });
});
