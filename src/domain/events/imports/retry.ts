/**
 * Import transactions start again when a unique index refuses a concurrent duplicate (a slug, a
 * term, an origin id another import took at the same moment): the second attempt sees the winner's
 * rows and updates them instead.
 */
const ATTEMPTS = 5;

function isUniqueConflict(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002';
}

export async function withImportRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt < ATTEMPTS && isUniqueConflict(error)) continue;
      throw error;
    }
  }
}
