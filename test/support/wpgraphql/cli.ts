/**
 * Compares our GraphQL schema with WPGraphQL's (the schema WPGraphQL 2.20 with ql-events prints on
 * WordPress 6.9.7: shared/reference/wpgraphql-schema.graphql): for every root field we serve, every
 * type, field, argument, input field, enum value and interface of theirs that it reaches must exist in
 * ours with the same type. What we do not serve (comments, themes, plugins, enqueued assets...) is
 * listed in served.ts with the reason.
 *
 *   npm run graphql:diff            # the gaps, grouped by type; exit code 1 when there are any
 *   npm run graphql:diff -- --json  # the same as JSON
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema as parseSdl } from 'graphql';
import { buildSchema } from '../../../src/graphql/schema';
import { diffSchemas, type Gap } from './diff';
import { SERVED } from './served';

function referencePath(): string {
  // CI lays shared/ beside the checkout; the workplace keeps it in /work/shared.
  const candidates = [path.resolve(__dirname, '..', '..', '..', '..', 'shared'), '/work/shared'];
  for (const dir of candidates) {
    const file = path.join(dir, 'reference', 'wpgraphql-schema.graphql');
    if (existsSync(file)) return file;
  }
  throw new Error(`wpgraphql-schema.graphql not found under ${candidates.join(' or ')}`);
}

const theirs = parseSdl(readFileSync(referencePath(), 'utf8'));
const gaps = diffSchemas(theirs, buildSchema(), SERVED);
if (process.argv.includes('--json')) {
  process.stdout.write(JSON.stringify(gaps, null, 2) + '\n');
} else {
  const byType = new Map<string, Gap[]>();
  for (const gap of gaps) byType.set(gap.type, [...(byType.get(gap.type) ?? []), gap]);
  for (const [type, list] of byType) {
    process.stdout.write(`${type}\n`);
    for (const gap of list) process.stdout.write(`  ${gap.kind.padEnd(18)} ${gap.path}${gap.detail ? `  (${gap.detail})` : ''}\n`);
  }
  process.stdout.write(`\n${gaps.length} gaps in ${byType.size} types\n`);
}
process.exitCode = gaps.length > 0 ? 1 : 0;
