/**
 * The scale-out section of BENCHMARKS.md: the measured table, statements per cached hit, and the
 * arithmetic of going past one machine derived from those figures (assumptions stated in the text).
 */
import os from 'node:os';
import { WARM_UP_SECONDS, type Result } from './run';

export interface Topology {
  label: string;
  instances: number;
  nginx: boolean;
}

export interface Measured {
  topology: Topology;
  cached: boolean;
  result: Result;
  /** Transactions the database counted over the run (pg_stat_database), the idle stack's outside it taken off. */
  dbTransactions: number;
  /** Transactions/s the database ran for this stack with no request arriving. */
  idleTransactionsPerSecond: number;
  /** Statements the servers counted over the run (/metrics db_statements_run, all instances). */
  serverStatements: number;
  /** Cache hits over the run (/metrics cache_hits_total, all instances). */
  cacheHits: number;
}

export interface RunSettings {
  connections: number;
  duration: number;
  hitRatio: number;
  loadAtStart: number;
  postgresVersion: string;
}

/** The scenario the issue's figures are about, and the arithmetic's basis. */
const POSTS_LIST = 'posts-list';

const perRequest = (count: number, m: Measured): number => count / m.result.requests;
const fixed = (n: number, digits: number): string => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const whole = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');

function machine(settings: RunSettings): string[] {
  const cpus = os.cpus();
  return [
    `- CPU: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores, shared by PostgreSQL, the instances, nginx and the load generator`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB; OS: ${os.type()} ${os.release()}; Node.js ${process.version}; PostgreSQL ${settings.postgresVersion} on loopback`,
    `- Instances: the compiled server, one process each (\`WEB_CONCURRENCY=1\`); nginx (bench/stack.ts, the shipped deploy/nginx configuration) in front of one or three`,
    `- Load: autocannon, ${settings.connections} connections, ${WARM_UP_SECONDS} s warm-up then ${settings.duration} s measured per scenario; database seeded as \`npm run bench\` seeds it (100 posts, 10,000 events)`,
    `- Machine load average (1 min) when the run began: ${settings.loadAtStart.toFixed(1)}, when it ended: ${os.loadavg()[0].toFixed(1)} (other work on the machine lowers every figure)`,
  ];
}

function table(runs: Measured[]): string[] {
  return [
    '| instances | cache | scenario | req/s | p50 ms | p99 ms | statements / request (database) | statements / request (/metrics) | failed requests |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
    ...runs.map((m) => {
      const r = m.result;
      return `| ${m.topology.label} | ${m.cached ? 'cached' : 'uncached'} | \`${r.scenario.label ?? `${r.scenario.method ?? 'GET'} ${r.scenario.path}`}\` | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${fixed(perRequest(m.dbTransactions, m), 3)} | ${fixed(perRequest(m.serverStatements, m), 3)} | ${r.errors + r.non2xx} |`;
    }),
  ];
}

/** The background rate each stack was measured with before its scenarios. */
function idleLine(runs: Measured[]): string {
  const seen = new Map<string, number>();
  for (const m of runs) seen.set(`${m.topology.label}, ${m.cached ? 'cached' : 'uncached'}`, m.idleTransactionsPerSecond);
  return `With no request arriving, the database ran (transactions/s): ${[...seen].map(([stack, rate]) => `${stack} ${fixed(rate, 1)}`).join('; ')}.`;
}

function cachedHits(runs: Measured[], connections: number): string[] {
  const lines = runs
    .filter((m) => m.cached && m.result.scenario.name === POSTS_LIST)
    .map((m) => `${m.topology.label}: ${fixed(m.dbTransactions / m.cacheHits, 4)} (${whole(m.dbTransactions)} transactions for ${whole(m.cacheHits)} hits of ${whole(m.result.requests)} requests)`);
  if (!lines.length) return [];
  return ['', `**Statements per cached hit, posts list, ${connections} connections** (the database's transactions over the run / cache hits; issue 19's target ≤ 0.05): ${lines.join('; ')}.`];
}

interface Basis {
  cached: Measured;
  uncached: Measured;
}

function basis(runs: Measured[], instances: number, nginx: boolean): Basis | undefined {
  const find = (cached: boolean) => runs.find((m) => m.cached === cached && m.topology.instances === instances && m.topology.nginx === nginx && m.result.scenario.name === POSTS_LIST);
  const [cached, uncached] = [find(true), find(false)];
  return cached && uncached ? { cached, uncached } : undefined;
}

/** Requests/s when a share `hit` of the requests costs what a cached one does and the rest what an uncached one does. */
const blended = (b: Basis, hit: number): number => 1 / (hit / b.cached.result.requestsPerSecond + (1 - hit) / b.uncached.result.requestsPerSecond);

/**
 * The "past one machine" arithmetic on the posts list: one instance's blended rate at the assumed
 * hit ratio, today's load (what the three instances served here at that ratio), and at 1×, 10×
 * and 100× of it the instances, the primary's and the replicas' statements/s.
 */
/** Lease renewals per second per instance with the default CACHE_LEASE_MS (every quarter lease). */
const RENEWALS_PER_SECOND = 4;

function arithmetic(runs: Measured[], hit: number): string[] {
  const one = basis(runs, 1, false);
  const three = basis(runs, 3, true);
  const proxied = basis(runs, 1, true);
  if (!one || !three) return ['', 'The scale-out arithmetic needs the posts list measured cached and uncached on one and on three instances.'];
  const perInstance = blended(one, hit);
  const today = blended(three, hit);
  const hitStatements = perRequest(three.cached.dbTransactions, three.cached);
  const missStatements = perRequest(three.uncached.dbTransactions, three.uncached);
  // The most statements/s this database was seen to serve: a floor of what one server carries, since it shared the cores.
  const dbCapacity = Math.max(...runs.map((m) => perRequest(m.dbTransactions, m) * m.result.requestsPerSecond));
  // With the cache lease (src/cache/lease.ts) a hit asks the database nothing; each instance renews its lease RENEWALS_PER_SECOND times a second.
  const rows = [1, 10, 100].map((k) => {
    const rate = k * today;
    const instances = Math.ceil(rate / perInstance);
    const primary = rate * hit * hitStatements;
    const replicas = rate * (1 - hit) * missStatements;
    return `| ${k}× | ${whole(rate)} | ${instances} | ${whole(primary)} | ${whole(instances * RENEWALS_PER_SECOND)} | ${whole(replicas)} | ${Math.max(1, Math.ceil(replicas / dbCapacity))} |`;
  });
  const pct = `${Math.round(hit * 100)} %`;
  return [
    '',
    '#### Past one machine (derived from the figures above)',
    '',
    `Assumptions: ${pct} of requests are cache hits (\`BENCH_SCALE_HIT_RATIO\`), the rest cost what an uncached posts-list request costs; the measured posts list stands for the read traffic; writes are not included; ` +
      `anonymous misses are read on replicas (DATABASE_REPLICA_URLS) and a cached hit asks no database while its instance holds its cache lease; the lease renewals (${RENEWALS_PER_SECOND} a second per instance with the default CACHE_LEASE_MS=1000) go to the primary.`,
    '',
    `One instance served ${whole(one.cached.result.requestsPerSecond)} req/s cached and ${whole(one.uncached.result.requestsPerSecond)} uncached, so ${whole(perInstance)} req/s at ${pct} hits. ` +
      `Three instances behind nginx on the same two cores served ${whole(three.cached.result.requestsPerSecond)} and ${whole(three.uncached.result.requestsPerSecond)} req/s (${whole(three.cached.result.requestsPerSecond / 3)} and ${whole(three.uncached.result.requestsPerSecond / 3)} per instance)` +
      (proxied ? `; one instance behind nginx served ${whole(proxied.cached.result.requestsPerSecond)} and ${whole(proxied.uncached.result.requestsPerSecond)}, which tells the proxy hop from more processes than cores` : '') +
      '. ' +
      `"today's load" below is what the three serve at ${pct} hits, ${whole(today)} req/s. ` +
      `The database ran ${fixed(hitStatements, 3)} statements per cached request and ${fixed(missStatements, 2)} per uncached one, so each request costs ${fixed(hit * hitStatements + (1 - hit) * missStatements, 3)} statements on average. ` +
      `The busiest measured run had the database serving ${whole(dbCapacity)} statements/s while sharing the cores with everything else: taken as what one replica carries, a floor.`,
    '',
    '| load | requests/s | instances (at one instance\'s blended rate) | primary: statements/s of the hits, as measured per hit | of which lease renewals (instances × 4/s) | replicas: statements/s (misses) | replicas needed |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `"As measured per hit" scales the measured statements per cached request with the request rate; with the lease those are the renewals, which do not grow with the request rate, so it is an upper bound and the renewals column the floor. ` +
      `Instances on machines of their own serve more than these, which shared two cores with PostgreSQL and the load generator, so the instance counts are upper bounds.`,
  ];
}

export function scaleSection(runs: Measured[], settings: RunSettings): string {
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:scale\`.`,
    '',
    ...machine(settings),
    '',
    'Statements per request are counted twice. "database": the scratch database\'s committed and rolled-back transactions in `pg_stat_database` over the measured run, divided by the requests ' +
      '(every statement run outside an explicit transaction is one transaction; a statement inside BEGIN…COMMIT is not counted on its own and opening a connection adds one; ' +
      'the counters are read from another database, after waiting for the backends to publish theirs, so the measuring queries are not among them). ' +
      'The instances\' background work while idle (below) is measured on each stack first and taken off for the pauses around the run, so only the run\'s own seconds of it remain. ' +
      '"/metrics": the instances\' own count (`db_statements_run`), summed; it leaves out the response cache\'s own connections (the invalidation log\'s lease renewals, publishes and acknowledgements on LISTEN), which the database\'s count includes.',
    '',
    ...table(runs),
    '',
    idleLine(runs),
    ...cachedHits(runs, settings.connections),
    ...arithmetic(runs, settings.hitRatio),
  ].join('\n');
}
