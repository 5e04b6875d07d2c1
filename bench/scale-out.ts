/**
 * `npm run bench:scale`: the scale-out figures on PostgreSQL. One instance served directly, one
 * behind nginx and three behind nginx (bench/stack.ts), each with the response cache (the default) and
 * without it (CACHE_ENABLED=false), on a scratch database seeded with the demo content as `npm run
 * bench` seeds it; every instance is one process (WEB_CONCURRENCY=1). Per scenario it records
 * requests/s, p50/p99 and the statements per request the database itself counted
 * (bench/pg-stats.ts) beside the servers' own count (/metrics `db_statements_run`), prints the table
 * and writes it, with the arithmetic of going past one machine, into BENCHMARKS.md between
 * `<!-- scale:start -->` and `<!-- scale:end -->`.
 *
 * Options (environment): BENCH_DATABASE_URL (default: a scratch database on
 * postgresql://postgres@127.0.0.1:5432, dropped afterwards), BENCH_DURATION seconds per scenario
 * (default 10), BENCH_CONNECTIONS (default 16), BENCH_ONLY=name,name (scenarios of
 * bench/scenarios.ts, or rest-single-post), BENCH_MODES=cached,uncached, BENCH_SCALE_HIT_RATIO
 * (the assumed share of cached answers in the arithmetic, default 0.9).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, serverVersion, STATS_SETTLE_MS, transactionsRun, type BenchDatabase } from './pg-stats';
import { load, replaceSection, WARM_UP_SECONDS } from './run';
import { scaleSection, type Measured, type Topology } from './scale-report';
import { BENCH_ADMIN_APP_PASSWORD, scenarios, type Scenario } from './scenarios';
import { startStack, type Stack } from './stack';

const ROOT = path.join(__dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const HIT_RATIO = Number(process.env.BENCH_SCALE_HIT_RATIO ?? 0.9);

const TOPOLOGIES: Topology[] = [
  { label: 'one instance, direct', instances: 1, nginx: false },
  // Tells the cost of the proxy hop from that of more instances than cores.
  { label: 'one instance behind nginx', instances: 1, nginx: true },
  { label: 'three instances behind nginx', instances: 3, nginx: true },
];

/** The REST list, one post, the GraphQL list (as front-ends POST it) and the events list. */
const DEFAULT_SCENARIOS = ['posts-list', 'rest-single-post', 'graphql-posts-post', 'rest-events-range'];

/** The newest post by id, read once the posts exist (the path must be known before loading). */
async function singlePost(baseUrl: string): Promise<Scenario> {
  const res = await fetch(`${baseUrl}/wp-json/core/v2/posts?per_page=1&_fields=id`);
  const [post] = (await res.json()) as Array<{ id: number }>;
  if (!post) throw new Error('no post to read');
  return { name: 'rest-single-post', path: `/wp-json/core/v2/posts/${post.id}` };
}

