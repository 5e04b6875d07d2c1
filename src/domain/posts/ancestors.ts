/**
 * The slugs a page's permalink nests it under, read inside a transaction (the GUID at creation and
 * permalink monitoring both need the path as the rows stand in that transaction).
 */
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';

/** Ancestor slugs of `row`, root first; stops at a missing parent or a loop. */
export async function ancestorSlugsIn(tx: Prisma.TransactionClient, row: Pick<Content, 'id' | 'parentId'>): Promise<string[]> {
  const slugs: string[] = [];
  const seen = new Set<number>([row.id]);
  for (let id = row.parentId; id > 0 && !seen.has(id); ) {
    seen.add(id);
    const parent = await tx.content.findUnique({ where: { id }, select: { slug: true, parentId: true } });
    if (!parent) break;
    slugs.unshift(parent.slug);
    id = parent.parentId;
  }
  return slugs;
}
