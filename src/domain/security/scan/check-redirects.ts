/**
 * Redirect targets (every target field of the action data: url, url_from, url_notfrom, logged_in,
 * logged_out): javascript: and data: URLs, decoding calls, and hosts on the block list.
 */
import { BATCH, type ScanStep } from './step';
import { urlFieldFindings } from './field-findings';
import type { FindingDraft } from './types';

const TARGETS = ['url', 'url_from', 'url_notfrom', 'logged_in', 'logged_out'] as const;

function targetsOf(actionData: string | null): Array<[string, string]> {
  if (!actionData) return [];
  let data: unknown;
  try {
    data = JSON.parse(actionData);
  } catch {
    return [];
  }
  if (data === null || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  return TARGETS.flatMap((name) => (Object.prototype.hasOwnProperty.call(record, name) && typeof record[name] === 'string' ? [[name, record[name] as string] as [string, string]] : []));
}

export const redirectCheck: ScanStep = {
  name: 'redirects',
  async run({ prisma, blockedHosts }) {
    const out: FindingDraft[] = [];
    for (let after = 0; ; ) {
      const rows = await prisma.redirect.findMany({ where: { id: { gt: after } }, orderBy: { id: 'asc' }, take: BATCH, select: { id: true, url: true, actionType: true, actionData: true } });
      if (rows.length === 0) return out;
      after = rows[rows.length - 1]!.id;
      for (const row of rows) {
        for (const [name, target] of targetsOf(row.actionData)) {
          const field = { record: { kind: 'redirect' as const, id: String(row.id) }, label: `redirect ${row.url.slice(0, 60)} (#${row.id})`, field: `target ${name}`, blockedHosts, data: { source: row.url } };
          out.push(...urlFieldFindings(field, target));
        }
      }
    }
  },
};
