/**
 * Settings (every stored option, the site's and the extensions'): each text inside the stored
 * JSON value, read as HTML when it has tags, as a URL when it is one, and for decoding calls.
 */
import { textFieldFindings } from './field-findings';
import type { ScanStep } from './step';
import type { FindingDraft } from './types';

/** Every string inside a JSON value, with its path (`value`, `value.social.0`). */
function* texts(value: unknown, path: string, depth = 0): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (depth < 8 && Array.isArray(value)) for (const [i, item] of value.entries()) yield* texts(item, `${path}.${i}`, depth + 1);
  else if (depth < 8 && value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* texts(item, `${path}.${key}`, depth + 1);
}

function parsed(stored: string): unknown {
  try {
    return JSON.parse(stored);
  } catch {
    return stored;
  }
}

export const optionCheck: ScanStep = {
  name: 'options',
  async run({ prisma, blockedHosts }) {
    const out: FindingDraft[] = [];
    const rows = await prisma.option.findMany({ orderBy: { name: 'asc' } });
    for (const row of rows) {
      for (const [path, text] of texts(parsed(row.value), 'value')) {
        out.push(...textFieldFindings({ record: { kind: 'option', id: row.name }, label: `setting "${row.name}"`, field: path, blockedHosts, data: { option: row.name } }, text));
      }
    }
    return out;
  },
};
