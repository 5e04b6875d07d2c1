/**
 * The compatibility suite through GraphQL Code Generator, as a typed front-end builds: typed
 * documents for every operation against our SDL, generated without validation errors.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { SCHEMA_DIR } from '../../../src/graphql/schema';
import { operations, OPERATIONS_DIR } from './operations';

describe('compatibility suite: GraphQL Code Generator', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'compat-codegen-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates typed documents for every operation against our schema', async () => {
    const output = path.join(dir, 'graphql.ts');
    await generate(
      {
        schema: path.join(SCHEMA_DIR, '*.graphql'),
        documents: path.join(OPERATIONS_DIR, '*.graphql'),
        silent: true,
        errorsOnly: true,
        generates: { [output]: { plugins: ['typescript', 'typescript-operations', 'typed-document-node'], config: { enumsAsTypes: true } } },
      },
      true,
    );
    const generated = readFileSync(output, 'utf8');
    for (const op of operations()) {
      expect(generated).toContain(`export type ${op.name}Query = `);
      expect(generated).toContain(`export const ${op.name}Document = `);
    }
    // The seed query's fragments on interfaces come out as unions of the possible object types.
    expect(generated).toMatch(/GetSeedNodeQuery = \{ __typename\?: 'RootQuery', node\?:/);
  });
});
