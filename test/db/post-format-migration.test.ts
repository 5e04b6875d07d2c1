/**
 * Migration 0009 on a database that was in use before it, on the engine of the run: posts kept
 * their format in a column; afterwards each formatted post has its post_format term (created once
 * per format, named as WordPress names it, counted over published posts) and the column is gone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Client } from 'pg';
import { listMigrations, migrate } from '../../src/db/migrate';
import { testProvider } from '../support/database';

const TARGET = '0009_post_format_terms';

interface Engine {
  url: string;
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  /** The column names of a table. */
  columns(table: string): Promise<string[]>;
  close(): Promise<void>;
}

async function sqliteEngine(): Promise<Engine> {
  const dir = mkdtempSync(path.join(tmpdir(), 'format-migration-'));
  const url = `file:${path.join(dir, 'test.db')}`;
  const db = new Sqlite(path.join(dir, 'test.db'));
  return {
    url,
    exec: async (sql) => void db.exec(sql),
    rows: async <T>(sql: string) => db.prepare(sql).all() as T[],
    columns: async (table) => (db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).map((c) => c.name),
    close: async () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresEngine(serverUrl: string): Promise<Engine> {
  const name = `cs_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    columns: async (table) => (await client.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table])).rows.map((c) => c.column_name),
    close: async () => {
      await client.end();
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

let engine: Engine;

beforeAll(async () => {
  engine = process.env.TEST_DATABASE_URL ? await postgresEngine(process.env.TEST_DATABASE_URL) : await sqliteEngine();
  // The schema as it was before, recorded as the migration runner records it.
  await engine.exec('CREATE TABLE "_migrations" ("name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" TEXT NOT NULL)');
  for (const migration of listMigrations(testProvider).filter((m) => m.name < TARGET)) {
    await engine.exec(migration.sql);
    await engine.exec(`INSERT INTO "_migrations" VALUES ('${migration.name}', '${migration.checksum}', '2026-01-01T00:00:00.000Z')`);
  }
  const post = (id: number, type: string, status: string, format: string) =>
    `(${id}, '${type}', '${status}', 'p${id}', '2026-01-01 00:00:00', '2026-01-01 00:00:00', '${format}')`;
  await engine.exec(`INSERT INTO "Content" ("id", "type", "status", "slug", "date", "modified", "format") VALUES
    ${[post(1, 'post', 'publish', 'aside'), post(2, 'post', 'publish', 'aside'), post(3, 'post', 'draft', 'aside'), post(4, 'post', 'publish', 'video'), post(5, 'post', 'publish', 'standard'), post(6, 'page', 'publish', 'standard'), post(7, 'revision', 'inherit', 'video')].join(', ')}`);
  // No explicit term id: PostgreSQL's sequence must hand out the next ones.
  await engine.exec(`INSERT INTO "Term" ("taxonomy", "name", "slug", "count") VALUES ('category', 'Uncategorized', 'uncategorized', 2)`);
  await engine.exec(`INSERT INTO "TermRelationship" ("contentId", "termId") SELECT c."id", t."id" FROM "Content" c, "Term" t WHERE c."id" IN (1, 5) AND t."slug" = 'uncategorized'`);
  expect((await migrate(engine.url)).applied).toEqual([TARGET, ...listMigrations(testProvider).filter((m) => m.name > TARGET).map((m) => m.name)]);
});
afterAll(() => engine.close());

it('creates the post_format terms of the formats in use, with WordPress names and counts', async () => {
  const terms = await engine.rows<{ taxonomy: string; name: string; slug: string; count: number }>(
    `SELECT "taxonomy", "name", "slug", "count" FROM "Term" WHERE "taxonomy" = 'post_format' ORDER BY "slug"`,
  );
  expect(terms.map((t) => ({ ...t, count: Number(t.count) }))).toEqual([
    { taxonomy: 'post_format', name: 'Aside', slug: 'post-format-aside', count: 2 },
    { taxonomy: 'post_format', name: 'Video', slug: 'post-format-video', count: 1 },
  ]);
});

it('assigns them to the posts (not to revisions), leaving standard posts and other terms alone', async () => {
  const links = await engine.rows<{ contentId: number; slug: string }>(
    'SELECT r."contentId", t."slug" FROM "TermRelationship" r JOIN "Term" t ON t."id" = r."termId" ORDER BY r."contentId", t."slug"',
  );
  expect(links.map((l) => [Number(l.contentId), l.slug])).toEqual([
    [1, 'post-format-aside'], [1, 'uncategorized'], [2, 'post-format-aside'], [3, 'post-format-aside'], [4, 'post-format-video'], [5, 'uncategorized'],
  ]);
});

it('drops the column, so the term is the only record of a format', async () => {
  const columns = await engine.columns('Content');
  expect(columns).toEqual(expect.arrayContaining(['id', 'type', 'status', 'sticky', 'template']));
  expect(columns).not.toContain('format');
});