/** `db_statements_run` and `cache_hits_total` summed over the stack's instances (each already sums its workers). */
async function serverCounters(stack: Stack): Promise<{ statements: number; hits: number }> {
  let statements = 0;
  let hits = 0;
  for (const instance of stack.instances) {
    const text = await (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text();
    const sum = (name: string) => [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?)$`, 'gm'))].reduce((total, m) => total + Number(m[1]), 0);
    statements += sum('db_statements_run');
    hits += sum('cache_hits_total');
  }
  return { statements, hits };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settle = () => sleep(STATS_SETTLE_MS);

/** A reading of the database's transaction count, and when it was taken. */
async function reading(database: BenchDatabase): Promise<{ transactions: number; at: number }> {
  return { transactions: await transactionsRun(database), at: Date.now() };
}

/** Transactions/s the database runs for the stack while no request arrives (LISTEN, background work of the instances). */
async function idleRate(database: BenchDatabase): Promise<number> {
  await settle();
  const before = await reading(database);
  await sleep(DURATION * 1000);
  await settle();
  const after = await reading(database);
  return (after.transactions - before.transactions) / ((after.at - before.at) / 1000);
}

/**
 * One scenario: warm-up, then the measured run between two readings of the database's count; the
 * idle stack's background transactions over the pauses around the run (waiting for the counters)
 * are taken off, so what remains is the run's own.
 */
async function measure(stack: Stack, database: BenchDatabase, scenario: Scenario, topology: Topology, cached: boolean, idle: number): Promise<Measured> {
  const port = Number(new URL(stack.url).port);
  await load(port, scenario, WARM_UP_SECONDS); // not recorded
  await settle();
  const [dbBefore, serverBefore] = [await reading(database), await serverCounters(stack)];
  const result = await load(port, scenario, DURATION);
  const serverAfter = await serverCounters(stack);
  await settle();
  const dbAfter = await reading(database);
  const pausedSeconds = (dbAfter.at - dbBefore.at) / 1000 - result.requests / result.requestsPerSecond;
  const measured: Measured = {
    topology,
    cached,
    result,
    idleTransactionsPerSecond: idle,
    dbTransactions: dbAfter.transactions - dbBefore.transactions - idle * pausedSeconds,
    serverStatements: serverAfter.statements - serverBefore.statements,
    cacheHits: serverAfter.hits - serverBefore.hits,
  };
  console.log(
    `${topology.label.padEnd(30)} ${(cached ? 'cached' : 'uncached').padEnd(9)} ${scenario.name.padEnd(20)} ${Math.round(result.requestsPerSecond).toString().padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ` +
      `statements/request ${(measured.dbTransactions / result.requests).toFixed(3)} (database) ${(measured.serverStatements / result.requests).toFixed(3)} (/metrics)  failures ${result.errors + result.non2xx}`,
  );
  return measured;
}

/** BENCHMARKS.md with the section's heading and markers added when absent. */
function withScaleSection(text: string): string {
  return text.includes('<!-- scale:start -->') ? text : `${text.trimEnd()}\n\n## Scale-out (PostgreSQL)\n\n<!-- scale:start -->\n<!-- scale:end -->\n`;
}

function build(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

async function main(): Promise<void> {
  const wanted = process.env.BENCH_ONLY?.split(',') ?? DEFAULT_SCENARIOS;
  const modes = (process.env.BENCH_MODES ?? 'cached,uncached').split(',').filter(Boolean);
  for (const mode of modes) if (mode !== 'cached' && mode !== 'uncached') throw new Error(`BENCH_MODES: unknown mode ${mode}`);
  build();
  const loadAtStart = os.loadavg()[0];
  const database = await benchDatabase();
  const runs: Measured[] = [];
  const postgresVersion = await serverVersion(database);
  try {
    for (const topology of TOPOLOGIES) {
      for (const mode of modes) {
        const cached = mode === 'cached';
        const env = { WEB_CONCURRENCY: '1', CACHE_ENABLED: String(cached), ADMIN_USER: 'admin', ADMIN_APP_PASSWORD: BENCH_ADMIN_APP_PASSWORD, LOG_LEVEL: 'warn' };
        const stack = await startStack({ databaseUrl: database.url, instances: topology.instances, nginx: topology.nginx, env });
        try {
          const idle = await idleRate(database);
          for (const name of wanted) {
            let scenario = scenarios.find((s) => s.name === name);
            if (name === 'rest-single-post') {
              await scenarios.find((s) => s.name === 'posts-list')?.prepare?.(stack.url, database.url);
              scenario = await singlePost(stack.url);
            }
            if (!scenario) throw new Error(`BENCH_ONLY: unknown scenario ${name}`);
            await scenario.prepare?.(stack.url, database.url);
            runs.push(await measure(stack, database, scenario, topology, cached, idle));
          }
        } finally {
          await stack.stop();
        }
      }
    }
  } finally {
    await database.drop();
  }
  const section = scaleSection(runs, { connections: CONNECTIONS, duration: DURATION, hitRatio: HIT_RATIO, loadAtStart, postgresVersion });
  console.log(section);
  const file = path.join(ROOT, 'BENCHMARKS.md');
  writeFileSync(file, replaceSection(withScaleSection(readFileSync(file, 'utf8')), 'scale', section));
  console.log('BENCHMARKS.md updated');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
