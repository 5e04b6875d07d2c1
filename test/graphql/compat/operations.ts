/**
 * The compatibility suite's operations (operations/*.graphql): real-world front-end queries,
 * written from WPGraphQL's documentation and the public code of Faust.js, the Next.js
 * WordPress example, gatsby-source-wordpress and ql-events. Read as files, the way a starter
 * keeps them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';

export const OPERATIONS_DIR = path.join(__dirname, 'operations');

export interface Operation {
  file: string;
  /** The name of its (only) operation. */
  name: string;
  document: string;
}

export function operations(): Operation[] {
  return readdirSync(OPERATIONS_DIR)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => {
      const document = readFileSync(path.join(OPERATIONS_DIR, file), 'utf8');
      const name = parse(document).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)?.name?.value;
      if (!name) throw new Error(`${file}: no named operation`);
      return { file, name, document };
    });
}

export function operation(name: string): Operation {
  const found = operations().find((op) => op.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
}
