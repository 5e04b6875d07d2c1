/**
 * Write transactions that a unique index may refuse because a concurrent writer took the same key
 * (a slug, a term, an import's origin id): they run again, and the next attempt sees the winner's row.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, isConflict: (error: unknown) => boolean, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt < attempts && isConflict(error)) continue;
      throw error;
    }
  }
}
