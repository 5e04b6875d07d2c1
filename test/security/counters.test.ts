/**
 * Where the security counters live: the database by default, Redis when REDIS_URL is set (the
 * server on 127.0.0.1:6379). Both stores count in fixed windows; with Redis, two instances share
 * lockouts and rate limits without a row in the database. And the application authorisation
 * page's account-password sign-in is locked out like application passwords are.
 */
import { randomUUID } from 'node:crypto';
import { DatabaseCounterStore } from '../../src/domain/security/counters/database-store';
import { RedisClient } from '../../src/domain/security/counters/redis-client';
import { RedisCounterStore } from '../../src/domain/security/counters/redis-store';
import { basicAuth, startTestApp, userAuth, type TestApp } from '../support/app';
import { centralAuthorization } from '../support/central';

const REDIS_URL = 'redis://127.0.0.1:6379';
const CONFIG = '/wp-json/security/v1/config';
const ME = '/wp-json/core/v2/users/me';

async function configure(app: TestApp, fields: Record<string, unknown>): Promise<void> {
  await app.request.post(CONFIG).set('Authorization', await centralAuthorization(app)).send({ fields }).expect(200, { success: true });
}

describe('the database store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('counts in fixed windows, a new one opening once the last has ended', async () => {
    const store = new DatabaseCounterStore(t.db);
    const now = 1_800_000_000_000;
    expect(await store.hit('k', 60_000, now)).toEqual({ count: 1, resetAt: now + 60_000 });
    expect(await store.hit('k', 60_000, now + 1_000)).toEqual({ count: 2, resetAt: now + 60_000 });
    expect((await store.read(['k', 'absent'], now + 59_999)).get('k')).toEqual({ count: 2, resetAt: now + 60_000 });
    expect((await store.read(['k'], now + 60_000)).size).toBe(0);
    expect(await store.hit('k', 60_000, now + 60_000)).toEqual({ count: 1, resetAt: now + 120_000 });
    await store.put('k', 5, 1_000, now + 60_000);
    expect((await store.read(['k'], now + 60_500)).get('k')).toEqual({ count: 5, resetAt: now + 61_000 });
    await store.remove(['k']);
    expect((await store.read(['k'], now + 60_500)).size).toBe(0);
  });

  it('counts concurrent hits once each', async () => {
    const store = new DatabaseCounterStore(t.db);
    const now = 1_800_000_000_000;
    const states = await Promise.all(Array.from({ length: 20 }, () => store.hit('concurrent', 60_000, now)));
    expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('locks out the authorisation page’s account-password sign-in too', async () => {
    await configure(t, { loginSec_maxFailures: 2 });
    const page = '/wp-admin/authorize-application.php?app_name=Tests';
    let cookie = '';
    const signIn = async (password: string) => {
      const form = await t.request.get(page).set('Cookie', cookie);
      const set = form.headers['set-cookie'] as unknown as string[] | undefined;
      if (set?.[0]) cookie = set[0].split(';')[0];
      const nonce = /name="_wpnonce" value="([^"]*)"/.exec(form.text)?.[1] ?? '';
      return t.request.post(page).set('Cookie', cookie).type('form').send({ action: 'sign_in', _wpnonce: nonce, log: 'admin', pwd: password });
    };
    expect((await signIn('wrong one')).status).toBe(401);
    expect((await signIn('wrong two')).status).toBe(401);
    const locked = await signIn('correct horse battery staple');
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('You have been locked out due to too many failed login attempts.');
    // The account is locked for application passwords as well.
    expect((await t.request.get(ME).set('Authorization', t.adminAuth)).status).toBe(429);
    await configure(t, { loginSecurityEnabled: false });
    expect((await signIn('correct horse battery staple')).status).toBe(302);
  });
});

describe('the Redis store (REDIS_URL)', () => {
  const prefix = `content-site-test:${randomUUID()}:`;
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
  let t: TestApp;
  let second: TestApp;
  const redis = new RedisClient(REDIS_URL);

  beforeAll(async () => {
    t = await startTestApp(env);
    second = await startTestApp(env, { sharedWith: t });
  });

  afterAll(async () => {
    const keys = await redis.command('KEYS', `${prefix}*`);
    if (Array.isArray(keys) && keys.length > 0) await redis.command('DEL', ...(keys as string[]));
    await redis.close();
    await second?.close();
    await t?.close();
  });

  it('counts in windows that Redis expires', async () => {
    const store = new RedisCounterStore(REDIS_URL, `${prefix}unit:`);
    try {
      const first = await store.hit('k', 60_000, 1_000);
      expect(first.count).toBe(1);
      expect(first.resetAt).toBeGreaterThan(1_000 + 59_000);
      expect((await store.hit('k', 60_000)).count).toBe(2);
      expect((await store.read(['k', 'absent'])).get('k')?.count).toBe(2);
      await store.put('lock', 1, 120_000);
      const lock = (await store.read(['lock'])).get('lock');
      expect(lock?.count).toBe(1);
      expect(lock!.resetAt - Date.now()).toBeGreaterThan(100_000);
      const ttl = await redis.command('PTTL', `${prefix}unit:k`);
      expect(ttl).toBeGreaterThan(0);
      await store.remove(['k', 'lock']);
      expect((await store.read(['k', 'lock'])).size).toBe(0);
      const states = await Promise.all(Array.from({ length: 20 }, () => store.hit('concurrent', 60_000)));
      expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await store.close();
    }
  });

  it('shares lockouts and rate limits between instances, with nothing in the database', async () => {
    await configure(t, { loginSec_maxFailures: 2, maxRequestsAuthenticated: 'DISABLED' });
    const good = await userAuth(t, 'redis-victim', 'author');
    expect((await t.request.get(ME).set('Authorization', basicAuth('redis-victim', 'nope'))).status).toBe(401);
    expect((await second.request.get(ME).set('Authorization', basicAuth('redis-victim', 'nope'))).status).toBe(401);
    const locked = await t.request.get(ME).set('Authorization', good);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('security_login_locked_out');
    expect(await redis.command('EXISTS', `${prefix}lock:user:redis-victim`)).toBe(1);

    await configure(second, { loginSecurityEnabled: false, maxGlobalRequests: 2 });
    await second.request.get(ME).set('Authorization', good).expect(200);
    // Anonymous requests from this address (the dashboard's Bearer calls count as anonymous too): past the limit on either instance.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await (i % 2 ? t : second).request.get('/wp-json/')).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await t.db.prisma.securityCounter.count()).toBe(0);
  });
});

describe('with Redis out of reach', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, connections are refused at once.
    t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('serves requests and logins unchecked rather than failing them', async () => {
    await configure(t, { maxGlobalRequests: 1, loginSec_maxFailures: 1 });
    for (let i = 0; i < 3; i++) await t.request.get('/wp-json/').expect(200);
    await t.request.get(ME).set('Authorization', basicAuth('admin', 'wrong')).expect(401);
    await t.request.get(ME).set('Authorization', t.adminAuth).expect(200);
  });
});
