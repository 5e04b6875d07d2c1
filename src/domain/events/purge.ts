/**
 * Deleting a calendar record for good (WPGraphQL's `forceDelete`; the REST face always trashes,
 * as The Events Calendar does): the same permission as trashing, the record as it was returned.
 */
import type { DomainContext } from '../context';
import { forbidden } from '../errors';
import { contentById } from '../posts/loaders';
import { isStorableId } from '../terms/loaders';
import { purgeRow } from './calendar-posts';
import { invalidParam } from './linked';
import { canDeleteRecord } from './permissions';

export async function purgeCalendarRecord(ctx: DomainContext, type: string, id: number): Promise<void> {
  const row = isStorableId(id) ? await contentById(ctx).load(id) : null;
  if (!row || row.type !== type) throw invalidParam('id');
  if (!canDeleteRecord(ctx.viewer, row)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  await ctx.db.prisma.$transaction((tx) => purgeRow(tx, id));
  ctx.loaders.clear();
}
