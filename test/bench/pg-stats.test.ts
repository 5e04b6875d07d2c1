/**
 * The scale-out benchmark's statement count (bench/pg-stats.ts) on a real PostgreSQL: each
 * autocommit statement is one transaction in pg_stat_database, a BEGIN…COMMIT block is one, a new
 * connection one, and reading the count (from the maintenance database) adds nothing to it.
 */
import { Client } from 'pg';
import { benchDatabase, transactionsRun, type BenchDatabase } from '../../bench/pg-stats';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** Backends publish their counters when they exit; the count is read again until it includes them (bounded). */
async function settledCount(database: BenchDatabase, atLeast: number): Promise<number> {
  const deadline = Date.now() + 20_000;
  let count = await transactionsRun(database);
  while (count < atLeast && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    count = await transactionsRun(database);
  }
  return count;
}

describe('bench/pg-stats: the database counts the statements', () => {
  let database: BenchDatabase;
  beforeAll(async () => {
    database = await benchDatabase(SERVER);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('reading the count adds nothing to it', async () => {
    const first = await transactionsRun(database);
    expect(await transactionsRun(database)).toBe(first);
    expect(await transactionsRun(database)).toBe(first);
  });

  it('counts each autocommit statement once and a transaction block once', async () => {
    const before = await transactionsRun(database);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    for (let i = 0; i < 50; i++) await client.query('SELECT $1::int AS n', [i]);
    await client.query('BEGIN');
    await client.query('SELECT 1');
    await client.query('SELECT 2');
    await client.query('COMMIT');
    await client.end();
    // 50 statements, one block, and one for opening the connection (the backend's start reads the catalogs).
    expect((await settledCount(database, before + 52)) - before).toBe(52);
  });
});
