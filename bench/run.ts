/**
 * `npm run bench`: starts the server in its own process on a fresh SQLite database with the demo
 * content, loads it from this process with autocannon (16 connections, loopback only, bounded in
 * time), and writes requests/s, p50/p99 latency and each scenario's ratio to the bare route into
 * BENCHMARKS.md together with a description of the machine.
 *
 * Every scenario runs on a server with the response cache (the default), on one with
 * CACHE_ENABLED=false, which measures the path to the database, and on an uncached server of one
 * process (WEB_CONCURRENCY=1), which tells what one process does; the first two run as `npm start`
 * does, with one worker process per core.
 *
 * First, cold start (bench/cold-start.ts): the time from spawning `npm start` or the compiled server
 * to its first answers, recorded in a section of its own; then the redirect matcher on its own
 * (bench/redirect-matcher.ts: lookups among 10,000 rules, `BENCH_ONLY=redirect-matcher`).
 *
 * Options (environment): BENCH_DURATION seconds per scenario (default 10), BENCH_CONNECTIONS
 * (default 16), BENCH_ONLY=name,name to run some scenarios, BENCH_MODES=cached,uncached,single
 * (empty: no load runs), BENCH_COLD_RUNS starts per cold-start figure (default 5; 0: none).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { measureColdStart } from './cold-start';
import { freePort } from './free-port';
import { measureRedirectMatcher } from './redirect-matcher';
import { BENCH_ADMIN_APP_PASSWORD, scenarios, type Scenario } from './scenarios';
import { YOUNG_GENERATION_FLAG } from '../src/young-generation';

const ROOT = path.join(__dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);

export interface Result {
  scenario: Scenario;
  /** Requests answered during the run. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** SQL statements per request during the measured run, and how many of them went through Prisma (from /metrics). */
  statements?: number;
  prismaCalls?: number;
}

