/**
 * The pairing's configuration: a site without SECURITY_SECRET_KEY cannot be paired (and says so),
 * one without SECURITY_CENTRAL_PUBLIC_KEY refuses premium pairing, malformed keys stop the start,
 * a changed SECURITY_SECRET_KEY voids the tokens and nonces of the old one, and the site secret
 * is never stored in clear.
 */
import { loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../support/app';
import { siteSecret } from '../../src/domain/security/site-secret';
import { FakeDashboard, PREMIUM_DASHBOARD, signHex } from '../support/central';

const ROOT = '/wp-json/security/v1';

describe('without SECURITY_SECRET_KEY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SECURITY_SECRET_KEY: '' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers nonces as the plugin does, but cannot be paired and keeps nothing', async () => {
    const dashboard = new FakeDashboard(t);
    const nonce = await dashboard.nonce();
    expect(nonce).toMatch(/^[0-9a-f]{64}$/);
    const data = `${nonce}|admin@example.com`;
    const premium = await t.request.post(`${ROOT}/authenticate-premium`).send({ data, signature: signHex(PREMIUM_DASHBOARD, data) }).expect(400);
    expect(premium.body).toEqual({
      code: 'security_central_not_configured',
      message: 'Pairing with a central dashboard is not configured on this site: SECURITY_SECRET_KEY is needed.',
      data: { status: 400 },
    });
    const site = `${nonce}|${dashboard.siteId}`;
    const answer = await t.request.post(`${ROOT}/authenticate`).send({ data: site, signature: signHex(dashboard.keys, site) }).expect(401);
    expect(answer.body.message).toBe('Site is not connected to Wordfence Central.');
    const token = await t.request.post(`${ROOT}/disconnect`).set('Authorization', 'Bearer a.b.c').expect(401);
    expect(token.body.message).toBe('Invalid signature.');
    expect(await t.db.prisma.option.count({ where: { name: { startsWith: 'security_' } } })).toBe(0);
  });
});

describe('without SECURITY_CENTRAL_PUBLIC_KEY', () => {
  it('refuses premium pairing as not configured', async () => {
    const t = await startTestApp({ SECURITY_CENTRAL_PUBLIC_KEY: '' });
    try {
      const data = `${await new FakeDashboard(t).nonce()}|admin@example.com`;
      const answer = await t.request.post(`${ROOT}/authenticate-premium`).send({ data, signature: signHex(PREMIUM_DASHBOARD, data) }).expect(400);
      expect(answer.body.message).toBe('Pairing with a central dashboard is not configured on this site: SECURITY_CENTRAL_PUBLIC_KEY is needed.');
    } finally {
      await t.close();
    }
  });
});

describe('keys', () => {
  it('refuses malformed keys at start', () => {
    expect(() => loadConfig({ SECURITY_SECRET_KEY: 'short' })).toThrow('SECURITY_SECRET_KEY must be 32 bytes, as 64 hex digits or base64');
    expect(() => loadConfig({ SECURITY_CENTRAL_PUBLIC_KEY: 'ab'.repeat(31) })).toThrow('SECURITY_CENTRAL_PUBLIC_KEY must be an Ed25519 public key as 64 hex digits');
    expect(loadConfig({ SECURITY_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') }).central.secretKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).securityLogRetentionDays).toBe(90);
  });

  it('keeps the site secret sealed, and a changed key voids the old tokens but not the pairing', async () => {
    const t = await startTestApp();
    const rekeyed = await startTestApp({ SECURITY_SECRET_KEY: 'ab'.repeat(32) }, { sharedWith: t });
    try {
      const dashboard = new FakeDashboard(t);
      await dashboard.pair();
      const token = await dashboard.siteToken();
      const stored = await t.db.prisma.option.findMany({ where: { name: { startsWith: 'security_' } } });
      const text = stored.map((row) => row.value).join('\n');
      expect(text).toMatch(/"sitePrivateKey":"v1\./);
      expect(stored.find((row) => row.name === 'security_site_secret')?.value).toMatch(/^v1\./);
      const secret = await siteSecret(t.db, t.config.central.secretKey as Buffer);
      expect(text).not.toContain(secret.toString('base64'));
      expect(text).not.toContain(secret.toString('hex'));
      expect(text).toContain(dashboard.sitePublicKey);

      // The instance with the new key makes a new secret: the old token was not signed with it.
      const refused = await rekeyed.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${token}`).expect(401);
      expect(refused.body.message).toBe('Invalid signature.');
      const fresh = await dashboard.siteToken(rekeyed);
      expect((await rekeyed.request.post(`${ROOT}/disconnect`).set('Authorization', `Bearer ${fresh}`).expect(200)).body).toEqual({ success: true });
    } finally {
      await rekeyed.close();
      await t.close();
    }
  });
});
