/**
 * The one Prisma rule for case-insensitive text matching in WHERE clauses (WordPress's LIKE under
 * MySQL's case-insensitive collation). SQLite's LIKE already ignores ASCII case; PostgreSQL needs
 * ILIKE, which Prisma writes for `mode: 'insensitive'`. Known limit: `%` and `_` in the searched
 * text act as wildcards (WordPress escapes them); raw-SQL searches use search/text-match.ts, which
 * matches literally.
 */
import type { Provider } from '../config';
import type { Prisma } from '../db/client';

export function textFilter(provider: Provider, value: string, exact = false): Prisma.StringFilter {
  const filter: Prisma.StringFilter = exact ? { equals: value } : { contains: value };
  return (provider === 'postgresql' ? { ...filter, mode: 'insensitive' } : filter) as Prisma.StringFilter;
}
