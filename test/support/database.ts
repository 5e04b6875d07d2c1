/**
 * A fresh, migrated database for each test file: a temporary SQLite file, or a new PostgreSQL
 * database on the server named by TEST_DATABASE_URL. Tests never share data.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { migrate } from '../../src/db/migrate';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export const testProvider = process.env.TEST_DATABASE_URL ? 'postgresql' : 'sqlite';

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-site-test-'));
    const url = `file:${path.join(dir, 'test.db')}`;
    await migrate(url);
    return { url, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `cs_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  await migrate(url.toString());
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
