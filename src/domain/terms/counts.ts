/**
 * Term counts as WordPress keeps them (_update_post_term_count): the number of published objects
 * attached to the term (menus count their items whatever their status). Every write that changes
 * a relationship or a status calls recountTerms for the terms it touched, inside its transaction.
 */
import type { Prisma } from '../../db/client';

type Tx = Prisma.TransactionClient;

const COUNT_ALL_STATUSES = new Set(['nav_menu']);

export async function recountTerms(tx: Tx, termIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(termIds)];
  if (ids.length === 0) return;
  const terms = await tx.term.findMany({ where: { id: { in: ids } }, select: { id: true, taxonomy: true, count: true } });
  for (const term of terms) {
    const count = await tx.termRelationship.count({
      where: COUNT_ALL_STATUSES.has(term.taxonomy) ? { termId: term.id } : { termId: term.id, content: { status: 'publish' } },
    });
    // An unchanged count is not written: the write would invalidate every cached answer showing the term.
    if (count !== term.count) await tx.term.update({ where: { id: term.id }, data: { count } });
  }
}
