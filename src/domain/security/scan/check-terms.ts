/** Terms of every taxonomy: names and descriptions (themes print both as HTML). */
import { BATCH, type ScanStep } from './step';
import { htmlFieldFindings, type Field } from './field-findings';
import type { FindingDraft } from './types';

export const termCheck: ScanStep = {
  name: 'terms',
  async run({ prisma, blockedHosts }) {
    const out: FindingDraft[] = [];
    for (let after = 0; ; ) {
      const rows = await prisma.term.findMany({ where: { id: { gt: after } }, orderBy: { id: 'asc' }, take: BATCH, select: { id: true, taxonomy: true, name: true, description: true } });
      if (rows.length === 0) return out;
      after = rows[rows.length - 1]!.id;
      for (const row of rows) {
        const field = (name: string): Field => ({
          record: { kind: 'term', id: String(row.id) }, label: `${row.taxonomy} term "${row.name.slice(0, 60)}" (#${row.id})`, field: name, blockedHosts, data: { taxonomy: row.taxonomy },
        });
        out.push(...htmlFieldFindings(field('name'), row.name), ...htmlFieldFindings(field('description'), row.description));
      }
    }
  },
};
