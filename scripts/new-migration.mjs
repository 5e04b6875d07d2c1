#!/usr/bin/env node
// Creates the next migration for both providers from the change in prisma/models.prisma.
// Each migration folder keeps a snapshot of the models it leads to, so the next diff needs no
// database (Prisma's migrate dev needs a shadow database and native engines, which we lack here).
// Usage: npm run db:new-migration -- <name>
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: new-migration <snake_case_name>');
  process.exit(2);
}
const providers = ['sqlite', 'postgresql'];
for (const provider of providers) {
  const dir = join('prisma', 'migrations', provider);
  mkdirSync(dir, { recursive: true });
  const existing = readdirSync(dir).filter((d) => /^\d{4}_/.test(d)).sort();
  const next = String(existing.length + 1).padStart(4, '0') + '_' + name;
  const args = ['scripts/prisma.mjs', 'migrate', 'diff', '--config', join('prisma', provider + '.config.ts'), '--script', '--to-schema-datamodel', join('prisma', provider)];
  let scratch;
  if (existing.length === 0) {
    args.push('--from-empty');
  } else {
    // Rebuild the previous state as a schema folder: this provider's header plus the snapshot.
    scratch = mkdtempSync(join(tmpdir(), 'migration-'));
    copyFileSync(join('prisma', provider, 'schema.prisma'), join(scratch, 'schema.prisma'));
    copyFileSync(join(dir, existing.at(-1), 'models.snapshot.prisma'), join(scratch, 'models.prisma'));
    args.push('--from-schema-datamodel', scratch);
  }
  const sql = execFileSync(process.execPath, args, { encoding: 'utf8' });
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
    console.log(`${provider}: no changes`);
    continue;
  }
  const target = join(dir, next);
  if (existsSync(target)) throw new Error(`${target} exists`);
  mkdirSync(target);
  writeFileSync(join(target, 'migration.sql'), sql);
  writeFileSync(join(target, 'models.snapshot.prisma'), readFileSync(join('prisma', 'models.prisma')));
  console.log(`${provider}: wrote ${target}`);
}
