/**
 * Posts, pages, events, attachments and every other post-like record (revisions aside: they are
 * history, not what the site serves): title, content and excerpt; a menu item's label,
 * description, attribute title and address.
 */
import { BATCH, type ScanStep } from './step';
import { htmlFieldFindings, urlFieldFindings, type Field } from './field-findings';
import type { FindingDraft, RecordKind } from './types';

const kindOf = (type: string): RecordKind => (type === 'nav_menu_item' ? 'menu_item' : type === 'attachment' ? 'attachment' : 'post');

/** A menu item keeps its description in content and its attribute title in excerpt (as WordPress). */
const MENU_FIELDS: Record<string, string> = { title: 'label', content: 'description', excerpt: 'attribute title' };

export const contentCheck: ScanStep = {
  name: 'content',
  async run({ prisma, blockedHosts }) {
    const out: FindingDraft[] = [];
    for (let after = 0; ; ) {
      const rows = await prisma.content.findMany({
        where: { id: { gt: after }, type: { not: 'revision' } },
        orderBy: { id: 'asc' },
        take: BATCH,
        select: { id: true, type: true, title: true, content: true, excerpt: true, menuItem: { select: { url: true } } },
      });
      if (rows.length === 0) return out;
      after = rows[rows.length - 1]!.id;
      for (const row of rows) {
        const kind = kindOf(row.type);
        const title = row.title.replace(/\s+/g, ' ').slice(0, 60);
        const label = `${kind === 'menu_item' ? 'menu item' : row.type} ${title ? `"${title}" ` : ''}(#${row.id})`;
        const field = (name: string): Field => ({
          record: { kind, id: String(row.id) }, label, field: kind === 'menu_item' ? (MENU_FIELDS[name] ?? name) : name, blockedHosts, data: { postType: row.type },
        });
        out.push(...htmlFieldFindings(field('title'), row.title), ...htmlFieldFindings(field('content'), row.content), ...htmlFieldFindings(field('excerpt'), row.excerpt));
        if (row.menuItem?.url) out.push(...urlFieldFindings(field('url'), row.menuItem.url));
      }
    }
  },
};
