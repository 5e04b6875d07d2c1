/**
 * Ids and other integers from requests meet 32-bit Int columns: values outside that range cannot
 * match anything and must never reach the database (PostgreSQL refuses them).
 */
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

export function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX;
}

/** For "one of these" filters: an impossible value becomes -1, which no id, author or parent has. */
export function matchableIds(ids: readonly number[]): number[] {
  return ids.map((id) => (isInt32(id) ? id : -1));
}

/** For "none of these" filters: impossible values exclude nothing. */
export function excludableIds(ids: readonly number[]): number[] {
  return ids.filter(isInt32);
}

/** A stored integer (menu_order) kept inside the column's range. */
export function clampInt32(value: number): number {
  return Math.min(INT_MAX, Math.max(INT_MIN, Math.trunc(value)));
}
