/**
 * The security configuration takes effect, on every instance on the database: the dashboard
 * changes it through security/v1 config on one instance and requests to another obey at once.
 * Brute-force lockouts (per address and per user name), blocked ranges (IPv4 and IPv6) on REST,
 * GraphQL and the site, the allow list, the trusted-proxy header, rate limits (429 + Retry-After),
 * user enumeration and the index's user routes. Client addresses are chosen by binding the
 * connection's local address (anywhere in 127.0.0.0/8, or ::1), the address the site judges by.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicAuth, startTestApp, userAuth, type TestApp } from '../support/app';
import { centralAuthorization } from '../support/central';

const CONFIG = '/wp-json/security/v1/config';
const ME = '/wp-json/core/v2/users/me';

let t: TestApp;
let second: TestApp;

beforeAll(async () => {
  // The response cache is on: a change must also drop answers cached before it.
  t = await startTestApp({ CACHE_ENABLED: 'true' });
  second = await startTestApp({ CACHE_ENABLED: 'true' }, { sharedWith: t });
  // Both address families, so a client can connect from ::1 too.
  for (const app of [t, second]) await app.app.fastify.listen({ port: 0, host: '::' });
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** Changes the settings as the dashboard does, through `app`. */
async function configure(app: TestApp, fields: Record<string, unknown>): Promise<void> {
  await app.request.post(CONFIG).set('Authorization', await centralAuthorization(app)).send({ fields }).expect(200, { success: true });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json(): Record<string, unknown>;
}

/** A request over a connection from `ip` (a loopback address). */
function from(app: TestApp, ip: string, url: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET', payload?: string): Promise<Answer> {
  const { port } = app.app.fastify.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: ip.includes(':') ? '::1' : '127.0.0.1', port, path: url, method, headers, localAddress: ip }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(body) as Record<string, unknown> });
      });
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

describe('brute-force protection', () => {
  afterEach(async () => {
    await configure(t, { loginSecurityEnabled: true, loginSec_maxFailures: 20, loginSec_lockInvalidUsers: false });
  });

  it('locks an address and an account out after the failures allowed, on every instance, until the setting changes', async () => {
    await configure(t, { loginSec_maxFailures: 3 });
    const good = await userAuth(t, 'victim', 'author');
    const wrong = basicAuth('victim', 'not the password');
    for (let i = 0; i < 3; i++) expect((await from(t, '127.0.0.10', ME, { authorization: wrong })).status).toBe(401);

    // The right password from the same address, on the other instance: locked out.
    const locked = await from(second, '127.0.0.10', ME, { authorization: good });
    expect(locked.status).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'security_login_locked_out', data: { status: 429 } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(239 * 60);
    const graphql = await from(t, '127.0.0.10', '/graphql?query=%7B__typename%7D', { authorization: good });
    expect(graphql.status).toBe(429);
    expect(graphql.json()).toMatchObject({ errors: [{ extensions: { code: 'security_login_locked_out', status: 429 } }] });
    expect(Number(graphql.headers['retry-after'])).toBeGreaterThan(239 * 60);
    // The account is locked from any address; another account from that address is too (the address is).
    expect((await from(t, '127.0.0.99', ME, { authorization: good })).status).toBe(429);
    expect((await from(t, '127.0.0.10', ME, { authorization: t.adminAuth })).status).toBe(429);
    // Others are not.
    expect((await from(second, '127.0.0.99', ME, { authorization: t.adminAuth })).status).toBe(200);

    const lockouts = await t.db.prisma.securityLogEntry.findMany({ where: { type: 'lockout' } });
    expect(lockouts.map((entry) => entry.message).sort()).toEqual([
      'Address 127.0.0.10 locked out for 240 minutes after 3 failed logins.',
      'User victim locked out for 240 minutes after 3 failed logins.',
    ]);

    await configure(t, { loginSecurityEnabled: false });
    expect((await from(second, '127.0.0.10', ME, { authorization: good })).status).toBe(200);
    expect((await from(t, '127.0.0.99', ME, { authorization: good })).status).toBe(200);
    // Back on, the lockout (still running) applies again.
    await configure(second, { loginSecurityEnabled: true });
    expect((await from(t, '127.0.0.10', ME, { authorization: good })).status).toBe(429);
    // An allow-listed address is never locked out.
    await configure(second, { whitelisted: '127.0.0.8/29' });
    expect((await from(t, '127.0.0.10', ME, { authorization: good })).status).toBe(200);
    await configure(second, { whitelisted: '' });
  });

  it('locks an address out at once for an unknown user name when loginSec_lockInvalidUsers is on', async () => {
    expect((await from(t, '127.0.0.20', ME, { authorization: basicAuth('nobody-here', 'x') })).status).toBe(401);
    expect((await from(t, '127.0.0.20', ME, { authorization: t.adminAuth })).status).toBe(200);
    await configure(t, { loginSec_lockInvalidUsers: true });
    expect((await from(second, '127.0.0.20', ME, { authorization: basicAuth('nobody-here', 'x') })).status).toBe(401);
    expect((await from(second, '127.0.0.20', ME, { authorization: t.adminAuth })).status).toBe(429);
  });
});

