/**
 * The `random` action's target (the plugin's Random_Action): the permalink of a random published
 * post without a password, or null when there is none.
 */
import type { DomainContext } from '../context';
import { permalinkOf } from '../posts/records';

export async function randomPostLink(ctx: DomainContext): Promise<string | null> {
  const where = { type: 'post', status: 'publish', password: '' };
  const total = await ctx.db.read.content.count({ where });
  if (total === 0) return null;
  const rows = await ctx.db.read.content.findMany({ where, select: { id: true }, orderBy: { id: 'asc' }, skip: Math.floor(Math.random() * total), take: 1 });
  if (rows.length === 0) return null;
  const link = await permalinkOf(ctx, rows[0].id);
  return link === '' ? null : link;
}
