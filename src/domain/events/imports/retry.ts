/**
 * Import transactions start again when a unique index refuses a concurrent duplicate (a slug, a
 * term, an origin id another import took at the same moment): the second attempt sees the winner's
 * rows and updates them instead.
 */
import { retryOnConflict } from '../../retry';

const ATTEMPTS = 5;

function isUniqueConflict(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002';
}

export function withImportRetry<T>(run: () => Promise<T>): Promise<T> {
  return retryOnConflict(run, isUniqueConflict, ATTEMPTS);
}
