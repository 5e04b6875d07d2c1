/**
 * seo/v1 semrush/* over real HTTP against a fake keyphrase service on loopback: the code-for-tokens
 * exchange, tokens sealed at rest, refresh of an expired token, cached answers, and the errors
 * when the service is not configured, not allowed, refusing or unreachable.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config';
import { seal, unseal } from '../../src/domain/secret-box';
import { startTestApp, userAuth, type TestApp } from '../support/app';

const SEO = '/wp-json/seo/v1/semrush';
const KEY = 'a1'.repeat(32);

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
}

/** The service: codes `good` / `expiring` give tokens (the second already expired), `bad` is refused, `broken` fails. */
function fakeService(): Promise<{ server: http.Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const valid = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://service');
      const form = new URLSearchParams(body);
      seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, form });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/oauth2/access_token' && req.method === 'POST') {
        const grant = form.get('grant_type');
        const code = form.get('code');
        if (grant === 'authorization_code' && code === 'good') return valid.add('AT-good-secret'), send(200, { access_token: 'AT-good-secret', refresh_token: 'RT-good-secret', expires_in: 3600 });
        if (grant === 'authorization_code' && code === 'expiring') return send(200, { access_token: 'AT-old-secret', refresh_token: 'RT-old-secret', expires_in: -60 });
        if (grant === 'refresh_token' && form.get('refresh_token') === 'RT-old-secret') return valid.add('AT-new-secret'), send(200, { access_token: 'AT-new-secret', refresh_token: 'RT-new-secret', expires_in: 3600 });
        if (code === 'broken') return send(500, { error: 'down' });
        return send(400, { error: 'invalid_grant', error_description: 'The code is not valid' });
      }
      if (url.pathname === '/api/v1/keywords/phrase_fullsearch' && req.method === 'GET') {
        if (!valid.has(url.searchParams.get('access_token') ?? '')) return send(401, { error: 'invalid_token', message: 'Token is not valid' });
        const phrase = url.searchParams.get('phrase');
        return send(200, { data: { columnNames: ['Ph', 'Nq', 'Td'], rows: [[`${phrase} ideas`, '1000', '0.1,0.2']] }, status: 200 });
      }
      send(404, { error: 'not found' });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    resolve({ server, url: `http://127.0.0.1:${port}`, seen });
  }));
}

