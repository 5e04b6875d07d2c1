/**
 * The real server process: several instances starting at once on one new database migrate and
 * seed it exactly once, the first start prints the admin credentials, the CLI issues working
 * application passwords, and SIGTERM shuts down cleanly.
 */
import { spawnSync } from 'node:child_process';
import { createDatabase } from '../../src/db/client';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { NODE_TS, ROOT, startServer, waitHealthy, type Running } from '../support/server-process';

describe('server process', () => {
  let database: TestDatabase;
  const servers: Running[] = [];
  let adminAppPassword = '';

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database.drop();
  });

  it('starts three instances at once on one new database and seeds it once', async () => {
    // One process each here (the cluster has its own test): three primaries with workers would crowd two cores.
    const env = { DATABASE_URL: database.url, SITE_URL: 'http://example.test', WEB_CONCURRENCY: '1' };
    const started = await Promise.all([startServer(env), startServer(env), startServer(env)]);
    servers.push(...started);
    await Promise.all(started.map((s) => waitHealthy(s)));

    const db = createDatabase(database.url);
    try {
      expect(await db.prisma.user.count()).toBe(1);
      expect(await db.prisma.content.count({ where: { type: 'post', status: 'publish' } })).toBe(6);
      expect(await db.prisma.content.count({ where: { type: 'page' } })).toBe(2);
      expect(await db.prisma.term.count({ where: { taxonomy: 'nav_menu' } })).toBe(1);
      expect(await db.prisma.content.count({ where: { type: 'nav_menu_item' } })).toBe(4);
      expect(await db.prisma.applicationPassword.count()).toBe(1);
    } finally {
      await db.close();
    }

    // exactly one instance created the admin and printed its credentials once
    const printed = started.filter((s) => s.output().includes('Administrator account created: admin'));
    expect(printed).toHaveLength(1);
    const appPassword = /application password: (\S+)/.exec(printed[0].output())?.[1];
    adminAppPassword = appPassword ?? '';
    expect(appPassword).toMatch(/^[A-Za-z0-9]{24}$/);

    // the printed application password works on every instance
    for (const s of started) {
      const res = await fetch(`http://127.0.0.1:${s.port}/wp-json/`, { headers: { Authorization: 'Basic ' + Buffer.from(`admin:${appPassword}`).toString('base64') } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('private');
      const index = (await res.json()) as { name: string };
      expect(index.name).toBe('Demo Site');
    }
  }, 90000);

  it('finishes an in-flight request on SIGTERM, then shuts down cleanly', async () => {
    const server = servers[0];
    const auth = 'Basic ' + Buffer.from(`admin:${adminAppPassword}`).toString('base64');
    // A batch of 25 creates takes a while; SIGTERM arrives while it runs.
    const requests = Array.from({ length: 25 }, (_, i) => ({ path: '/core/v2/posts', body: { title: `In flight ${i}`, content: 'x\n\ny', status: 'publish', tags: [], categories: [] } }));
    let answeredAt = 0;
    const inFlight = fetch(`http://127.0.0.1:${server.port}/wp-json/batch/v1`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ requests }) }).then((res) => {
      answeredAt = Date.now();
      return res;
    });
    await new Promise((r) => setTimeout(r, 50));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(207);
    const body = (await res.json()) as { responses: Array<{ status: number }> };
    expect(body.responses.map((r) => r.status)).toEqual(Array(25).fill(201));
    expect(answeredAt).toBeGreaterThanOrEqual(signalledAt); // it really was in flight when the signal came
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('grace period over');
    await expect(fetch(`http://127.0.0.1:${server.port}/health`)).rejects.toThrow();
    // the other instances keep serving
    const other = await fetch(`http://127.0.0.1:${servers[1].port}/health`);
    expect(other.status).toBe(200);
  }, 30000);

  it('exits 1 and says why when the database cannot be prepared, its waiting workers stopped first', async () => {
    const server = await startServer({ DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none', WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('ECONNREFUSED');
    expect(server.output()).not.toContain('EPIPE'); // no worker outlived the primary
  }, 30000);

  it('creates a user from the command line and prints a working application password', async () => {
    const result = spawnSync(process.execPath, [...NODE_TS, 'src/cli/index.ts', 'user:create', 'editor1', 'editor1@example.com', 'editor'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8' });
    expect(result.status).toBe(0);
    const appPassword = /application password: (.+)$/m.exec(result.stdout)?.[1];
    expect(appPassword).toMatch(/^(\w{4} ){5}\w{4}$/);
    const res = await fetch(`http://127.0.0.1:${servers[1].port}/wp-json/`, { headers: { Authorization: 'Basic ' + Buffer.from(`editor1:${appPassword}`).toString('base64') } });
    expect(res.status).toBe(200);
    const bad = spawnSync(process.execPath, [...NODE_TS, 'src/cli/index.ts', 'user:create', 'x'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8' });
    expect(bad.status).toBe(2);
  }, 30000);
});
