/**
 * GraphQL `oembed(url:)` (graphql/oembed-additions.graphql) through the same domain functions as
 * REST's oembed/1.0: this site's addresses for everybody (the embed route's answer), other addresses
 * for editors only (the proxy's), against a provider the test serves on loopback.
 */
import { startTestApp, SITE_URL, type TestApp } from '../support/app';
import { json, html, startLoopbackServer, type LoopbackServer } from '../support/oembed-provider';
import { execute, listen, run, type GraphQLTestServer } from './client';

const QUERY = `query ($url: String!, $maxwidth: Int, $maxheight: Int) {
  oembed(url: $url, maxwidth: $maxwidth, maxheight: $maxheight) {
    version type title authorName authorUrl providerName providerUrl width height html thumbnailUrl cacheAge
  }
}`;

describe('GraphQL oembed', () => {
  let t: TestApp;
  let server: GraphQLTestServer;
  let provider: LoopbackServer;

  beforeAll(async () => {
    provider = await startLoopbackServer({
      '/clip': html((s) => `<html><head><link rel="alternate" type="application/json+oembed" href="${s.origin}/oembed"></head></html>`),
      '/oembed': json((q) => ({ version: '1.0', type: 'video', title: 'Clip', provider_name: 'Loopback', width: q.get('maxwidth'), height: '270', cache_age: 3600, html: '<iframe src="https://player.example/1"></iframe>' })),
    });
    t = await startTestApp({ OEMBED_ALLOW_HOSTS: `127.0.0.1:${provider.port}` });
    const now = new Date();
    await t.db.prisma.content.create({ data: { type: 'post', status: 'publish', title: 'Graph post', slug: 'graph-post', authorId: 1, date: now, modified: now } });
    server = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('answers a local address for anybody, as /oembed/1.0/embed does', async () => {
    const data = await run<{ oembed: Record<string, unknown> }>(server.client(), QUERY, { url: `${SITE_URL}/graph-post/`, maxwidth: 400 });
    expect(data.oembed).toMatchObject({ version: '1.0', type: 'rich', title: 'Graph post', authorUrl: `${SITE_URL}/author/admin/`, providerName: 'Content Site', providerUrl: SITE_URL, width: 400, height: 225, thumbnailUrl: null });
    expect(data.oembed.html).toContain(`src="${SITE_URL}/graph-post/embed/#?secret=`);
    const rest = await t.request.get('/wp-json/oembed/1.0/embed').query({ url: `${SITE_URL}/graph-post/`, maxwidth: '400' });
    expect({ ...rest.body, html: undefined }).toEqual({
      version: data.oembed.version, provider_name: data.oembed.providerName, provider_url: data.oembed.providerUrl, author_name: data.oembed.authorName,
      author_url: data.oembed.authorUrl, title: data.oembed.title, type: data.oembed.type, width: data.oembed.width, height: data.oembed.height, html: undefined,
    });
  });

  it('is null for a local address that names nothing', async () => {
    const data = await run<{ oembed: unknown }>(server.client(), QUERY, { url: `${SITE_URL}/no-such-thing/` });
    expect(data.oembed).toBeNull();
  });

  it('refuses outside addresses to viewers who may not edit posts (rest_forbidden)', async () => {
    const result = await execute(server.client(), QUERY, { url: `${provider.origin}/clip` });
    expect(result.data?.oembed).toBeNull();
    expect(result.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 401 });
    expect(provider.hitCount('/clip')).toBe(0);
  });

  it('answers outside addresses to editors through the proxy (discovery, maxwidth passed on)', async () => {
    const data = await run<{ oembed: Record<string, unknown> }>(server.client(t.adminAuth), QUERY, { url: `${provider.origin}/clip`, maxwidth: 480 });
    expect(data.oembed).toMatchObject({ type: 'video', title: 'Clip', providerName: 'Loopback', width: 480, height: 270, cacheAge: 3600 });
    expect(data.oembed.html).toMatch(/^<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" title="Clip" src="https:\/\/player\.example\/1#\?secret=[A-Za-z0-9]{10}" data-secret="[A-Za-z0-9]{10}"><\/iframe>$/);
    expect(provider.lastQuery.get('/oembed')?.get('maxwidth')).toBe('480');
  });
});
