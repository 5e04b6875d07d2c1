/**
 * Applies the checked-in SQL migrations of the configured provider, each once, in order, in a
 * transaction, recording them in `_migrations`. Prisma's own `migrate deploy` cannot run here on
 * PostgreSQL (see shared/reference/prisma-offline.md), so one small runner serves both engines.
 * Several instances starting at once are safe: PostgreSQL serialises them with an advisory lock,
 * SQLite with an exclusive transaction around the whole run.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Client } from 'pg';
import { providerOf, type Provider } from '../config';
import { projectRoot } from './root';
import { sqliteFile } from './client';

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

const LOCK_KEY = 727_001; // arbitrary, constant advisory-lock key for this schema

export function listMigrations(provider: Provider): Migration[] {
  const dir = path.join(projectRoot(), 'prisma', 'migrations', provider);
  return readdirSync(dir)
    .filter((name) => /^\d{4}_/.test(name))
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_migrations" (
  "name" TEXT PRIMARY KEY,
  "checksum" TEXT NOT NULL,
  "appliedAt" TEXT NOT NULL
)`;

function migrateSqlite(url: string, migrations: Migration[]): MigrationReport {
  const file = sqliteFile(url);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Sqlite(file, { timeout: 30000 });
  try {
    db.pragma('journal_mode = WAL');
    db.exec(CREATE_TABLE);
    const report: MigrationReport = { applied: [], alreadyApplied: 0 };
    const run = db.transaction(() => {
      const done = new Set((db.prepare('SELECT "name" FROM "_migrations"').all() as { name: string }[]).map((r) => r.name));
      for (const migration of migrations) {
        if (done.has(migration.name)) {
          report.alreadyApplied += 1;
          continue;
        }
        db.exec(migration.sql);
        db.prepare('INSERT INTO "_migrations" ("name", "checksum", "appliedAt") VALUES (?, ?, ?)').run(migration.name, migration.checksum, new Date().toISOString());
        report.applied.push(migration.name);
      }
    });
    run.exclusive();
    return report;
  } finally {
    db.close();
  }
}

async function migratePostgres(url: string, migrations: Migration[]): Promise<MigrationReport> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ name: string }>('SELECT "name" FROM "_migrations"');
    const done = new Set(rows.map((r) => r.name));
    const report: MigrationReport = { applied: [], alreadyApplied: 0 };
    for (const migration of migrations) {
      if (done.has(migration.name)) {
        report.alreadyApplied += 1;
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO "_migrations" ("name", "checksum", "appliedAt") VALUES ($1, $2, $3)', [migration.name, migration.checksum, new Date().toISOString()]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      report.applied.push(migration.name);
    }
    return report;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

export async function migrate(url: string): Promise<MigrationReport> {
  const provider = providerOf(url);
  const migrations = listMigrations(provider);
  return provider === 'sqlite' ? migrateSqlite(url, migrations) : migratePostgres(url, migrations);
}
