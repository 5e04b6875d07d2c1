/**
 * The plugin's list parameters (Redirection_Api_Filter_Route::get_filter_args): `filterBy` keys
 * per family, `orderby` per family, `direction`, `per_page` 5–200 (default 25) and a 0-based `page`.
 * Shared by the redirect and group lists (and available to the log lists).
 */

export const REDIRECT_FILTERS = ['status', 'url-match', 'match', 'action', 'http', 'access', 'url', 'target', 'title', 'group', 'id'] as const;
/** `orderby` values of the redirect list, the empty string included (it means the default). */
export const REDIRECT_ORDERS = ['source', 'last_count', 'last_access', 'position', 'id', ''] as const;
export const GROUP_FILTERS = ['status', 'module', 'name'] as const;
export const GROUP_ORDERS = ['name', 'id', ''] as const;

export const DEFAULT_PER_PAGE = 25;
export const MIN_PER_PAGE = 5;
export const MAX_PER_PAGE = 200;

export type Direction = 'asc' | 'desc';

export interface ListQuery {
  /** Filter values by key (keys checked with filterByError first). */
  filterBy?: Record<string, unknown>;
  orderby?: string;
  direction?: Direction;
  perPage?: number;
  /** 0-based. */
  page?: number;
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

/**
 * validate_filter(): why a `filterBy` value is refused (not an object, or a key the family does
 * not filter on), or null when it is fine.
 */
export function filterByError(value: unknown, allowed: readonly string[]): string | null {
  if (typeof value !== 'object' || value === null) return 'Filter is not an array';
  const keys = Array.isArray(value) ? value.map((_, i) => String(i)) : Object.keys(value);
  for (const key of keys) if (!allowed.includes(key)) return `Filter type is not supported: ${key}`;
  return null;
}

/** The filters as a prototype-free map of text values (sanitize_text_field of each; non-text is ""). */
export function filterValues(filterBy: Record<string, unknown> | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!filterBy) return out;
  for (const key of Object.keys(filterBy)) {
    const value = filterBy[key];
    out.set(key, typeof value === 'string' ? value.replace(/[\r\n\t ]+/g, ' ').trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
  }
  return out;
}

/** Limit and offset as get_filtered computes them. */
export function pageWindow(query: ListQuery): { take: number; skip: number } {
  const take = Math.min(MAX_PER_PAGE, Math.max(MIN_PER_PAGE, Math.trunc(query.perPage ?? DEFAULT_PER_PAGE)));
  const page = Math.max(0, Math.trunc(query.page ?? 0));
  return { take, skip: page * take };
}
