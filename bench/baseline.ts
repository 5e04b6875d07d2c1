/**
 * `npm run bench:baseline [-- --write]`: how far one uncached process of our server
 * (CACHE_ENABLED=false WEB_CONCURRENCY=1) is from a hand-written Fastify + better-sqlite3 server
 * serving the same JSON (bench/baseline-server.ts), on SQLite and on PostgreSQL, plus the other hot
 * lists on both engines (no baseline for those). Each engine gets a fresh database with the demo
 * content, 100 posts and 10,000 events; the baseline reads a copy of the SQLite file. Load:
 * autocannon on loopback, 16 connections, a 3 s warm-up and BENCH_DURATION (10) seconds per run.
 *
 * Every server runs in a process of its own, all at once; the posts list is measured BENCH_ROUNDS
 * (3) times in turn and each server's median kept, so a busy machine weighs on all alike. CPU
 * milliseconds per request (the server process, plus on PostgreSQL the backends serving it) are
 * recorded beside req/s: they move far less with other work on the machine. BENCH_COMPARE_ROOT=<dir>
 * adds another built checkout of this project (say, the previous commit) as `before`, measured in
 * the same rounds. On PostgreSQL our build is also measured as `npm start` runs it on this machine
 * (`WEB_CONCURRENCY` unset: one process per core); its CPU is summed over the cluster's processes.
 * BENCH_POSTS_ONLY=1 skips the other hot lists.
 *
 * Statements per request come from our server's /metrics counters and, on PostgreSQL, from the
 * database itself (pg_stat_database.xact_commit: every statement outside a transaction is one).
 * Before anything is measured the baseline's body must deep-equal ours, or the run stops.
 * `--write` puts the table into BENCHMARKS.md between `<!-- baseline:start -->` and `<!-- baseline:end -->`.
 * PostgreSQL: BENCH_DATABASE_URL names the server (default postgresql://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { deepStrictEqual } from 'node:assert';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Sqlite from 'better-sqlite3';
import { Client } from 'pg';
import ts from 'typescript';
import { freePort } from './free-port';
import { scratchDatabase } from './pg-stats';
import { replaceSection } from './run';
import { BENCH_ADMIN_APP_PASSWORD, scenarios, type Scenario } from './scenarios';
import { YOUNG_GENERATION_FLAG } from '../src/young-generation';

const ROOT = path.join(__dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 16;
const WARM_UP_SECONDS = 3;
/** Rounds of the posts list comparison (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SITE_URL = 'http://bench.test';
const POSTS_PATH = '/wp-json/core/v2/posts';
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const MENU_ITEMS_QUERY = '{ menuItems(first: 20, where: { location: PRIMARY }) { nodes { databaseId label url path parentDatabaseId order cssClasses target } } }';

const byName = (name: string): Scenario => {
  const found = scenarios.find((s) => s.name === name);
  if (!found) throw new Error(`no scenario ${name}`);
  return found;
};

/** The hot lists measured on both engines; the first is the one the baseline serves too. */
const HOT_LISTS: Scenario[] = [
  { ...byName('posts-list'), name: 'rest-posts', path: POSTS_PATH },
  byName('rest-posts-author-terms'),
  byName('rest-events-range'),
  { ...byName('graphql-posts-post'), name: 'graphql-posts' },
  { ...byName('graphql-events-range'), name: 'graphql-events' },
  {
    name: 'graphql-menu-items',
    path: '/graphql',
    method: 'POST',
    label: 'POST /graphql {menuItems(where: {location: PRIMARY})}',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: MENU_ITEMS_QUERY }),
    failed: (body) => body.includes('"errors":[') || !body.includes('"databaseId"'),
  },
];

interface Measured {
  name: string;
  engine: 'sqlite' | 'postgresql';
  /** `hand-written`, or the label of one of our builds (`ours`; `before` with BENCH_COMPARE_ROOT). */
  server: string;
  requestsPerSecond: number;
  failures: number;
  /** From our /metrics (statements our code ran) and, on PostgreSQL, from pg_stat_database. */
  statements?: number;
  databaseStatements?: number;
  /**
   * CPU milliseconds per request: the server process, plus on PostgreSQL the backends serving its
   * database. Less sensitive to other work on the machine than req/s, which it bounds (2 cores: 2000 / ms).
   */
  cpuMs?: number;
  /** Of which PostgreSQL's backends. */
  databaseCpuMs?: number;
}

