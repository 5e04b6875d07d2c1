/**
 * Where a list window starts: the given offset, else the first row of the page; never before the
 * first row (a negative offset lists from the start rather than reaching the database).
 */
export function windowOffset(offset: number | undefined, page: number | undefined, perPage: number): number {
  return Math.max(0, offset ?? ((page ?? 1) - 1) * perPage);
}
