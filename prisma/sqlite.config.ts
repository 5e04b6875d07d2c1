// Prisma CLI configuration for the SQLite schema: the WebAssembly schema engine ("js") through a
// driver adapter, because native engines cannot be downloaded on these machines.
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join(__dirname, 'sqlite'),
  adapter: async () => new PrismaBetterSQLite3({ url: process.env.PRISMA_CLI_SQLITE_URL ?? 'file::memory:' }),
});
