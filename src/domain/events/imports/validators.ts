/**
 * The callbacks' argument validators (Aggregator REST Endpoints Base / Batch): the import must be
 * pending, the batch hash the one it expects (failing closed), `status` the progress object,
 * percentages 0–100, the interval numeric, the events a list of objects. Each answers true or
 * false, as the plugin's validate callbacks do; the route table prints "Invalid parameter.".
 */
import type { DomainContext } from '../../context';
import { isNumeric, type Check } from '../validators';
import { pendingImport, sameHash } from './records';

/** Base::is_valid_import_id: an import record in pending status. */
export const isValidImportId: Check = async (ctx, value) => (await pendingImport(ctx, value)) !== null;

/** Base::is_expected_batch_hash for the import the request names. */
export function isExpectedBatchHash(importId: unknown): Check {
  return async (ctx: DomainContext, value) => sameHash((await pendingImport(ctx, importId))?.nextBatchHash, value);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Batch::is_valid_status_information: {data: {total, done}, batch: {total, done}}, numeric, done ≤ total. */
export const isValidStatusInformation: Check = (_ctx, value) => {
  if (!isObject(value)) return false;
  for (const part of ['data', 'batch'] as const) {
    const counts = value[part];
    if (!isObject(counts) || !isNumeric(counts.total) || !isNumeric(counts.done)) return false;
    if (Math.trunc(Number(counts.done)) > Math.trunc(Number(counts.total))) return false;
  }
  return true;
};

/** Base::is_percentage. */
export const isPercentage: Check = (_ctx, value) => isNumeric(value) && Math.trunc(Number(value)) >= 0 && Math.trunc(Number(value)) <= 100;

/** Base::is_valid_interval. */
export const isValidInterval: Check = (_ctx, value) => isNumeric(value);

/** The batch's events: a list of objects (each one is read and checked when it is written). */
export const isEventList: Check = (_ctx, value) => Array.isArray(value) && value.every(isObject);
