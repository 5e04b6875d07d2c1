/**
 * deploy/rolling-restart.sh itself: with an upstream list of two instances and a restart command
 * standing in for `systemctl restart` (SIGTERM, wait for the exit, start again), it restarts each
 * instance in turn and returns once the last one answers /health with 200; it refuses a list of
 * one instance (nothing would serve while it restarts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildDist } from '../support/build';
import { freePort, ROOT } from '../support/server-process';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres';

jest.setTimeout(180000);

const run = promisify(execFile);
let database: ScratchDatabase;
let dir: string;
let ports: number[];

// What systemd does for `systemctl restart content-site@{port}`, with a pid file per port.
const STOP = 'if [ -f {dir}/{port}.pid ]; then pid=$(cat {dir}/{port}.pid); kill -TERM $pid; while kill -0 $pid 2>/dev/null; do sleep 0.1; done; fi';
const START = 'PORT={port} nohup node dist/src/main.js >>{dir}/{port}.log 2>&1 & echo $! > {dir}/{port}.pid';

const pidOf = (port: number) => Number(readFileSync(path.join(dir, `${port}.pid`), 'utf8'));

function script(env: Record<string, string>, args: string[] = []) {
  return run('sh', ['deploy/rolling-restart.sh', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url, HOST: '127.0.0.1', WEB_CONCURRENCY: '1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env } });
}

beforeAll(async () => {
  buildDist();
  database = await createScratchDatabase('cs_script');
  dir = mkdtempSync(path.join(os.tmpdir(), 'content-site-restart-'));
  ports = [await freePort(), await freePort()];
  writeFileSync(path.join(dir, 'upstream.conf'), ports.map((port) => `server 127.0.0.1:${port} max_fails=3 fail_timeout=5s;\n`).join(''));
});

afterAll(async () => {
  for (const port of ports ?? []) {
    try {
      process.kill(pidOf(port), 'SIGTERM');
    } catch {
      // not started, or gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('restarts every instance of the upstream list in turn, each ready before the next', async () => {
  // The first run starts them (nothing to stop yet), the second restarts them.
  const env = { UPSTREAM_FILE: path.join(dir, 'upstream.conf'), RESTART_COMMAND: `${STOP}; ${START}`.replaceAll('{dir}', dir), SETTLE_SECONDS: '0' };
  await script(env);
  const first = ports.map(pidOf);
  const { stdout } = await script(env);
  const second = ports.map(pidOf);
  second.forEach((pid, i) => expect(pid).not.toBe(first[i]));
  const steps = stdout.split('\n').filter((line) => / (restarting|ready)\b/.test(line)).map((line) => line.replace(/ \(.*$/, ''));
  expect(steps).toEqual(ports.flatMap((port) => [`127.0.0.1:${port}: restarting`, `127.0.0.1:${port}: ready`]));
  for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
});

test('refuses to restart a single instance', async () => {
  await expect(script({ UPSTREAM_FILE: path.join(dir, 'upstream.conf'), RESTART_COMMAND: 'true' }, [String(ports[0])])).rejects.toMatchObject({ stderr: expect.stringContaining('at least two') });
});
