/**
 * `npm run bench:baseline [-- --write]`: how far one uncached process of our server
 * (CACHE_ENABLED=false WEB_CONCURRENCY=1) is from a hand-written Fastify + better-sqlite3 server
 * serving the same JSON (bench/baseline-server.ts), on SQLite and on PostgreSQL, plus the other hot
 * lists on both engines (no baseline for those). Each engine gets a fresh database with the demo
 * content, 100 posts and 10,000 events; the baseline reads a copy of the SQLite file. Load:
 * autocannon on loopback, 16 connections, a 3 s warm-up and BENCH_DURATION (10) seconds per run.
 *
 * Statements per request come from our server's /metrics counters and, on PostgreSQL, from the
 * database itself (pg_stat_database.xact_commit: every statement outside a transaction is one).
 * Before anything is measured the baseline's body must deep-equal ours, or the run stops.
 * `--write` puts the table into BENCHMARKS.md between `<!-- baseline:start -->` and `<!-- baseline:end -->`.
 * PostgreSQL: BENCH_DATABASE_URL names the server (default postgresql://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { deepStrictEqual } from 'node:assert';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Sqlite from 'better-sqlite3';
import { Client } from 'pg';
import { baselineServer } from './baseline-server';
import { freePort } from './free-port';
import { BENCH_ADMIN_APP_PASSWORD, scenarios, type Scenario } from './scenarios';

const ROOT = path.join(__dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 16;
const WARM_UP_SECONDS = 3;
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
  server: 'baseline' | 'ours';
  requestsPerSecond: number;
  failures: number;
  /** From our /metrics (statements our code ran) and, on PostgreSQL, from pg_stat_database. */
  statements?: number;
  databaseStatements?: number;
}

