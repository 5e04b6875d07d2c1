/**
 * A fake central dashboard for tests: its own Ed25519 key pair, pairing with a test app through the
 * real security/v1 routes (the premium flow: authenticate-premium signed with the dashboard's
 * built-in key, premium-connect storing its public key, then GET + POST /authenticate), and the
 * bearer token it then holds. Test apps trust PREMIUM_DASHBOARD's key (startTestApp's default
 * SECURITY_CENTRAL_PUBLIC_KEY) and seal with SECURITY_TEST_SECRET_KEY.
 */
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import type { TestApp } from './app';

export interface DashboardKeys {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

/** The raw 32-byte public key as hex, as libsodium and the plugin exchange it. */
export function rawPublicKeyHex(keys: DashboardKeys): string {
  return Buffer.from(keys.publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('hex');
}

/** The dashboard's built-in key pair (the plugin's WORDFENCE_CENTRAL_PUBLIC_KEY role). */
export const PREMIUM_DASHBOARD: DashboardKeys = generateKeyPairSync('ed25519');
export const PREMIUM_DASHBOARD_PUBLIC_KEY = rawPublicKeyHex(PREMIUM_DASHBOARD);
export const SECURITY_TEST_SECRET_KEY = '5ec0e17e5ec0e17e5ec0e17e5ec0e17e5ec0e17e5ec0e17e5ec0e17e5ec0e17e';

export function signHex(keys: DashboardKeys, data: string): string {
  return sign(null, Buffer.from(data, 'utf8'), keys.privateKey).toString('hex');
}

const ROOT = '/wp-json/security/v1';

/** One dashboard: its own key pair and the site id it gives the site it pairs with. */
export class FakeDashboard {
  readonly keys: DashboardKeys = generateKeyPairSync('ed25519');
  readonly siteId: string = randomUUID();
  /** The site's public key premium-connect answered. */
  sitePublicKey = '';

  constructor(readonly app: TestApp) {}

  async nonce(via: TestApp = this.app): Promise<string> {
    const answer = await via.request.get(`${ROOT}/authenticate`).expect(200);
    return answer.body.nonce as string;
  }

  /** A premium token for the administrator with this e-mail (default: the bootstrapped one). */
  async premiumToken(email?: string): Promise<string> {
    const address = email ?? (await this.app.db.prisma.user.findFirstOrThrow({ where: { role: 'administrator' }, orderBy: { id: 'asc' } })).email;
    const data = `${await this.nonce()}|${address}`;
    const answer = await this.app.request.post(`${ROOT}/authenticate-premium`).send({ data, signature: signHex(PREMIUM_DASHBOARD, data) }).expect(200);
    return answer.body.token as string;
  }

  /** Pairs through authenticate-premium and premium-connect. */
  async pair(): Promise<void> {
    const premium = await this.premiumToken();
    const answer = await this.app.request
      .post(`${ROOT}/premium-connect`)
      .set('Authorization', `Bearer ${premium}`)
      .send({ 'public-key': rawPublicKeyHex(this.keys), 'site-data': { name: 'Test site' }, 'site-id': this.siteId })
      .expect(200);
    this.sitePublicKey = answer.body['public-key'] as string;
  }

  /** A site token through GET + POST /authenticate (of `via`: another instance on the same database). */
  async siteToken(via: TestApp = this.app): Promise<string> {
    const data = `${await this.nonce(via)}|${this.siteId}`;
    const answer = await via.request.post(`${ROOT}/authenticate`).send({ data, signature: signHex(this.keys, data) }).expect(200);
    return answer.body.token as string;
  }
}

/**
 * One paired dashboard per database, so apps sharing a database (instances) share it too. A test
 * that disconnects or pairs another dashboard uses its own FakeDashboard instead.
 */
const paired = new Map<string, FakeDashboard>();

/** Pairs `app` with a fake dashboard (once per database) and returns a valid `Authorization` header value. */
export async function centralAuthorization(app: TestApp): Promise<string> {
  let dashboard = paired.get(app.db.url);
  if (!dashboard) {
    dashboard = new FakeDashboard(app);
    await dashboard.pair();
    paired.set(app.db.url, dashboard);
  }
  return `Bearer ${await dashboard.siteToken(app)}`;
}