describe('address lists', () => {
  afterAll(async () => {
    await configure(t, { blockedIPs: '', whitelisted: '', howGetIPs: '', howGetIPs_trusted_proxies: '' });
  });

  it('refuses blocked IPv4 and IPv6 ranges on REST, GraphQL and the site, on every instance', async () => {
    expect((await from(second, '127.0.1.9', '/wp-json/')).status).toBe(200);
    await configure(t, { blockedIPs: '127.0.1.0/24\n::/120' });
    for (const ip of ['127.0.1.9', '::1', '127.0.1.200']) {
      const rest = await from(second, ip, '/wp-json/');
      expect(rest.status).toBe(403);
      expect(rest.json()).toEqual({ code: 'security_ip_blocked', message: 'Your access to this site has been limited by the site owner.', data: { status: 403 } });
      const graphql = await from(second, ip, '/graphql', { 'content-type': 'application/json' }, 'POST', JSON.stringify({ query: '{ generalSettings { title } }' }));
      expect(graphql.status).toBe(403);
      expect(graphql.json()).toEqual({ errors: [{ message: 'Your access to this site has been limited by the site owner.', extensions: { code: 'security_ip_blocked', status: 403 } }] });
      expect((await from(t, ip, '/')).status).toBe(403);
    }
    for (const ip of ['127.0.2.1', '127.0.0.30']) expect((await from(second, ip, '/wp-json/')).status).toBe(200);
    const entry = await t.db.prisma.securityLogEntry.findFirst({ where: { type: 'ip-blocked', ip: '127.0.1.9' } });
    expect(entry?.message).toBe('Request from blocked address 127.0.1.9 refused.');
  });

  it('lets allow-listed addresses through a blocked range', async () => {
    await configure(second, { blockedIPs: '127.0.1.0/24', whitelisted: '127.0.1.9, ::/120' });
    expect((await from(t, '127.0.1.9', '/wp-json/')).status).toBe(200);
    expect((await from(t, '127.0.1.10', '/wp-json/')).status).toBe(403);
    await configure(second, { blockedIPs: '::1' });
    expect((await from(t, '::1', '/wp-json/')).status).toBe(200);
  });

  it('believes a forwarding header only from a trusted proxy', async () => {
    await configure(t, { blockedIPs: '203.0.113.0/24', whitelisted: '' });
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    // Not configured: the header is ignored (the connection's address counts).
    expect((await from(second, '127.0.0.2', '/wp-json/', forwarded)).status).toBe(200);
    // Configured, but from a connection that is not a trusted proxy: still ignored.
    await configure(t, { howGetIPs: 'HTTP_X_FORWARDED_FOR', howGetIPs_trusted_proxies: '127.0.0.5' });
    expect((await from(second, '127.0.0.2', '/wp-json/', forwarded)).status).toBe(200);
    // From the trusted proxy: the client's address is the right-most untrusted entry.
    expect((await from(second, '127.0.0.5', '/wp-json/', forwarded)).status).toBe(403);
    expect((await from(second, '127.0.0.5', '/wp-json/', { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' })).status).toBe(200);
    // A blocked client cannot hide behind a forged entry on the left.
    expect((await from(second, '127.0.0.5', '/wp-json/', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).status).toBe(403);
  });
});

describe('rate limits', () => {
  afterAll(async () => {
    await configure(t, { maxGlobalRequests: 'DISABLED', maxRequestsAuthenticated: 'DISABLED', maxGlobalRequests_action: 'throttle' });
  });

  it('answers 429 with Retry-After past the anonymous limit, counted across instances, and stops when disabled', async () => {
    await configure(t, { maxGlobalRequests: 3 });
    const ip = '127.0.3.50';
    expect((await from(t, ip, '/wp-json/')).status).toBe(200);
    expect((await from(second, ip, '/wp-json/core/v2/posts')).status).toBe(200);
    expect((await from(t, ip, '/')).status).toBe(200);
    const limited = await from(second, ip, '/wp-json/');
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'security_rate_limited', data: { status: 429 } });
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // GraphQL too, in its own shape.
    const graphql = await from(t, ip, '/graphql?query=%7B__typename%7D');
    expect(graphql.status).toBe(429);
    expect(graphql.json()).toMatchObject({ errors: [{ extensions: { code: 'security_rate_limited', status: 429 } }] });
    // Another address, and authenticated clients (no authenticated limit set), are not limited.
    expect((await from(t, '127.0.3.51', '/wp-json/')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await from(t, ip, ME, { authorization: t.adminAuth })).status).toBe(200);

    await configure(second, { maxGlobalRequests: 'DISABLED' });
    expect((await from(t, ip, '/wp-json/')).status).toBe(200);
  });

  it('limits authenticated clients separately, and blocks for blockedTime with the block action', async () => {
    await configure(t, { maxRequestsAuthenticated: 2, maxRequestsAuthenticated_action: 'block', blockedTime: 120 });
    const ip = '127.0.3.60';
    expect((await from(t, ip, ME, { authorization: t.adminAuth })).status).toBe(200);
    expect((await from(second, ip, ME, { authorization: t.adminAuth })).status).toBe(200);
    const limited = await from(t, ip, ME, { authorization: t.adminAuth });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('120');
    expect((await from(second, ip, ME, { authorization: t.adminAuth })).headers['retry-after']).toMatch(/^(1[01]\d|120)$/);
    // Anonymous requests from that address have their own (disabled) limit.
    expect((await from(t, ip, '/wp-json/')).status).toBe(200);
    expect(await t.db.prisma.securityLogEntry.count({ where: { type: 'rate-limited', ip } })).toBe(1);
    await configure(t, { maxRequestsAuthenticated: 'DISABLED' });
    expect((await from(second, ip, ME, { authorization: t.adminAuth })).status).toBe(200);
  });
});

describe('user enumeration', () => {
  afterAll(async () => {
    await configure(t, { loginSec_disableAuthorScan: false, hideUserRoutesFromIndex: false });
  });

  it('is blocked for readers who may not edit others’ posts only when loginSec_disableAuthorScan is on', async () => {
    const author = await userAuth(t, 'enum-author', 'author');
    const editor = await userAuth(t, 'enum-editor', 'editor');
    const adminId = (await t.request.get(ME).set('Authorization', t.adminAuth).expect(200)).body.id as number;
    // An author with a published post is public (WordPress shows only those to anonymous readers).
    const post = await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: 'By the admin', status: 'publish' }).expect(201);
    const oembed = `/wp-json/oembed/1.0/embed?url=${encodeURIComponent(post.body.link as string)}`;
    expect((await second.request.get(oembed).expect(200)).body).toHaveProperty('author_name', 'admin');
    // Off: served (and cached for anonymous readers, on both instances).
    for (const app of [t, second]) {
      await app.request.get('/wp-json/core/v2/users').expect(200);
      await app.request.get(`/wp-json/core/v2/users/${adminId}`).expect(200);
      await app.request.get(`/?author=${adminId}`).expect(200);
      await app.request.get('/author/admin/').expect(200);
    }
    await configure(t, { loginSec_disableAuthorScan: true });
    for (const app of [t, second]) {
      const list = await app.request.get('/wp-json/core/v2/users').expect(401);
      expect(list.body).toEqual({ code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to list users.', data: { status: 401 } });
      const item = await app.request.get(`/wp-json/core/v2/users/${adminId}`).expect(404);
      expect(item.body).toEqual({ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
      await app.request.get(`/?author=${adminId}`).expect(404);
      await app.request.get('/author/admin/').expect(404);
      const embed = (await app.request.get(oembed).expect(200)).body;
      expect(embed).not.toHaveProperty('author_name');
      expect(embed).not.toHaveProperty('author_url');
    }
    // A user below editor: 403 for the list, only oneself as an item; editors and above as before.
    await second.request.get('/wp-json/core/v2/users').set('Authorization', author).expect(403);
    await second.request.get(`/wp-json/core/v2/users/${adminId}`).set('Authorization', author).expect(404);
    await second.request.get(ME).set('Authorization', author).expect(200);
    await second.request.get('/wp-json/core/v2/users').set('Authorization', editor).expect(200);
    await second.request.get(`/wp-json/core/v2/users/${adminId}`).set('Authorization', editor).expect(200);
  });

  it('hides the user routes from the index for anonymous readers only when hideUserRoutesFromIndex is on', async () => {
    const routes = async (app: TestApp, url: string, auth?: string) => {
      const request = app.request.get(url);
      if (auth) request.set('Authorization', auth);
      return Object.keys((await request.expect(200)).body.routes as Record<string, unknown>);
    };
    expect(await routes(second, '/wp-json/')).toContain('/core/v2/users');
    await configure(t, { hideUserRoutesFromIndex: true });
    for (const url of ['/wp-json/', '/wp-json/core/v2']) {
      const anonymous = await routes(second, url);
      expect(anonymous.filter((route) => route.startsWith('/core/v2/users'))).toEqual([]);
      expect(anonymous).toContain('/core/v2/posts');
      expect(await routes(second, url, t.adminAuth)).toEqual(expect.arrayContaining(['/core/v2/users', '/core/v2/users/me']));
    }
  });
});