/** A server under load: where it listens, and (ours) its database when PostgreSQL. */
interface Target {
  server: string;
  engine: Measured['engine'];
  port: number;
  /** The server's process, whose CPU time is counted. */
  pid: number;
  databaseUrl?: string;
}

function build(root: string): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the build of ${root} failed`);
}

async function waitUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (await fetch(url).then((r) => r.status < 500, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer`);
}

const children: ChildProcess[] = [];

/** A server process of its own (the load generator must not share its event loop). */
async function spawnServer(args: string[], cwd: string, env: Record<string, string>, ready: string): Promise<number> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  await waitUp(ready, child);
  return child.pid as number;
}

/** Our compiled server, uncached: one process, or (`perCore`) the cluster `npm start` runs here. */
async function startOurs(root: string, databaseUrl: string, perCore = false): Promise<{ port: number; pid: number }> {
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SITE_URL, LOG_LEVEL: 'warn', ADMIN_USER: 'admin', ADMIN_APP_PASSWORD: BENCH_ADMIN_APP_PASSWORD, CACHE_ENABLED: 'false' };
  // Empty is unset to the server (its default: one process per core), whatever this process has.
  env.WEB_CONCURRENCY = perCore ? '' : '1';
  return { port, pid: await spawnServer([YOUNG_GENERATION_FLAG, 'dist/src/main.js'], root, env, `http://127.0.0.1:${port}/health`) };
}

