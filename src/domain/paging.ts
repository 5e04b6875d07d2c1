/** Where a list window starts: a given (non-zero) offset, else the page's first row; never before the first row. */
export function windowOffset(query: { offset?: number; page?: number }, perPage: number): number {
  return Math.max(0, query.offset ? query.offset : ((query.page ?? 1) - 1) * perPage);
}
