/**
 * `npm start` on a multi-core machine: one primary prepares the database, two worker processes
 * share the port. Connections alternate between the workers (the primary hands them out in
 * turn), so every check below goes through both: /metrics sums them, writes through both keep
 * slugs unique, a write through one is never followed by a stale cached read from the other,
 * and SIGTERM stops them all.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startServer, waitHealthy, type Running } from '../support/server-process';

const APP_PASSWORD = 'clus terc lust erc1 uste rclu';
const AUTH = 'Basic ' + Buffer.from(`admin:${APP_PASSWORD}`).toString('base64');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (no keep-alive), so successive requests reach different workers. */
function request(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const metric = (text: string, series: string): number => Number(new RegExp(`^${series.replace(/[{}"=,]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

describe('cluster workers', () => {
  let database: TestDatabase;
  let server: Running;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2', ADMIN_USER: 'admin', ADMIN_APP_PASSWORD: APP_PASSWORD, SITE_URL: 'http://example.test' });
    await waitHealthy(server, 60000);
  }, 70000);
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
    await database.drop();
  });

  it('serves from two worker processes, and /metrics sums both whichever answers', async () => {
    // /health answers once one worker listens; on a loaded machine the second may still be starting.
    const deadline = Date.now() + 60_000;
    while (metric((await request(server.port, 'GET', '/metrics')).body, 'server_processes') !== 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    for (let i = 0; i < 12; i++) expect((await request(server.port, 'GET', '/wp-json/core/v2/posts?per_page=1')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const text = (await request(server.port, 'GET', '/metrics')).body;
      expect(metric(text, 'server_processes')).toBe(2);
      expect(metric(text, 'http_request_duration_seconds_count{family="rest:core/v2",method="GET",status="200"}')).toBe(12);
    }
  }, 90000);

  it('keeps slugs unique when creates with one slug arrive through both workers at once', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(server.port, 'POST', '/wp-json/core/v2/posts', { title: 'Twin', slug: 'twin', status: 'publish' }, { authorization: AUTH })));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const slugs = answers.map((a) => (JSON.parse(a.body) as { slug: string }).slug);
    expect(new Set(slugs).size).toBe(30);
    expect(slugs).toContain('twin');
  }, 60000);

  it('keeps every revision when updates of one post arrive through both workers at once', async () => {
    const created = await request(server.port, 'POST', '/wp-json/core/v2/posts', { title: 'Busy', content: 'start', status: 'publish' }, { authorization: AUTH });
    const { id } = JSON.parse(created.body) as { id: number };
    const updates = await Promise.all(Array.from({ length: 20 }, (_, i) => request(server.port, 'POST', `/wp-json/core/v2/posts/${id}`, { content: `edit ${i}` }, { authorization: AUTH })));
    expect(updates.map((u) => u.status)).toEqual(Array(20).fill(200));
    const revisions = JSON.parse((await request(server.port, 'GET', `/wp-json/core/v2/posts/${id}/revisions?per_page=100`, undefined, { authorization: AUTH })).body) as Array<{ content: { raw?: string; rendered: string } }>;
    const edits = new Set(revisions.map((r) => r.content.rendered.replace(/<[^>]+>/g, '').trim()));
    for (let i = 0; i < 20; i++) expect(edits).toContain(`edit ${i}`);
  }, 60000);

  it('never serves a stale cached read from one worker after a write through the other', async () => {
    const created = await request(server.port, 'POST', '/wp-json/core/v2/posts', { title: 'v0', status: 'publish' }, { authorization: AUTH });
    const { id } = JSON.parse(created.body) as { id: number };
    const read = async () => {
      const answer = await request(server.port, 'GET', `/wp-json/core/v2/posts/${id}?_fields=title`);
      return { title: (JSON.parse(answer.body) as { title: { rendered: string } }).title.rendered, cache: String(answer.headers['x-cache']) };
    };
    let hits = 0;
    for (let version = 1; version <= 8; version++) {
      // Both workers hold the current answer (the second read of each is a hit)...
      for (let i = 0; i < 4; i++) if ((await read()).cache === 'HIT') hits++;
      // ...then a write through one of them, and reads through both at once.
      expect((await request(server.port, 'POST', `/wp-json/core/v2/posts/${id}`, { title: `v${version}` }, { authorization: AUTH })).status).toBe(200);
      const after = await Promise.all([read(), read()]);
      expect(after.map((a) => a.title)).toEqual([`v${version}`, `v${version}`]);
    }
    expect(hits).toBeGreaterThan(8); // the reads really went through the caches
  }, 60000);

  it('finds a persisted query registered through one worker by its hash alone through every worker', async () => {
    const query = '{ posts(first: 2) { nodes { databaseId } } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    expect((await request(server.port, 'POST', '/graphql', { query, extensions })).status).toBe(200);
    const path = `/graphql?extensions=${encodeURIComponent(JSON.stringify(extensions))}`;
    const answers = await Promise.all([0, 1, 2, 3].map(() => request(server.port, 'GET', path, undefined, { 'apollo-require-preflight': 'true' })));
    for (const answer of answers) expect(JSON.parse(answer.body)).toEqual({ data: { posts: { nodes: expect.any(Array) } } });
  }, 30000);

  it('stops every worker on SIGTERM and exits cleanly', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('grace period over');
    await expect(request(server.port, 'GET', '/health')).rejects.toThrow();
  }, 30000);
});