/** The hand-written server, compiled to plain JavaScript as our server is (no transform at run time). */
async function startBaseline(file: string): Promise<{ port: number; pid: number }> {
  const source = readFileSync(path.join(ROOT, 'bench/baseline-server.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } });
  const compiled = path.join(ROOT, 'dist/bench/baseline-server.js');
  mkdirSync(path.dirname(compiled), { recursive: true });
  writeFileSync(compiled, outputText);
  const port = await freePort();
  return { port, pid: await spawnServer([compiled, file, String(port), SITE_URL], ROOT, {}, `http://127.0.0.1:${port}${POSTS_PATH}`) };
}

async function load(port: number, scenario: Scenario, duration: number): Promise<{ requests: number; requestsPerSecond: number; failures: number }> {
  let failedBodies = 0;
  const request = { method: scenario.method ?? 'GET', path: scenario.path, headers: scenario.headers, body: scenario.body };
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${scenario.path}`,
    connections: CONNECTIONS,
    duration,
    ...request,
    requests: [{ ...request, onResponse: (status: number, body: string) => void (status < 300 && scenario.failed?.(body) && failedBodies++) }],
  });
  return { requests: result.requests.total, requestsPerSecond: result.requests.average, failures: result.errors + result.non2xx + failedBodies };
}

async function metricsStatements(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^db_statements_run (\d+)/m.exec(text)?.[1] ?? NaN);
}

/** Transactions committed in the database so far; backends report theirs within ~10 s of going idle. */
async function committed(databaseUrl: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 11_000));
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

const TICKS_PER_SECOND = 100;

/** CPU seconds a process and its live descendants (cluster workers) have used (user + system); 0 once gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    return own + children.reduce((sum, child) => sum + cpuSeconds(child), 0);
  } catch {
    return 0;
  }
}

/** CPU seconds of each PostgreSQL backend connected to the database now. */
async function backendCpu(databaseUrl: string): Promise<Map<number, number>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  } finally {
    await client.end();
  }
}

/** CPU seconds the target used between two samples (backends that came and went in between are missed). */
async function cpuSample(target: Target): Promise<{ server: number; backends: Map<number, number> }> {
  return { server: cpuSeconds(target.pid), backends: target.databaseUrl ? await backendCpu(target.databaseUrl) : new Map() };
}

/** CPU seconds the server process and its database backends used between two samples. */
function cpuUsed(before: Awaited<ReturnType<typeof cpuSample>>, after: Awaited<ReturnType<typeof cpuSample>>): { server: number; database: number } {
  let database = 0;
  for (const [pid, seconds] of after.backends) database += seconds - (before.backends.get(pid) ?? 0);
  return { server: after.server - before.server, database };
}

/** One measured run (after a warm-up); `countDatabase`: also count the statements PostgreSQL saw (waits for its statistics). */
async function measure(target: Target, scenario: Scenario, countDatabase = false): Promise<Measured> {
  await load(target.port, scenario, WARM_UP_SECONDS);
  const ours = target.server !== 'hand-written';
  const databaseUrl = countDatabase ? target.databaseUrl : undefined;
  const [statementsBefore, xactBefore] = [ours ? await metricsStatements(target.port) : 0, databaseUrl ? await committed(databaseUrl) : 0];
  const cpuBefore = await cpuSample(target);
  const run = await load(target.port, scenario, DURATION);
  const cpuAfter = await cpuSample(target);
  const statementsAfter = ours ? await metricsStatements(target.port) : 0;
  const xactAfter = databaseUrl ? await committed(databaseUrl) : 0;
  const measured: Measured = { name: scenario.name, engine: target.engine, server: target.server, requestsPerSecond: run.requestsPerSecond, failures: run.failures };
  const used = cpuUsed(cpuBefore, cpuAfter);
  measured.cpuMs = (1000 * (used.server + used.database)) / run.requests;
  if (target.databaseUrl) measured.databaseCpuMs = (1000 * used.database) / run.requests;
  if (ours) measured.statements = (statementsAfter - statementsBefore) / run.requests;
  // The /metrics read and the counting connection's own statement add 2 to the delta.
  if (databaseUrl) measured.databaseStatements = (xactAfter - xactBefore - 2) / run.requests;
  const extra = measured.statements === undefined ? '' : `  statements/request ${measured.statements.toFixed(2)}${measured.databaseStatements === undefined ? '' : ` (database: ${measured.databaseStatements.toFixed(2)})`}`;
  console.log(`${target.engine.padEnd(10)} ${target.server.padEnd(12)} ${scenario.name.padEnd(24)} ${Math.round(run.requestsPerSecond).toString().padStart(6)} req/s  ${measured.cpuMs.toFixed(2)} CPU ms/request${measured.databaseCpuMs === undefined ? '' : ` (database ${measured.databaseCpuMs.toFixed(2)})`}  failures ${run.failures}${extra}`);
  return measured;
}

/** Seeds our server's database through its own API: the demo content (at start), 100 posts, 10,000 events. */
async function prepare(port: number, databaseUrl: string): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  for (const scenario of HOT_LISTS) await scenario.prepare?.(base, databaseUrl);
}

/** The baseline's answer must be ours, parsed and compared value by value: the comparison is void otherwise. */
async function sameBody(ourPort: number, baselinePort: number): Promise<void> {
  const [ours, baseline] = await Promise.all([ourPort, baselinePort].map(async (port) => (await fetch(`http://127.0.0.1:${port}${POSTS_PATH}`)).json()));
  deepStrictEqual(baseline, ours, 'the baseline server does not answer what ours answers');
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Every server up at once: the hand-written one on a copy of our SQLite database, each of our
 * builds on SQLite and on PostgreSQL (each build its own databases). The posts list is measured in
 * ROUNDS rounds, one server after the other, so that other work on the machine weighs on all alike;
 * the figure is each server's median. Then the other hot lists, once per build and engine.
 */
async function runAll(dir: string, builds: Array<{ label: string; root: string }>, drops: Array<() => Promise<void>>): Promise<Measured[]> {
  const targets: Target[] = [];
  for (const { label, root } of builds) {
    const file = `file:${path.join(dir, `${label}.db`)}`;
    const sqlite = await startOurs(root, file);
    await prepare(sqlite.port, file);
    targets.push({ server: label, engine: 'sqlite', ...sqlite });
    const pg = await scratchDatabase(PG_SERVER, 'bench_baseline');
    drops.push(pg.drop);
    const postgres = await startOurs(root, pg.url);
    await prepare(postgres.port, pg.url);
    targets.push({ server: label, engine: 'postgresql', ...postgres, databaseUrl: pg.url });
    if (label === 'ours') targets.push({ server: 'ours-per-core', engine: 'postgresql', ...(await startOurs(root, pg.url, true)), databaseUrl: pg.url });
  }
  // The hand-written server reads a copy of the first build's SQLite database.
  const copy = path.join(dir, 'hand-written.db');
  const source = new Sqlite(path.join(dir, `${builds[0].label}.db`), { readonly: true });
  source.prepare('VACUUM INTO ?').run(copy);
  source.close();
  const baseline: Target = { server: 'hand-written', engine: 'sqlite', ...(await startBaseline(copy)) };
  await sameBody(targets[0].port, baseline.port);
  console.log('the hand-written server answers the same JSON as ours');
  const rounds = new Map<Target, Measured[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of [baseline, ...targets]) rounds.set(target, [...(rounds.get(target) ?? []), await measure(target, HOT_LISTS[0])]);
  }
  const results: Measured[] = [...rounds.values()].map((runs) => ({ ...runs[0], requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)), cpuMs: median(runs.map((r) => r.cpuMs ?? NaN)), databaseCpuMs: runs[0].databaseCpuMs === undefined ? undefined : median(runs.map((r) => r.databaseCpuMs ?? NaN)), failures: runs.reduce((n, r) => n + r.failures, 0) }));
  // Statements PostgreSQL saw for the posts list, once per PostgreSQL target.
  for (const target of targets.filter((t) => t.databaseUrl)) {
    const counted = await measure(target, HOT_LISTS[0], true);
    const result = results.find((r) => r.server === target.server && r.engine === target.engine);
    if (result) result.databaseStatements = counted.databaseStatements;
  }
  if (process.env.BENCH_POSTS_ONLY === '1') return results;
  for (const scenario of HOT_LISTS.slice(1)) for (const target of targets.filter((t) => t.server !== 'ours-per-core')) results.push(await measure(target, scenario, target.databaseUrl !== undefined));
  return results;
}

