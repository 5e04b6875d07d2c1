/**
 * `/oembed/1.0/proxy` over real HTTP against a provider the test serves on loopback (made reachable
 * by the documented allow-list, OEMBED_ALLOW_HOSTS, and registered through OEMBED_PROVIDERS): the
 * permission WordPress requires, the provider registry, discovery, maxwidth/maxheight, WordPress's
 * html for trusted and discovered providers, the cache, and errors.
 */
import { startTestApp, SITE_URL, basicAuth, type TestApp } from '../support/app';
import { html, json, oversized, redirect, startLoopbackServer, type LoopbackServer } from '../support/oembed-provider';

const PROXY = '/wp-json/oembed/1.0/proxy';

describe('oEmbed proxy', () => {
  let t: TestApp;
  let provider: LoopbackServer;
  let subscriberAuth: string;

  const answer = (query: URLSearchParams, server: LoopbackServer) => ({
    version: '1.0',
    type: 'rich',
    provider_name: 'Loopback Video',
    provider_url: server.origin,
    title: 'A "clip"',
    author_name: 'Someone',
    width: Number(query.get('maxwidth')),
    height: Number(query.get('maxheight')),
    html: `<blockquote><a href="${server.origin}/video/1">Clip</a></blockquote>\n<div class="player"><iframe src="${server.origin}/player/1?a=1&b=2" width="480" height="270" onload="steal()"></iframe><script>alert(1)</script></div>`,
  });

  beforeAll(async () => {
    provider = await startLoopbackServer({
      // JSON preferred to XML, whichever comes first; the href is HTML-escaped.
      '/video/1': html(
        (s) => `<!doctype html><html><head><title>Clip</title>
        <link rel="alternate" type="text/xml+oembed" href="${s.origin}/oembed.xml">
        <link rel="alternate" type="application/json+oembed" href="${s.origin}/oembed?url=${encodeURIComponent(s.origin + '/video/1')}&amp;format=json" />
        </head><body>clip</body></html>`,
      ),
      '/plain-page': html('<html><head><title>No embed here</title></head><body>nothing</body></html>'),
      '/moved': redirect((s) => `${s.origin}/video/1`, 301),
      '/oembed': json(answer),
      '/registered/1': html('<html><head></head><body>never read: the registry knows its endpoint</body></html>'),
      '/huge-oembed': oversized(256 * 1024),
      '/huge/1': html('<html></html>'),
    });
    t = await startTestApp({
      OEMBED_ALLOW_HOSTS: `127.0.0.1:${provider.port}`,
      OEMBED_PROVIDERS: `${provider.origin}/registered/*=${provider.origin}/oembed ${provider.origin}/huge/*=${provider.origin}/huge-oembed`,
      OEMBED_MAX_BYTES: String(64 * 1024),
    });
    const user = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: 'sub', email: 'sub@example.com', password: 'sub-password-1', roles: ['subscriber'] });
    const pw = await t.request.post(`/wp-json/core/v2/users/${user.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'test' });
    subscriberAuth = basicAuth('sub', pw.body.password);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const proxy = (query: Record<string, string>, auth: string | null = t.adminAuth) => {
    const req = t.request.get(PROXY).query(query);
    return auth ? req.set('Authorization', auth) : req;
  };

  it('needs edit_posts: 401 anonymous, 403 for a subscriber (rest_forbidden)', async () => {
    const anonymous = await proxy({ url: `${provider.origin}/video/1` }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to make proxied oEmbed requests.', data: { status: 401 } });
    const subscriber = await proxy({ url: `${provider.origin}/video/1` }, subscriberAuth);
    expect(subscriber.status).toBe(403);
    expect(subscriber.body.code).toBe('rest_forbidden');
    expect(provider.hitCount('/video/1')).toBe(0);
  });

  it('validates before checking permission: no url is 400 even anonymous; bad format or discover is 400', async () => {
    expect((await proxy({}, null)).body.code).toBe('rest_missing_callback_param');
    const format = await proxy({ url: `${provider.origin}/video/1`, format: 'yaml' });
    expect(format.status).toBe(400);
    expect(format.body.data.params).toHaveProperty('format');
    const discover = await proxy({ url: `${provider.origin}/video/1`, discover: 'perhaps' });
    expect(discover.status).toBe(400);
    expect(discover.body.data.params).toHaveProperty('discover');
  });

  it('discovers the endpoint from the page (JSON preferred) and hands on WordPress html for an untrusted provider', async () => {
    const res = await proxy({ url: `${provider.origin}/video/1` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'Loopback Video', title: 'A "clip"', width: 600, height: 750 });
    // WordPress's arguments to the provider: maxwidth, maxheight (default 750), url, dnt, format.
    const asked = provider.lastQuery.get('/oembed') as URLSearchParams;
    expect(Object.fromEntries(asked)).toEqual({ url: `${provider.origin}/video/1`, format: 'json', maxwidth: '600', maxheight: '750', dnt: '1' });
    expect(provider.hitCount('/oembed.xml')).toBe(0);
    const out: string = res.body.html;
    const secret = /data-secret="([A-Za-z0-9]{10})"/.exec(out)?.[1];
    expect(secret).toBeDefined();
    expect(out).toBe(
      `<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="${provider.origin}/video/1">Clip</a></blockquote>` +
        `<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" style="position: absolute; visibility: hidden;" title="A &quot;clip&quot;" src="${provider.origin}/player/1?a=1&#038;b=2#?secret=${secret}" data-secret="${secret}" width="480" height="270"></iframe>`,
    );
    expect(out).not.toContain('<script');
    expect(out).not.toContain('onload');
  });

  it('passes maxwidth and maxheight on to the provider', async () => {
    const res = await proxy({ url: `${provider.origin}/video/1`, maxwidth: '320', maxheight: '240' });
    expect(res.status).toBe(200);
    expect(res.body.width).toBe(320);
    expect(res.body.height).toBe(240);
    const asked = provider.lastQuery.get('/oembed') as URLSearchParams;
    expect(asked.get('maxwidth')).toBe('320');
    expect(asked.get('maxheight')).toBe('240');
  });

  it('caches answers: the same request again does not reach the provider', async () => {
    const query = { url: `${provider.origin}/video/1`, maxwidth: '410' };
    const first = await proxy(query);
    expect(first.status).toBe(200);
    const pages = provider.hitCount('/video/1');
    const calls = provider.hitCount('/oembed');
    const second = await proxy(query);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(provider.hitCount('/video/1')).toBe(pages);
    expect(provider.hitCount('/oembed')).toBe(calls);
    // Other arguments are another entry.
    await proxy({ ...query, maxwidth: '411' });
    expect(provider.hitCount('/oembed')).toBe(calls + 1);
  });

  it('asks a registered (trusted) provider without discovery, its html kept as given', async () => {
    const pages = provider.hitCount('/registered/1');
    const res = await proxy({ url: `${provider.origin}/registered/1`, discover: 'false' });
    expect(res.status).toBe(200);
    expect(provider.hitCount('/registered/1')).toBe(pages);
    expect(res.body.html).toContain('<script>alert(1)</script>');
    expect(res.body.html).toContain('<iframe title="A &quot;clip&quot;" src=');
    expect(res.body.html).not.toContain('\n');
  });

  it('follows a redirect of the page (each hop checked) to discover', async () => {
    const res = await proxy({ url: `${provider.origin}/moved` });
    expect(res.status).toBe(200);
    expect(res.body.provider_name).toBe('Loopback Video');
  });

  it.each([
    ['a page without discovery links', () => ({ url: `${provider.origin}/plain-page` })],
    ['an unregistered address with discover=false', () => ({ url: `${provider.origin}/video/1`, discover: 'false' })],
    ['an address that does not answer', () => ({ url: `${provider.origin}/missing` })],
    ['a provider answer over the size cap', () => ({ url: `${provider.origin}/huge/1` })],
  ])('404 oembed_invalid_url for %s', async (_label, query) => {
    const res = await proxy(query());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
  });

  it('answers this site’s own addresses as the embed route does', async () => {
    const now = new Date();
    await t.db.prisma.content.create({ data: { type: 'post', status: 'publish', title: 'Local one', slug: 'local-one', authorId: 1, date: now, modified: now } });
    const res = await proxy({ url: `${SITE_URL}/local-one/`, maxwidth: '400' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider_name: 'Content Site', title: 'Local one', type: 'rich', width: 400, height: 225 });
    expect(res.body.html).toContain(`src="${SITE_URL}/local-one/embed/#?secret=`);
  });
});