/** The server runs as `npm start` runs it: the compiled build (tsx's transform adds work to every closure), built if stale. */
function build(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

type Mode = 'cached' | 'uncached' | 'single';
const MODE_TITLES: Record<Mode, string> = {
  cached: '### With the response cache (anonymous reads, the default)',
  uncached: '### Uncached (`CACHE_ENABLED=false`: every request reaches the database)',
  single: '### Uncached, one process (`CACHE_ENABLED=false WEB_CONCURRENCY=1`: what a single process serves)',
};

async function startServer(port: number, databaseUrl: string, mode: Mode) {
  const child = spawn(process.execPath, [YOUNG_GENERATION_FLAG, 'dist/src/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ADMIN_USER: 'admin',
      ADMIN_APP_PASSWORD: BENCH_ADMIN_APP_PASSWORD,
      CACHE_ENABLED: String(mode === 'cached'),
      ...(mode === 'single' ? { WEB_CONCURRENCY: '1' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** The server-wide statement counters of /metrics (summed over the worker processes), and how many processes served. */
async function counters(port: number): Promise<{ statements: number; prisma: number; processes: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  return { statements: value('db_statements_run'), prisma: value('db_prisma_calls_run'), processes: value('server_processes') };
}

/** Seconds of load before each measured run (JIT, caches, connection pools). */
export const WARM_UP_SECONDS = 3;

export async function load(port: number, scenario: Scenario, duration = DURATION): Promise<Result> {
  // Answers that are HTTP 2xx yet failed (a GraphQL `errors` body) are counted as failures too.
  let failedBodies = 0;
  const { failed } = scenario;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration,
    ...(failed
      ? {
          requests: [
            {
              method: scenario.method ?? 'GET',
              path: scenario.path,
              headers: scenario.headers,
              body: scenario.body,
              onResponse: (status: number, body: string) => {
                if (status < 300 && failed(body)) failedBodies++;
              },
            },
          ],
        }
      : {}),
  });
  return {
    scenario,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + failedBodies,
    non2xx: result.non2xx,
  };
}

/** Other work on the machine lowers every figure; the run records how busy it was when it began. */
const LOAD_AT_START = os.loadavg()[0];

function machine(runs: Run[]): string {
  const cpus = os.cpus();
  return [
    `- CPU: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()}`,
    `- Node.js ${process.version}; the server (the compiled build, as \`npm start\` runs it: ${runs.find((r) => r.mode !== 'single')?.processes ?? '?'} worker processes, the default of one per core up to 4) and the load generator are separate processes on loopback`,
    `- Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per scenario; SQLite database with the demo content (100 posts, 10,000 events for the event scenarios)`,
    `- Machine load average (1 min) when the run began: ${LOAD_AT_START.toFixed(1)}`,
  ].join('\n');
}

/** GraphQL against REST for the same data: throughput ratio (above 1: GraphQL serves more) and latencies. */
function faceComparison(results: Result[]): string[] {
  const pairs = results.flatMap((r) => {
    const other = results.find((o) => o.scenario.name === r.scenario.sameDataAs);
    return other ? [[r, other] as const] : [];
  });
  if (!pairs.length) return [];
  const ratio = (a: number, b: number): string => (b ? (a / b).toPrecision(2) : 'n/a');
  return [
    '',
    'The same data over both faces (GraphQL / REST; req/s above 1 means GraphQL serves more):',
    '',
    '| GraphQL scenario | REST scenario | req/s ratio | p50 ms (GraphQL / REST) | p99 ms (GraphQL / REST) |',
    '|---|---|---:|---:|---:|',
    ...pairs.map(([g, r]) => `| ${g.scenario.name} | ${r.scenario.name} | ${ratio(g.requestsPerSecond, r.requestsPerSecond)} | ${g.p50} / ${r.p50} | ${g.p99} / ${r.p99} |`),
  ];
}

function resultTable(results: Result[]): string[] {
  const bare = results.find((r) => r.scenario.name === 'bare')?.requestsPerSecond;
  const rows = results.map((r) => {
    const ratio = bare ? (r.requestsPerSecond / bare).toPrecision(2) : 'n/a';
    const failures = r.errors + r.non2xx;
    const request = r.scenario.label ?? `${r.scenario.method ?? 'GET'} ${r.scenario.path}`;
    const perRequest = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 'n/a' : n.toFixed(1));
    return `| ${r.scenario.name} | \`${request}\` | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${ratio} | ${perRequest(r.statements)} | ${perRequest(r.prismaCalls)} | ${failures} |`;
  });
  return [
    '| scenario | request | req/s | p50 ms | p99 ms | ratio to bare | SQL statements / request | of which Prisma | failed requests |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    ...faceComparison(results),
  ];
}

interface Run {
  mode: Mode;
  /** Server processes that served (from /metrics). */
  processes: number;
  results: Result[];
  /** What /metrics said after the cached run (hit ratio, memory). */
  cacheReport?: string;
}

function section(runs: Run[]): string {
  const parts = ['<!-- bench:start -->', `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\`.`, '', machine(runs)];
  for (const run of runs) {
    parts.push('', MODE_TITLES[run.mode], '', ...resultTable(run.results));
    if (run.cacheReport) parts.push('', run.cacheReport);
  }
  parts.push('<!-- bench:end -->');
  return parts.join('\n');
}

/** Hit ratio and memory of the cache, from the server's own /metrics. */
async function cacheReport(port: number): Promise<string> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const sum = (name: string) => [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?)$`, 'gm'))].reduce((total, m) => total + Number(m[1]), 0);
  const hits = sum('cache_hits_total');
  const misses = sum('cache_misses_total');
  const bytes = sum('cache_bytes');
  const entries = sum('cache_entries');
  const ratio = hits + misses ? ((100 * hits) / (hits + misses)).toFixed(2) : 'n/a';
  return `Cache after the run: ${hits} hits, ${misses} misses (hit ratio ${ratio} %), ${entries} entries holding ${(bytes / 1024).toFixed(0)} KiB of the ${process.env.CACHE_MAX_BYTES ?? 64 * 1024 * 1024} bytes allowed to each process (\`CACHE_MAX_BYTES\`).`;
}

async function runAll(selected: Scenario[], mode: Mode): Promise<Run> {
  const cached = mode === 'cached';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-site-bench-'));
  const port = await freePort();
  const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
  const server = await startServer(port, databaseUrl, mode);
  let processes = 0;
  const results: Result[] = [];
  let report: string | undefined;
  console.log(`-- ${mode}`);
  try {
    for (const scenario of selected) {
      await scenario.prepare?.(`http://127.0.0.1:${port}`, databaseUrl);
      await load(port, scenario, WARM_UP_SECONDS); // not recorded
      const before = await counters(port);
      const result = await load(port, scenario);
      const after = await counters(port);
      processes = after.processes;
      result.statements = (after.statements - before.statements) / result.requests;
      result.prismaCalls = (after.prisma - before.prisma) / result.requests;
      results.push(result);
      console.log(`${scenario.name.padEnd(24)} ${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  failures ${result.errors + result.non2xx}`);
    }
    if (cached) report = await cacheReport(port);
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  return { mode, processes, results, cacheReport: report };
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',');
  const wanted = only ? new Set([...only, ...scenarios.filter((s) => only.includes(s.name) && s.sameDataAs).map((s) => s.sameDataAs!)]) : null;
  const selected = scenarios.filter((s) => !wanted || wanted.has(s.name) || s.name === 'bare');
  const modes = (process.env.BENCH_MODES ?? 'cached,uncached,single').split(',').filter(Boolean) as Mode[];
  for (const mode of modes) if (!(mode in MODE_TITLES)) throw new Error(`BENCH_MODES: unknown mode ${mode}`);
  build();
  const file = path.join(ROOT, 'BENCHMARKS.md');
  if (COLD_RUNS > 0) {
    const cold = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (machine as below; load average (1 min) ${os.loadavg()[0].toFixed(1)} when it began).\n\n${await measureColdStart(COLD_RUNS)}`;
    writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), 'cold-start', cold));
  }
  if (!only || only.includes('redirect-matcher')) {
    const matcher = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (bench/redirect-matcher.ts, in process).\n\n${measureRedirectMatcher()}`;
    console.log(matcher);
    writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), 'redirect-matcher', matcher));
  }
  const runs: Run[] = [];
  for (const mode of modes) runs.push(await runAll(selected, mode));
  if (runs.length) writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), 'bench', section(runs)));
  console.log('BENCHMARKS.md updated');
}

/** `text` with the part between `<!-- name:start -->` and `<!-- name:end -->` replaced (appended if absent). */
export function replaceSection(text: string, name: string, body: string): string {
  const [open, close] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const wrapped = body.startsWith(open) ? body : `${open}\n${body}\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  return start !== -1 && end !== -1 ? text.slice(0, start) + wrapped + text.slice(end + close.length) : text + '\n' + wrapped + '\n';
}

// bench/scale-out.ts imports the load and the section writer without running this benchmark.
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
