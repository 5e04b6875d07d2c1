/**
 * Looking into Prisma's argument objects (where, data, select): shared by the fast read compiler
 * (src/db/fast) and the cache's tag rules (src/cache/read-tags.ts, write-tags.ts).
 */

export type ArgRecord = Record<string, unknown>;

/** A plain object argument (not an array, not a Date). */
export function isRecord(value: unknown): value is ArgRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A value a column can be compared with as it is. */
export function isScalarValue(value: unknown): value is string | number | boolean | bigint | Date {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value instanceof Date;
}

/**
 * The values a where (or a create's data) pins `field` to — `x`, `{ equals: x }`, `{ in: [...] }`,
 * directly or in one of its top-level AND clauses, which every match satisfies — or undefined.
 */
export function pinnedValues(source: unknown, field: string): unknown[] | undefined {
  if (!isRecord(source)) return undefined;
  const value = source[field];
  if (isScalarValue(value)) return [value];
  if (isRecord(value)) {
    if (isScalarValue(value.equals)) return [value.equals];
    if (Array.isArray(value.in) && value.in.every(isScalarValue)) return value.in;
  }
  const and = source.AND;
  for (const clause of Array.isArray(and) ? and : and ? [and] : []) {
    const found = pinnedValues(clause, field);
    if (found) return found;
  }
  return undefined;
}