describe('seo/v1 semrush', () => {
  let service: Awaited<ReturnType<typeof fakeService>>;
  let t: TestApp;
  let author: string;
  let subscriber: string;

  beforeAll(async () => {
    service = await fakeService();
    const host = service.url.replace('http://', '');
    t = await startTestApp({ SEO_KEYPHRASE_SERVICE_URL: service.url, SEO_KEYPHRASE_ALLOW_HOSTS: host, SEO_SECRET_KEY: KEY, SEO_KEYPHRASE_CLIENT_SECRET: 'client-secret' });
    author = await userAuth(t, 'au', 'author');
    subscriber = await userAuth(t, 'sub', 'subscriber');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => service.server.close(resolve));
  });
  beforeEach(async () => {
    service.seen.length = 0;
    await t.db.prisma.option.deleteMany({ where: { name: 'wpseo' } });
  });

  const authenticate = (code: unknown, app = t, auth = t.adminAuth) => app.request.post(`${SEO}/authenticate`).set('Authorization', auth).send({ code });
  const related = (keyphrase: string, country = 'us', app = t, auth = t.adminAuth) =>
    app.request.get(`${SEO}/related_keyphrases?keyphrase=${encodeURIComponent(keyphrase)}&country_code=${country}`).set('Authorization', auth);
  const storedWpseo = async () => (await t.db.prisma.option.findUnique({ where: { name: 'wpseo' } }))?.value ?? '';

  it('exchanges the code for tokens kept sealed on the server', async () => {
    const res = await authenticate('good', t, author).expect(200);
    expect(res.body).toEqual({ tokens: { expires: expect.any(Number), has_expired: false, created_at: expect.any(Number) }, status: 200 });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    const exchange = service.seen.find((s) => s.path === '/oauth2/access_token');
    expect(exchange?.form.get('grant_type')).toBe('authorization_code');
    expect(exchange?.form.get('code')).toBe('good');
    expect(exchange?.form.get('client_id')).toBe('yoast');
    expect(exchange?.form.get('client_secret')).toBe('client-secret');
    const raw = await storedWpseo();
    expect(raw).not.toContain('AT-good-secret');
    expect(raw).not.toContain('RT-good-secret');
    expect(JSON.parse(raw).semrush_tokens).toMatch(/^v1\./);
  });

  it('looks keyphrases up with the tokens and caches the answer', async () => {
    await authenticate('good').expect(200);
    const first = await related('running shoes', 'us', t, author).expect(200);
    expect(first.body).toEqual({ results: { columnNames: ['Ph', 'Nq', 'Td'], rows: [['running shoes ideas', '1000', '0.1,0.2']] }, status: 200 });
    const lookup = service.seen.find((s) => s.path === '/api/v1/keywords/phrase_fullsearch');
    expect(Object.fromEntries(lookup?.query ?? [])).toMatchObject({ access_token: 'AT-good-secret', phrase: 'running shoes', database: 'us', export_columns: 'Ph,Nq,Td', display_limit: '10', display_sort: 'nq_desc' });
    const calls = service.seen.length;
    expect((await related('running shoes').expect(200)).body).toEqual(first.body);
    expect(service.seen.length).toBe(calls);
    await related('running shoes', 'gb').expect(200);
    expect(service.seen.length).toBe(calls + 1);
  });

  it('refreshes an expired access token and keeps the new one', async () => {
    await authenticate('expiring').expect(200);
    const res = await related('trail running').expect(200);
    expect(res.body.results.rows[0][0]).toBe('trail running ideas');
    expect(service.seen.map((s) => s.form.get('grant_type') ?? s.path)).toEqual(['authorization_code', 'refresh_token', '/api/v1/keywords/phrase_fullsearch']);
    expect(service.seen[1].form.get('refresh_token')).toBe('RT-old-secret');
    const raw = await storedWpseo();
    expect(raw).not.toContain('AT-new-secret');
    // The refreshed token is used from now on, with no further refresh.
    await related('hill running').expect(200);
    expect(service.seen.filter((s) => s.form.get('grant_type') === 'refresh_token')).toHaveLength(1);
    expect(service.seen.at(-1)?.query.get('access_token')).toBe('AT-new-secret');
  });

  it('answers as the plugin does when the code is refused or no tokens are kept', async () => {
    expect((await authenticate('bad').expect(401)).body).toMatchObject({ tokens: [], error: 'Authentication failed: The code is not valid', status: 401, code: 'rest_forbidden', data: { status: 401 } });
    expect(JSON.parse((await storedWpseo()) || '{}').semrush_tokens ?? '').toBe('');
    expect((await related('anything').expect(400)).body).toMatchObject({ error: 'Token usage failed. Token is empty.', status: 400, code: 'rest_invalid_param', data: { status: 400 } });
  });

  it('gives a WordPress error when the service fails or cannot be reached', async () => {
    const broken = await authenticate('broken').expect(502);
    expect(broken.body).toMatchObject({ code: 'seo_keyphrase_service_unreachable', data: { status: 502 } });
    const closed = await startTestApp({ SEO_KEYPHRASE_SERVICE_URL: 'http://127.0.0.1:9', SEO_KEYPHRASE_ALLOW_HOSTS: '127.0.0.1:9', SEO_SECRET_KEY: KEY }, { sharedWith: t });
    try {
      const res = await authenticate('good', closed).expect(502);
      expect(res.body.code).toBe('seo_keyphrase_service_unreachable');
      expect(res.body.message).toMatch(/could not be reached/);
    } finally {
      await closed.close();
    }
  });

  it('never calls a private address that is not allow-listed', async () => {
    const guarded = await startTestApp({ SEO_KEYPHRASE_SERVICE_URL: service.url, SEO_SECRET_KEY: KEY }, { sharedWith: t });
    try {
      expect((await authenticate('good', guarded).expect(502)).body.code).toBe('seo_keyphrase_service_unreachable');
      expect(service.seen).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });

  it('says when the service is not configured', async () => {
    const bare = await startTestApp({}, { sharedWith: t });
    const keyless = await startTestApp({ SEO_KEYPHRASE_SERVICE_URL: service.url, SEO_KEYPHRASE_ALLOW_HOSTS: service.url.replace('http://', '') }, { sharedWith: t });
    try {
      const res = await authenticate('good', bare).expect(400);
      expect(res.body).toMatchObject({ code: 'seo_keyphrase_service_not_configured', data: { status: 400 } });
      expect((await related('x', 'us', bare).expect(400)).body.code).toBe('seo_keyphrase_service_not_configured');
      expect((await authenticate('good', keyless).expect(400)).body.message).toMatch(/SEO_SECRET_KEY/);
      expect(service.seen).toHaveLength(0);
    } finally {
      await bare.close();
      await keyless.close();
    }
  });

  it('reads tokens that were altered, or sealed with another key, as no connection', async () => {
    await authenticate('good').expect(200);
    const wpseo = JSON.parse(await storedWpseo());
    const sealed = wpseo.semrush_tokens as string;
    const flipped = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    await t.db.prisma.option.update({ where: { name: 'wpseo' }, data: { value: JSON.stringify({ ...wpseo, semrush_tokens: flipped }) } });
    expect((await related('altered').expect(400)).body).toMatchObject({ error: 'Token usage failed. Token is empty.', status: 400, code: 'rest_invalid_param', data: { status: 400 } });
    const key = Buffer.from(KEY, 'hex');
    expect(unseal(key, 'wpseo.semrush_tokens', seal(key, 'wpseo.semrush_tokens', 'x'))).toBe('x');
    expect(unseal(key, 'another.slot', seal(key, 'wpseo.semrush_tokens', 'x'))).toBeNull();
    expect(unseal(Buffer.alloc(32, 7), 'wpseo.semrush_tokens', seal(key, 'wpseo.semrush_tokens', 'x'))).toBeNull();
  });

  it('takes a secret key of exactly 32 bytes and an http(s) service address', () => {
    expect(loadConfig({ SEO_SECRET_KEY: KEY }).seo.secretKey?.length).toBe(32);
    expect(loadConfig({ SEO_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }).seo.secretKey?.length).toBe(32);
    expect(() => loadConfig({ SEO_SECRET_KEY: 'correct horse battery staple' })).toThrow(/SEO_SECRET_KEY/);
    expect(() => loadConfig({ SEO_KEYPHRASE_SERVICE_URL: 'ftp://example.com' })).toThrow(/SEO_KEYPHRASE_SERVICE_URL/);
    expect(loadConfig({ SEO_KEYPHRASE_SERVICE_URL: 'https://oauth.semrush.com/' }).seo.keyphraseServiceUrl).toBe('https://oauth.semrush.com');
  });

  it('stores the country code', async () => {
    expect((await t.request.post(`${SEO}/country_code`).set('Authorization', author).send({ country_code: 'de' }).expect(200)).body).toEqual({ success: true, status: 200 });
    expect(JSON.parse(await storedWpseo()).semrush_country_code).toBe('de');
    expect((await t.request.post(`${SEO}/country_code`).set('Authorization', author).send({ country_code: 'DEU' }).expect(400)).body.code).toBe('rest_invalid_param');
    expect((await t.request.post(`${SEO}/country_code`).set('Authorization', author).send({}).expect(400)).body.code).toBe('rest_missing_callback_param');
  });

  it('checks arguments before anything else, and permissions', async () => {
    expect((await t.request.post(`${SEO}/authenticate`).set('Authorization', t.adminAuth).send({}).expect(400)).body.code).toBe('rest_missing_callback_param');
    expect((await authenticate('').expect(400)).body.code).toBe('rest_invalid_param');
    expect((await t.request.get(`${SEO}/related_keyphrases?keyphrase=x`).set('Authorization', t.adminAuth).expect(400)).body.data.params).toEqual(['country_code']);
    expect((await related('   ').expect(400)).body.code).toBe('rest_invalid_param');
    await authenticate('good', t, subscriber).expect(403);
    await related('x', 'us', t, subscriber).expect(403);
    await t.request.post(`${SEO}/authenticate`).send({ code: 'good' }).expect(401);
    await t.request.get(`${SEO}/related_keyphrases?keyphrase=x&country_code=us`).expect(401);
    expect(service.seen).toHaveLength(0);
  });
});
