#!/usr/bin/env node
// Runs the Prisma CLI without letting it download native engines (these machines reach only the
// npm registry): the Rust-free client needs none, and the CLI only checks that these paths exist.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= here;
env.PRISMA_QUERY_ENGINE_LIBRARY ??= here;
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
env.CHECKPOINT_DISABLE = '1';
const cli = createRequire(import.meta.url).resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
