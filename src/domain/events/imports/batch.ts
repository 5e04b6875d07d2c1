/**
 * The batch callback (Aggregator Endpoints Batch::create): the service pushes one batch of events
 * for a pending import carrying the hash the import expects. The whole batch is one transaction
 * that first claims the hash (compare-and-set), so a batch replayed, sent twice at once or out of
 * order is refused and changes nothing. The events are written with the rights of the user who
 * started the import. The last batch (`batch.total == batch.done + 1`) ends the chain with success;
 * otherwise a new hash is issued for the next one.
 */
import type { DomainContext } from '../../context';
import { DomainError } from '../../errors';
import { LoaderCache } from '../../loaders';
import { viewerFor } from '../../viewer';
import { invalidParam } from '../linked';
import { canPublishEvents } from '../permissions';
import { emptyActivity, mergeActivity, parseActivity } from './activity';
import { emptyCounts, writeItems, type BatchWrites } from './items';
import { readImportItem, type ImportItem } from './payload';
import { importAuthor, newBatchHash, pendingImport, sameHash } from './records';
import { withImportRetry } from './retry';
import type { BatchInput, BatchResult, ImportRecord } from './types';

/** Batch::$interval_min: the service waits at least this long (seconds) before the next batch. */
const INTERVAL = 10;
const TRANSACTION = { timeout: 120_000, maxWait: 30_000 };

/** The import and hash a callback names, checked again where it will be used. */
export async function expectedImport(ctx: DomainContext, importId: string, batchHash: string): Promise<ImportRecord> {
  const record = await pendingImport(ctx, importId);
  if (!record) throw invalidParam('import_id');
  if (!sameHash(record.nextBatchHash, batchHash)) throw invalidParam('batch_hash');
  return record;
}

/** A DomainContext acting as the import's author, with loaders of its own. */
export async function authorContext(ctx: DomainContext, record: ImportRecord): Promise<DomainContext> {
  const author = await importAuthor(ctx, record);
  const viewer = viewerFor(author);
  if (!author || !canPublishEvents(viewer)) {
    throw new DomainError('event-import-author-not-allowed', 'The user who started this import may no longer publish events.', 403);
  }
  return { db: ctx.db, config: ctx.config, viewer, loaders: new LoaderCache(ctx.db) };
}

function failureMessage(failed: number, errors: string[]): string {
  return failed ? `${failed} event(s) could not be imported: ${errors.join('; ')}` : '';
}

export async function receiveBatch(ctx: DomainContext, input: BatchInput): Promise<BatchResult> {
  const record = await expectedImport(ctx, input.importId, input.batchHash);
  const writer = await authorContext(ctx, record);
  const items: Array<ImportItem | Error> = input.events.map((raw) => {
    try {
      return readImportItem(raw);
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
  });
  const last = Math.trunc(input.status.batch.total) === Math.trunc(input.status.batch.done) + 1;
  const nextHash = last ? null : newBatchHash();

  const writes = await withImportRetry(() =>
    ctx.db.prisma.$transaction(async (tx) => {
      // Claim the expected hash first: of two requests carrying it, only one gets past this line.
      const claimed = await tx.eventImport.updateMany({ where: { id: record.id, status: 'pending', nextBatchHash: input.batchHash }, data: { nextBatchHash: nextHash } });
      if (claimed.count !== 1) throw invalidParam('batch_hash');
      const max = await tx.content.aggregate({ _max: { id: true } });
      const w: BatchWrites = { tx, ctx: writer, activity: emptyActivity(), counts: emptyCounts(), maxIdBefore: max._max.id ?? 0, linked: new Map() };
      await writeItems(w, items);
      const current = await tx.eventImport.findUniqueOrThrow({ where: { id: record.id } });
      const message = failureMessage(w.counts.failed, w.counts.errors);
      await tx.eventImport.update({
        where: { id: record.id },
        data: {
          status: last ? 'success' : 'pending',
          percentage: Math.trunc(input.percentage),
          totalEvents: Math.trunc(input.status.data.total),
          batchesDone: { increment: 1 },
          created: { increment: w.counts.created },
          updated: { increment: w.counts.updated },
          skipped: { increment: w.counts.skipped },
          failed: { increment: w.counts.failed },
          activity: JSON.stringify(mergeActivity(parseActivity(current.activity), w.activity)),
          ...(message ? { message } : {}),
        },
      });
      return w;
    }, TRANSACTION),
  );
  return { status: 'success', activity: writes.activity, interval: INTERVAL, ...(nextHash ? { next_batch_hash: nextHash } : {}) };
}
