/**
 * `npm run bench:profile -- <scenario> [seconds]`: one uncached server process (WEB_CONCURRENCY=1,
 * CACHE_ENABLED=false, the compiled build: run `npm run build` first) under the scenario's load with
 * --cpu-prof; prints the throughput and the hottest functions by self time (TOP=n of them) and
 * leaves the .cpuprofile (for Chrome's DevTools) in PROFILE_DIR, a temporary folder by default.
 * PROFILE_DATABASE_URL=postgresql://…/<server> profiles on a scratch PostgreSQL database made there
 * instead of a SQLite file. Only the main thread's profile is read (workers write their own).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './free-port';
import { scratchDatabase } from './pg-stats';
import { BENCH_ADMIN_APP_PASSWORD, scenarios } from './scenarios';
import { YOUNG_GENERATION_FLAG } from '../src/young-generation';

const ROOT = path.join(__dirname, '..');

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

async function main(): Promise<void> {
  const name = process.argv[2] ?? 'rest-events-range';
  const seconds = Number(process.argv[3] ?? 10);
  const scenario = scenarios.find((s) => s.name === name);
  if (!scenario) throw new Error(`no scenario ${name}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-site-profile-'));
  const profileDir = process.env.PROFILE_DIR ?? dir;
  const port = await freePort();
  const scratch = process.env.PROFILE_DATABASE_URL ? await scratchDatabase(process.env.PROFILE_DATABASE_URL, 'bench_profile') : null;
  const databaseUrl = scratch?.url ?? `file:${path.join(dir, 'bench.db')}`;
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, YOUNG_GENERATION_FLAG, 'dist/src/main.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ADMIN_USER: 'admin', ADMIN_APP_PASSWORD: BENCH_ADMIN_APP_PASSWORD, CACHE_ENABLED: 'false', WEB_CONCURRENCY: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (let up = false; !up; ) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
    up = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
  }
  const base = `http://127.0.0.1:${port}`;
  await scenario.prepare?.(base, databaseUrl);
  const run = (duration: number) => autocannon({ url: base + scenario.path, method: scenario.method ?? 'GET', headers: scenario.headers, body: scenario.body, connections: 16, duration });
  await run(3);
  const result = await run(seconds);
  console.log(`${name}: ${Math.round(result.requests.average)} req/s p50 ${result.latency.p50} p99 ${result.latency.p99} non2xx ${result.non2xx}`);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  await scratch?.drop();
  // Node names a profile CPU.<date>.<time>.<pid>.<thread>.<seq>: thread 0 is the main one.
  const file = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile') && f.includes(`.${child.pid}.0.`)).map((f) => path.join(profileDir, f)).pop();
  if (!file) return;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const self = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anon)'} ${frame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + node.hitCount);
    total += node.hitCount;
  }
  console.log(`profile: ${file}`);
  for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 45))) console.log(`${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