function build(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

async function waitUp(url: string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error('the server exited');
    if (await fetch(url).then((r) => r.status < 500, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function startOurs(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SITE_URL, LOG_LEVEL: 'warn', ADMIN_USER: 'admin', ADMIN_APP_PASSWORD: BENCH_ADMIN_APP_PASSWORD, CACHE_ENABLED: 'false', WEB_CONCURRENCY: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUp(`http://127.0.0.1:${port}/health`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
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
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await new Promise((r) => setTimeout(r, 11_000));
    const { rows } = await client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function measure(port: number, scenario: Scenario, engine: Measured['engine'], server: Measured['server'], databaseUrl?: string): Promise<Measured> {
  await load(port, scenario, WARM_UP_SECONDS);
  const ours = server === 'ours';
  const [statementsBefore, xactBefore] = [ours ? await metricsStatements(port) : 0, databaseUrl ? await committed(databaseUrl) : 0];
  const run = await load(port, scenario, DURATION);
  const statementsAfter = ours ? await metricsStatements(port) : 0;
  const xactAfter = databaseUrl ? await committed(databaseUrl) : 0;
  const measured: Measured = { name: scenario.name, engine, server, requestsPerSecond: run.requestsPerSecond, failures: run.failures };
  if (ours) measured.statements = (statementsAfter - statementsBefore) / run.requests;
  // Our /metrics read and the counting connection's own statement add 2 to the delta.
  if (databaseUrl) measured.databaseStatements = (xactAfter - xactBefore - 2) / run.requests;
  const extra = measured.statements === undefined ? '' : `  statements/request ${measured.statements.toFixed(2)}${measured.databaseStatements === undefined ? '' : ` (database: ${measured.databaseStatements.toFixed(2)})`}`;
  console.log(`${engine.padEnd(10)} ${server.padEnd(8)} ${scenario.name.padEnd(24)} ${Math.round(run.requestsPerSecond).toString().padStart(6)} req/s  failures ${run.failures}${extra}`);
  return measured;
}

/** Seeds our server's database through its own API: the demo content (at start), 100 posts, 10,000 events. */
async function prepare(port: number, databaseUrl: string): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  for (const scenario of HOT_LISTS) await scenario.prepare?.(base, databaseUrl);
}

async function ourServer<T>(databaseUrl: string, use: (port: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const child = await startOurs(port, databaseUrl);
  try {
    return await use(port);
  } finally {
    await stop(child);
  }
}

/** The baseline's answer must be ours, parsed and compared value by value: the comparison is void otherwise. */
async function sameBody(ourPort: number, baselinePort: number): Promise<void> {
  const [ours, baseline] = await Promise.all([ourPort, baselinePort].map(async (port) => (await fetch(`http://127.0.0.1:${port}${POSTS_PATH}`)).json()));
  deepStrictEqual(baseline, ours, 'the baseline server does not answer what ours answers');
}

async function sqliteRuns(dir: string): Promise<Measured[]> {
  const file = path.join(dir, 'bench.db');
  const copy = path.join(dir, 'baseline.db');
  const results: Measured[] = [];
  await ourServer(`file:${file}`, async (port) => {
    await prepare(port, `file:${file}`);
    // The baseline reads its own copy, so neither server's reads touch the other's file.
    const source = new Sqlite(file, { readonly: true });
    source.prepare('VACUUM INTO ?').run(copy);
    source.close();
    const baseline = baselineServer(copy, SITE_URL);
    const baselinePort = await freePort();
    await baseline.listen({ port: baselinePort, host: '127.0.0.1' });
    try {
      await sameBody(port, baselinePort);
      console.log('the baseline answers the same JSON as our server');
      results.push(await measure(baselinePort, HOT_LISTS[0], 'sqlite', 'baseline'));
    } finally {
      await baseline.close();
    }
    for (const scenario of HOT_LISTS) results.push(await measure(port, scenario, 'sqlite', 'ours'));
  });
  return results;
}

async function postgresRuns(): Promise<Measured[]> {
  const name = `bench_baseline_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    return await ourServer(databaseUrl, async (port) => {
      await prepare(port, databaseUrl);
      const results: Measured[] = [];
      for (const scenario of HOT_LISTS) results.push(await measure(port, scenario, 'postgresql', 'ours', databaseUrl));
      return results;
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

function table(results: Measured[]): string {
  const baseline = results.find((r) => r.server === 'baseline')?.requestsPerSecond;
  const rows = results.map((r) => {
    const ratio = baseline && r.name === HOT_LISTS[0].name ? (r.requestsPerSecond / baseline).toFixed(2) : '';
    const statements = r.statements === undefined ? '' : r.statements.toFixed(1);
    const database = r.databaseStatements === undefined ? '' : r.databaseStatements.toFixed(1);
    const label = byNameOrList(r.name);
    return `| ${r.server === 'baseline' ? 'hand-written (Fastify + better-sqlite3)' : 'ours, 1 process uncached'} | ${r.engine} | ${r.name} | \`${label}\` | ${Math.round(r.requestsPerSecond)} | ${ratio} | ${statements} | ${database} | ${r.failures} |`;
  });
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:baseline\` (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${os.loadavg()[0].toFixed(1)} at the end; autocannon, ${CONNECTIONS} connections, ${DURATION} s after a ${WARM_UP_SECONDS} s warm-up, loopback).`,
    '',
    '| server | engine | scenario | request | req/s | ratio to hand-written | statements / request (/metrics) | statements / request (pg_stat_database) | failed |',
    '|---|---|---|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

function byNameOrList(name: string): string {
  const scenario = HOT_LISTS.find((s) => s.name === name);
  return scenario?.label ?? `${scenario?.method ?? 'GET'} ${scenario?.path ?? name}`;
}

function writeSection(body: string): void {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const [open, close] = ['<!-- baseline:start -->', '<!-- baseline:end -->'];
  const text = readFileSync(file, 'utf8');
  const wrapped = `${open}\n${body}\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  writeFileSync(file, start !== -1 && end > start ? text.slice(0, start) + wrapped + text.slice(end + close.length) : `${text}\n${wrapped}\n`);
}

async function main(): Promise<void> {
  build();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-site-baseline-'));
  try {
    const results = [...(await sqliteRuns(dir)), ...(await postgresRuns())];
    const body = table(results);
    console.log(`\n${body}`);
    if (process.argv.includes('--write')) {
      writeSection(body);
      console.log('BENCHMARKS.md updated');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
