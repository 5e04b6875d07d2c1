/**
 * One compiled server told to stop (SIGTERM), as a balancer sees it: /health turns 503 at once and
 * answers close their connections; then new connections are refused while a request arriving on a
 * connection kept open from before is still served in full, and the process exits 0 once that
 * connection is gone. /health also answers 503 when the database does not answer.
 */
import { connect, type Socket } from 'node:net';
import { buildDist } from '../support/build';
import { ADMIN_APP_PASSWORD, ADMIN_LOGIN, basicAuth } from '../support/app';
import { startServer, waitHealthy, type Running } from '../support/server-process';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres';

jest.setTimeout(120000);

let database: ScratchDatabase;
const servers: Running[] = [];

const env = () => ({
  DATABASE_URL: database.url,
  WEB_CONCURRENCY: '1',
  SEED_DEMO: 'false',
  ADMIN_USER: ADMIN_LOGIN,
  ADMIN_PASSWORD: 'correct horse battery staple',
  ADMIN_APP_PASSWORD,
});

async function start(extra: Record<string, string> = {}): Promise<Running> {
  const server = await startServer({ ...env(), ...extra }, { command: [process.execPath, 'dist/src/main.js'] });
  servers.push(server);
  await waitHealthy(server);
  return server;
}

beforeAll(async () => {
  buildDist();
  database = await createScratchDatabase('cs_shutdown');
});

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await database?.drop();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw HTTP/1.1 connection: requests are sent on it one after another, as a balancer's kept-alive connection. */
async function open(port: number): Promise<{ socket: Socket; send(request: string): Promise<Answer> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  let closed = false;
  socket.once('close', () => {
    closed = true;
    waiting?.();
  });
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  const answer = (): Answer | undefined => {
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine, ...lines] = buffered.subarray(0, end).toString().split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    if (buffered.length < end + 4 + length) return undefined;
    const body = buffered.subarray(end + 4, end + 4 + length).toString();
    buffered = buffered.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  };
  const send = (request: string) =>
    new Promise<Answer>((resolve, reject) => {
      socket.once('error', reject);
      waiting = () => {
        const got = answer();
        if (got) resolve(got);
        else if (closed) reject(new Error('the server closed the connection without answering'));
      };
      if (closed) waiting();
      else socket.write(request);
    });
  return { socket, send };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

function post(path: string, body: unknown): string {
  const text = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basicAuth(ADMIN_LOGIN, ADMIN_APP_PASSWORD)}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
}

/** Resolves once a new connection to `port` is refused. */
async function refused(port: number): Promise<void> {
  for (;;) {
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    if (outcome === 'ECONNREFUSED') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('/ping and /health answer 200 on a running server; /health is not cached', async () => {
  const server = await start();
  const connection = await open(server.port);
  const ping = await connection.send(get('/ping'));
  expect(ping.status).toBe(200);
  const health = await connection.send(get('/health'));
  expect([health.status, JSON.parse(health.body)]).toEqual([200, { status: 'ok' }]);
  expect(health.headers['cache-control']).toBe('no-store');
  connection.socket.destroy();
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});

test('while it drains (SHUTDOWN_DRAIN_MS), a stopping server answers /health 503 and closes each connection after its answer', async () => {
  const server = await start({ SHUTDOWN_DRAIN_MS: '60000' });
  const before = await open(server.port);
  expect((await before.send(get('/ping'))).headers.connection).toBe('keep-alive');
  server.child.kill('SIGTERM');
  // The signal is handled at once; poll a new connection until /health says so.
  let health: Answer;
  do {
    const probe = await open(server.port);
    health = await probe.send(get('/health'));
    probe.socket.destroy();
  } while (health.status === 200);
  expect([health.status, JSON.parse(health.body)]).toMatchObject([503, { code: 'shutting_down', status: 'draining' }]);
  expect(health.headers.connection).toBe('close');
  // Still serving, on the connection opened before, which then closes.
  const ping = await before.send(get('/ping'));
  expect([ping.status, ping.headers.connection]).toEqual([200, 'close']);
});

test('a stopping server refuses new connections but serves a POST arriving on a connection kept open from before, then exits 0', async () => {
  const server = await start();
  const kept = await open(server.port);
  expect((await kept.send(get('/ping'))).status).toBe(200);
  server.child.kill('SIGTERM');
  await refused(server.port);
  const created = await kept.send(post('/wp-json/core/v2/posts', { title: 'Written while stopping', status: 'publish' }));
  expect([created.status, created.headers.connection]).toEqual([201, 'close']);
  const id = (JSON.parse(created.body) as { id: number }).id;
  expect(await server.exited).toBe(0);
  const rows = await database.query((c) => c.query<{ title: string }>('SELECT title FROM "Content" WHERE id = $1', [id]));
  expect(rows.rows).toEqual([{ title: 'Written while stopping' }]);
});

test('/health answers 503 when the database does not answer', async () => {
  const own = await createScratchDatabase('cs_health');
  const server = await startServer({ ...env(), DATABASE_URL: own.url }, { command: [process.execPath, 'dist/src/main.js'] });
  servers.push(server);
  await waitHealthy(server);
  await own.drop(); // WITH (FORCE): its connections are cut, new ones fail
  let answer: Response;
  do answer = await fetch(`http://127.0.0.1:${server.port}/health`);
  while (answer.status === 200);
  expect([answer.status, await answer.json()]).toMatchObject([503, { code: 'database_unavailable' }]);
});
