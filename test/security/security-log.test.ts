/**
 * The security log: pairing, disconnection and refused tokens are recorded (row and structured
 * line); administrators read it through GraphQL (`securityLog`, `node`) and operators through the
 * CLI; editors and anonymous readers see nothing; a failed write never fails the caller; old
 * entries go.
 */
import { spawnSync } from 'node:child_process';
import { recordSecurityEvent, type SecurityLogger } from '../../src/domain/security/log';
import { expireSecurityLog } from '../../src/domain/security/log-retention';
import { startTestApp, userAuth, type TestApp } from '../support/app';
import { FakeDashboard } from '../support/central';
import { NODE_TS, ROOT } from '../support/server-process';

const ROOT_PATH = '/wp-json/security/v1';
const LOG = `query ($first: Int, $after: String, $type: String) {
  securityLog(first: $first, after: $after, where: { type: $type }) {
    nodes { id databaseId date type message ip user details }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface Entry {
  id: string;
  databaseId: number;
  date: string;
  type: string;
  message: string;
  ip: string | null;
  user: string | null;
  details: string;
}

let t: TestApp;
let editorAuth: string;

async function graphql(authorization: string | null, query: string, variables: Record<string, unknown> = {}) {
  const request = t.request.post('/graphql');
  if (authorization) request.set('Authorization', authorization);
  const answer = await request.send({ query, variables }).expect(200);
  return answer.body as { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

async function securityLog(authorization: string | null, variables: Record<string, unknown> = {}): Promise<{ nodes: Entry[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }> {
  const answer = await graphql(authorization, LOG, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data?.securityLog as never;
}

beforeAll(async () => {
  t = await startTestApp();
  editorAuth = await userAuth(t, 'log-editor', 'editor');
  const dashboard = new FakeDashboard(t);
  await dashboard.pair();
  await t.request.post(`${ROOT_PATH}/disconnect`).set('Authorization', 'Bearer not-a-token').expect(401);
  await t.request.post(`${ROOT_PATH}/disconnect`).set('Authorization', `Bearer ${await dashboard.siteToken()}`).expect(200);
});

afterAll(async () => {
  await t?.close();
});

describe('what is recorded', () => {
  it('pairing, the refused token and the disconnection, newest first, with the client address', async () => {
    const { nodes } = await securityLog(t.adminAuth, { first: 10 });
    expect(nodes.map((entry) => entry.type)).toEqual(['disconnect', 'token-refused', 'pairing']);
    const [disconnect, refused, pairing] = nodes;
    expect(pairing.message).toMatch(/^Paired with the central dashboard as site [0-9a-f-]{36}\.$/);
    expect(pairing.user).toBe('admin@example.com');
    expect(JSON.parse(refused.details)).toEqual({ reason: 'format', kind: 'site' });
    expect(refused.message).toBe('Central dashboard credentials refused: Invalid token format.');
    expect(refused.ip).toMatch(/127\.0\.0\.1/);
    expect(disconnect.message).toBe('Disconnected from the central dashboard.');
    expect(Date.parse(disconnect.date)).not.toBeNaN();
  });

  it('each event also goes out as a structured line (warnings for refusals)', async () => {
    const lines: Array<{ level: string; obj: object; msg?: string }> = [];
    const logger: SecurityLogger = { warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }), info: (obj, msg) => lines.push({ level: 'info', obj, msg }) };
    await recordSecurityEvent(t.db, { type: 'lockout', message: 'Locked out 10.0.0.1.', ip: '10.0.0.1', user: 'bob', details: { minutes: 20 } }, logger);
    await recordSecurityEvent(t.db, { type: 'scan-start', message: 'Scan started.' }, logger);
    expect(lines).toEqual([
      { level: 'warn', obj: { security: { type: 'lockout', ip: '10.0.0.1', user: 'bob', details: { minutes: 20 } } }, msg: 'Locked out 10.0.0.1.' },
      { level: 'info', obj: { security: { type: 'scan-start', ip: undefined, user: undefined, details: undefined } }, msg: 'Scan started.' },
    ]);
    const { nodes } = await securityLog(t.adminAuth, { first: 2 });
    expect(nodes.map((entry) => [entry.type, entry.ip, entry.user])).toEqual([['scan-start', null, null], ['lockout', '10.0.0.1', 'bob']]);
  });
});

describe('who reads it', () => {
  it('administrators page through it, filtered by type; cursors keep their place as events arrive', async () => {
    const first = await securityLog(t.adminAuth, { first: 2 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    await recordSecurityEvent(t.db, { type: 'rate-limited', message: 'Too many requests.' });
    const next = await securityLog(t.adminAuth, { first: 10, after: first.pageInfo.endCursor });
    expect(next.nodes[0].databaseId).toBe(first.nodes[1].databaseId - 1);
    const refusals = await securityLog(t.adminAuth, { type: 'token-refused' });
    expect(refusals.nodes.length).toBeGreaterThan(0);
    expect(refusals.nodes.every((entry) => entry.type === 'token-refused')).toBe(true);
    const node = await graphql(t.adminAuth, `query ($id: ID!) { node(id: $id) { __typename ... on SecurityLogEntry { type } } }`, { id: refusals.nodes[0].id });
    expect(node.data?.node).toEqual({ __typename: 'SecurityLogEntry', type: 'token-refused' });
  });

  it('an unknown type is an error', async () => {
    const answer = await graphql(t.adminAuth, LOG, { type: 'nope' });
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'rest_invalid_param' } });
  });

  it('editors and anonymous readers see nothing', async () => {
    expect((await securityLog(editorAuth)).nodes).toEqual([]);
    expect((await securityLog(null)).nodes).toEqual([]);
    const { nodes } = await securityLog(t.adminAuth, { first: 1 });
    const node = await graphql(editorAuth, `query ($id: ID!) { node(id: $id) { id } }`, { id: nodes[0].id });
    expect(node.data?.node).toBeNull();
  });

  it('operators read it with the CLI', () => {
    const run = spawnSync(process.execPath, [...NODE_TS, 'src/cli/index.ts', 'security:log', '--limit', '3', '--type', 'token-refused'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: t.db.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\S+Z token-refused \S+ \S+ Central dashboard credentials refused: /);
    const bad = spawnSync(process.execPath, [...NODE_TS, 'src/cli/index.ts', 'security:log', '--type', 'nope'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.db.url }, encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^usage: security:log/);
  });
});

describe('keeping it', () => {
  it('entries past the retention go, the others stay', async () => {
    const old = await t.db.prisma.securityLogEntry.create({ data: { type: 'lockout', message: 'Long ago.', createdAt: new Date(Date.now() - 100 * 86_400_000) } });
    const before = await t.db.prisma.securityLogEntry.count();
    expect(await expireSecurityLog(t.db, 0)).toBe(0);
    expect(await expireSecurityLog(t.db, 90)).toBe(1);
    expect(await t.db.prisma.securityLogEntry.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await t.db.prisma.securityLogEntry.count()).toBe(before - 1);
  });

  it('a write that fails is logged and never thrown at the caller', async () => {
    const broken = await startTestApp();
    try {
      await broken.db.prisma.$executeRawUnsafe('DROP TABLE "SecurityLogEntry"');
      const lines: Array<{ obj: object; msg?: string }> = [];
      const logger: SecurityLogger = { warn: (obj, msg) => lines.push({ obj, msg }), info: () => undefined };
      await expect(recordSecurityEvent(broken.db, { type: 'pairing', message: 'Paired.' }, logger)).resolves.toBeUndefined();
      expect(lines.map((line) => line.msg)).toEqual(['security log: the event could not be stored']);
    } finally {
      await broken.close();
    }
  });
});
