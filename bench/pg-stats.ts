/**
 * The PostgreSQL side of the scale-out benchmark: a scratch database to serve from, and the
 * database's own count of the transactions run in it (`pg_stat_database`), read from another
 * database so that reading it never adds to it.
 */
import { Client } from 'pg';

const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432';

export interface BenchDatabase {
  url: string;
  name: string;
  /** Drops a scratch database (a database given by BENCH_DATABASE_URL is kept). */
  drop(): Promise<void>;
}

/** The same server's maintenance database, where the measuring queries run. */
function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

async function onMaintenance<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** BENCH_DATABASE_URL as given, or a new database with a unique name on `server` (any URL of it; the machine's by default). */
export async function benchDatabase(server = DEFAULT_SERVER): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, name: decodeURIComponent(new URL(given).pathname.slice(1)), drop: async () => {} };
  return scratchDatabase(server, 'bench_scale');
}

/** A new database with a unique name on `server` (any URL of it), and how to drop it. */
export async function scratchDatabase(server: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const parsed = new URL(server);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  await onMaintenance(url, (client) => client.query(`CREATE DATABASE "${name}"`));
  return { url, name, drop: () => onMaintenance(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined) };
}

/**
 * PostgreSQL 15 backends publish their counters at most once a second while busy and within
 * 10 s of going idle (PGSTAT_IDLE_INTERVAL), so a reading is exact only after that long a pause.
 */
export const STATS_SETTLE_MS = 11_000;

/**
 * Committed plus rolled-back transactions in the database so far. Every statement run outside an
 * explicit transaction (autocommit, as the server's reads are) is one transaction, so the
 * difference over a run counts the statements the database saw; a statement inside BEGIN…COMMIT
 * is not counted on its own, and opening a connection adds one.
 */
export async function transactionsRun(database: BenchDatabase): Promise<number> {
  return onMaintenance(database.url, async (client) => {
    const { rows } = await client.query<{ total: string }>('SELECT xact_commit + xact_rollback AS total FROM pg_stat_database WHERE datname = $1', [database.name]);
    if (!rows[0]) throw new Error(`pg_stat_database has no row for ${database.name}`);
    return Number(rows[0].total);
  });
}

/** The server's version, for the machine description. */
export async function serverVersion(database: BenchDatabase): Promise<string> {
  return onMaintenance(database.url, async (client) => (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? 'unknown');
}
