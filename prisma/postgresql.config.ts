// Prisma CLI configuration for the PostgreSQL schema (used for generate and migrate diff, which
// need no database; migrations are applied by our own runner, see src/db/migrate.ts).
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join(__dirname, 'postgresql'),
  adapter: async () => new PrismaPg({ connectionString: process.env.PRISMA_CLI_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test' }),
});