const SERVER_TITLES: Record<string, string> = {
  'hand-written': 'hand-written (Fastify + better-sqlite3)',
  ours: 'ours, 1 process uncached',
  'ours-per-core': `ours as \`npm start\` runs it here (${Math.min(4, os.availableParallelism())} processes), uncached`,
  before: 'ours before (BENCH_COMPARE_ROOT), 1 process uncached',
};

function table(results: Measured[]): string {
  const baseline = results.find((r) => r.server === 'hand-written')?.requestsPerSecond;
  const baselineCpu = results.find((r) => r.server === 'hand-written')?.cpuMs;
  const rows = results.map((r) => {
    const ratio = baseline && r.name === HOT_LISTS[0].name ? (r.requestsPerSecond / baseline).toFixed(2) : '';
    const cpuRatio = baselineCpu && r.cpuMs && r.name === HOT_LISTS[0].name ? (baselineCpu / r.cpuMs).toFixed(2) : '';
    const cpu = r.cpuMs === undefined ? '' : `${r.cpuMs.toFixed(2)}${r.databaseCpuMs === undefined ? '' : ` (database ${r.databaseCpuMs.toFixed(2)})`}`;
    const statements = r.statements === undefined ? '' : r.statements.toFixed(1);
    const database = r.databaseStatements === undefined ? '' : r.databaseStatements.toFixed(1);
    return `| ${SERVER_TITLES[r.server] ?? r.server} | ${r.engine} | ${r.name} | \`${labelOf(r.name)}\` | ${Math.round(r.requestsPerSecond)} | ${ratio} | ${cpu} | ${cpuRatio} | ${statements} | ${database} | ${r.failures} |`;
  });
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:baseline\` (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${os.loadavg()[0].toFixed(1)} at the end; autocannon, ${CONNECTIONS} connections, ${DURATION} s after a ${WARM_UP_SECONDS} s warm-up, loopback; the posts list: median of ${ROUNDS} rounds taken in turn).`,
    '',
    '| server | engine | scenario | request | req/s | ratio to hand-written | CPU ms / request | hand-written CPU / ours | statements / request (/metrics) | statements / request (pg_stat_database) | failed |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

function labelOf(name: string): string {
  const scenario = HOT_LISTS.find((s) => s.name === name);
  return scenario?.label ?? `${scenario?.method ?? 'GET'} ${scenario?.path ?? name}`;
}

function writeSection(body: string): void {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), 'baseline', body));
}

async function main(): Promise<void> {
  const builds = [{ label: 'ours', root: ROOT }];
  if (process.env.BENCH_COMPARE_ROOT) builds.push({ label: 'before', root: path.resolve(process.env.BENCH_COMPARE_ROOT) });
  for (const { root } of builds) build(root);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-site-baseline-'));
  const drops: Array<() => Promise<void>> = [];
  try {
    const results = await runAll(dir, builds, drops);
    const body = table(results);
    console.log(`\n${body}`);
    if (process.argv.includes('--write')) {
      writeSection(body);
      console.log('BENCHMARKS.md updated');
    }
  } finally {
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r).kill('SIGTERM')) : undefined)));
    for (const drop of drops) await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
