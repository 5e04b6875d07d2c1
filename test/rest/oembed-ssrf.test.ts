/**
 * The guard in front of every outside request the oEmbed proxy makes (src/domain/oembed/safe-fetch.ts):
 * private, loopback, link-local (cloud metadata), unique-local and other non-public addresses are
 * refused after DNS resolution and on every redirect hop; only the allow-listed authority is exempt,
 * and only for itself; timeouts, the size cap and the redirect limit hold. Checked through the REST
 * route (404 oembed_invalid_url, and the inside server never reached) and on the fetcher itself,
 * whose refusal says why.
 */
import { FetchRefused, safeFetch, type SafeFetchOptions } from '../../src/domain/oembed/safe-fetch';
import { isPublicAddress } from '../../src/domain/oembed/address-guard';
import { startTestApp, type TestApp } from '../support/app';
import { hang, html, oversized, redirect, startLoopbackServer, type LoopbackServer } from '../support/oembed-provider';

const PROXY = '/wp-json/oembed/1.0/proxy';

describe('SSRF guard of the oEmbed proxy', () => {
  let t: TestApp;
  /** Allow-listed: stands for a public site (the only authority the guard is relaxed for). */
  let outside: LoopbackServer;
  /** Not allow-listed: stands for a service inside the network; must never be reached. */
  let inside: LoopbackServer;

  const options = (): SafeFetchOptions => ({ timeoutMs: 400, maxBytes: 64 * 1024, maxRedirects: 3, allowHosts: [`127.0.0.1:${outside.port}`] });

  async function refusal(url: string, extra: Partial<SafeFetchOptions> = {}): Promise<string> {
    try {
      await safeFetch(url, { ...options(), ...extra });
    } catch (error) {
      if (error instanceof FetchRefused) return error.reason;
      throw error;
    }
    return 'fetched';
  }

  beforeAll(async () => {
    inside = await startLoopbackServer({ '/secret': html('<html><head><link rel="alternate" type="application/json+oembed" href="/oembed"></head></html>') });
    outside = await startLoopbackServer({
      '/page': html('<html><head><title>ok</title></head></html>'),
      '/to-inside': redirect(() => `${inside.origin}/secret`),
      '/to-metadata': redirect(() => 'http://169.254.169.254/latest/meta-data/'),
      '/to-private': redirect(() => 'http://10.0.0.1:8080/'),
      '/to-localhost': redirect(() => 'http://localhost/'),
      '/to-ipv6-loopback': redirect(() => 'http://[::1]/'),
      '/loop': redirect((s) => `${s.origin}/loop`),
      '/slow': hang,
      '/big': oversized(512 * 1024),
    });
    t = await startTestApp({ OEMBED_ALLOW_HOSTS: `127.0.0.1:${outside.port}`, OEMBED_TIMEOUT_MS: '400', OEMBED_MAX_REDIRECTS: '3', OEMBED_MAX_BYTES: String(64 * 1024) });
  });
  afterAll(async () => {
    await t?.close();
    await outside?.close();
    await inside?.close();
  });

  describe('address classification', () => {
    it.each(['127.0.0.1', '127.5.6.7', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.100.100.200', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::', '224.0.0.1', '255.255.255.255'])(
      '%s is not public',
      (address) => expect(isPublicAddress(address)).toBe(false),
    );
    it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => expect(isPublicAddress(address)).toBe(true));
  });

  describe('the fetcher refuses before connecting', () => {
    it.each([
      ['loopback', 'http://127.0.0.1/'],
      ['a private network', 'http://10.20.30.40/'],
      ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
      ['IPv6 loopback', 'http://[::1]/'],
      ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
      ['an IPv6 unique-local address', 'http://[fd00:ec2::254]/'],
      ['a host name resolving to loopback', 'http://localhost/'],
    ])('%s (address)', async (_label, url) => {
      expect(await refusal(url)).toBe('address');
    });

    it('a port outside 80, 443 and 8080, unless allow-listed', async () => {
      expect(await refusal(`${inside.origin}/secret`)).toBe('port');
      expect(inside.hitCount('/secret')).toBe(0);
      expect(await refusal(`${outside.origin}/page`)).toBe('fetched');
    });

    it('other schemes and credentials in the URL', async () => {
      expect(await refusal('file:///etc/passwd')).toBe('url');
      expect(await refusal('gopher://127.0.0.1/')).toBe('url');
      expect(await refusal(`http://user:pass@127.0.0.1:${outside.port}/page`)).toBe('url');
    });

    it('the allow-list names one authority: the same host on another port, or by another name, is still refused', async () => {
      expect(await refusal(`http://localhost:${outside.port}/page`)).toBe('port');
      expect(await refusal(`http://127.0.0.1:${outside.port}/page`, { allowHosts: [] })).toBe('port');
    });
  });

  describe('every redirect hop is checked', () => {
    it.each([
      ['the inside server', '/to-inside', 'port'],
      ['the metadata address', '/to-metadata', 'address'],
      ['a private address on an allowed port', '/to-private', 'address'],
      ['a name resolving to loopback', '/to-localhost', 'address'],
      ['IPv6 loopback', '/to-ipv6-loopback', 'address'],
    ])('an allow-listed page redirecting to %s is refused', async (_label, path, reason) => {
      expect(await refusal(`${outside.origin}${path}`)).toBe(reason);
      expect(inside.hitCount('/secret')).toBe(0);
    });

    it('redirects are limited', async () => {
      expect(await refusal(`${outside.origin}/loop`)).toBe('redirects');
      expect(outside.hitCount('/loop')).toBe(4);
    });
  });

  describe('time and size', () => {
    it('a page that never answers times out', async () => {
      expect(await refusal(`${outside.origin}/slow`)).toBe('timeout');
    });

    it('an answer over the cap is refused, or cut when cutting is asked for (discovery)', async () => {
      expect(await refusal(`${outside.origin}/big`)).toBe('too-large');
      const cut = await safeFetch(`${outside.origin}/big`, { ...options(), truncate: true, maxBytes: 1000 });
      expect(cut.truncated).toBe(true);
      expect(cut.body.length).toBe(1000);
    });
  });

  describe('through the REST route', () => {
    it.each([
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://localhost/',
      'INSIDE',
      'OUTSIDE/to-inside',
      'OUTSIDE/to-metadata',
      'OUTSIDE/to-private',
      'OUTSIDE/loop',
      'OUTSIDE/slow',
      'OUTSIDE/big',
    ])('%s is answered 404 oembed_invalid_url', async (target) => {
      const url = target.replace('INSIDE', `${inside.origin}/secret`).replace('OUTSIDE', outside.origin);
      const res = await t.request.get(PROXY).query({ url }).set('Authorization', t.adminAuth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
      expect(inside.hitCount('/secret')).toBe(0);
      expect(inside.hitCount('/oembed')).toBe(0);
    });

    it('nothing is reachable without the allow-list (off by default)', async () => {
      const strict = await startTestApp({}, { sharedWith: t });
      try {
        const res = await strict.request.get(PROXY).query({ url: `${outside.origin}/page` }).set('Authorization', strict.adminAuth);
        expect(res.status).toBe(404);
        expect(strict.config.oembed.allowHosts).toEqual([]);
      } finally {
        await strict.close();
      }
    });
  });
});
