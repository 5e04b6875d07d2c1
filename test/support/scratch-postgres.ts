/**
 * An empty PostgreSQL database for tests that need PostgreSQL whatever TEST_DATABASE_URL says (the
 * machine's server by default), left for the servers under test to migrate, and dropped after.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const POSTGRES_SERVER_URL = process.env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  url: string;
  /** Runs `work` on a connection of its own to the database. */
  query<T>(work: (client: Client) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(POSTGRES_SERVER_URL, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: (work) => withClient(url.toString(), work),
    drop: () => withClient(POSTGRES_SERVER_URL, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
