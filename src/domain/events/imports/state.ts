/**
 * The state callback (Aggregator Endpoints State::create): the service sets the import's status
 * (success, failed, pending), its message and percentage. A status other than pending ends the
 * batch chain (the hash is dropped), so later callbacks for the import are refused. Like batches,
 * the update claims the expected hash atomically: a replay changes nothing.
 */
import type { DomainContext } from '../../context';
import { invalidParam } from '../linked';
import { expectedImport } from './batch';
import { IMPORT_STATUSES, type StateInput } from './types';

export async function receiveState(ctx: DomainContext, input: StateInput): Promise<{ status: 'success' }> {
  if (!(IMPORT_STATUSES as readonly string[]).includes(input.status)) throw invalidParam('status');
  const record = await expectedImport(ctx, input.importId, input.batchHash);
  const changed = await ctx.db.prisma.eventImport.updateMany({
    where: { id: record.id, status: 'pending', nextBatchHash: input.batchHash },
    data: {
      status: input.status,
      message: input.message,
      messageSlug: input.messageSlug,
      percentage: Math.trunc(input.percentage),
      ...(input.status !== 'pending' ? { nextBatchHash: null } : {}),
    },
  });
  if (changed.count !== 1) throw invalidParam('batch_hash');
  return { status: 'success' };
}
