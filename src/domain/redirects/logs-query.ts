/**
 * The logs' list parameters (Red_Log::get_query and get_query_filter) as SQL over the RedirectLog
 * and NotFoundLog tables: the filters each log accepts, the orders, the page window and the
 * grouped columns. One builder serves listing and deleting, so `global` deletes exactly what the
 * same filters list.
 */
import { Prisma } from '../../generated/prisma-sqlite/client';
import { filterByError } from './list-query';
import type { Provider } from '../../config';
import { canonicalIp } from './ip';
import { phpIntval, scalarText } from './php-values';

export type LogKind = 'redirect' | '404';

/** The `filterBy` keys each log accepts (api-log.php, api-404.php). */
export const LOG_FILTERS: Readonly<Record<LogKind, readonly string[]>> = {
  redirect: ['ip', 'url-exact', 'referrer', 'agent', 'url', 'target', 'domain', 'method', 'http', 'redirect_by'],
  '404': ['ip', 'url-exact', 'referrer', 'agent', 'url', 'domain', 'method', 'http'],
};

/** The `orderby` values the routes accept; only `url` and `ip` change the order (else newest first). */
export const LOG_ORDERS = ['url', 'ip', 'total', 'count', ''] as const;

/** The `groupBy` values each log accepts; the 404 log's `url-exact` groups by url. */
export const LOG_GROUP_BY: Readonly<Record<LogKind, readonly string[]>> = {
  redirect: ['ip', 'url', 'agent'],
  '404': ['ip', 'url', 'agent', 'url-exact'],
};

export type LogGroupColumn = 'ip' | 'url' | 'agent';

/** The plugin's supported request methods: a `method` filter naming another is ignored. */
export const LOG_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'] as const;

export const LOG_TABLES: Readonly<Record<LogKind, Prisma.Sql>> = {
  redirect: Prisma.sql`"RedirectLog"`,
  '404': Prisma.sql`"NotFoundLog"`,
};

/** Filters by key, as a client sends them (`filterBy[url]=...`). */
export type LogFilter = Readonly<Record<string, unknown>>;

/**
 * The plugin's validate_filter: null when `value` is an object whose keys this log accepts, else
 * the message WordPress reports under `rest_invalid_param`.
 */
export function logFilterProblem(kind: LogKind, value: unknown): string | null {
  return filterByError(value, LOG_FILTERS[kind]);
}

/** The column a `groupBy` value groups by for this log, or null when it does not group. */
export function logGroupColumn(kind: LogKind, groupBy: unknown): LogGroupColumn | null {
  if (typeof groupBy !== 'string' || !LOG_GROUP_BY[kind].includes(groupBy)) return null;
  return groupBy === 'url-exact' ? 'url' : (groupBy as LogGroupColumn);
}

const LIKE_ESCAPE = Prisma.raw(`ESCAPE '\\'`);

/** `%text%` with LIKE's own characters taken literally (esc_like). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A filter's value as text, or null when it holds none (an array or an object is ignored, never an error). */
function filterText(filter: LogFilter, key: string): string | null {
  if (!Object.prototype.hasOwnProperty.call(filter, key)) return null;
  return scalarText(filter[key]);
}

/**
 * The WHERE clause of a filter (`1=1` when nothing filters). Substring filters ignore case, as the
 * plugin's MySQL collation does: LIKE on SQLite (ASCII), ILIKE on PostgreSQL.
 */
export function logWhere(kind: LogKind, filter: LogFilter | undefined, provider: Provider): Prisma.Sql {
  if (!filter) return Prisma.sql`1=1`;
  const like = Prisma.raw(provider === 'postgresql' ? 'ILIKE' : 'LIKE');
  const parts: Prisma.Sql[] = [];
  const contains = (column: string, text: string) => parts.push(Prisma.sql`${Prisma.raw(`"${column}"`)} ${like} ${containsPattern(text.trim())} ${LIKE_ESCAPE}`);

  const ip = filterText(filter, 'ip');
  if (ip !== null) {
    const exact = canonicalIp(ip.trim());
    if (exact !== null && !ip.includes(',')) parts.push(Prisma.sql`"ip" = ${exact}`);
    else contains('ip', ip);
  }
  const domain = filterText(filter, 'domain');
  if (domain !== null) contains('domain', domain);
  const exactUrl = filterText(filter, 'url-exact');
  const url = filterText(filter, 'url');
  if (exactUrl !== null) parts.push(Prisma.sql`"url" = ${exactUrl}`);
  else if (url !== null) contains('url', url);
  const referrer = filterText(filter, 'referrer');
  if (referrer !== null) contains('referrer', referrer);
  const agent = filterText(filter, 'agent');
  if (agent !== null) contains('agent', agent);
  if (Object.prototype.hasOwnProperty.call(filter, 'http') && filter.http !== null && filter.http !== undefined) {
    const code = phpIntval(filter.http);
    // The column holds 32-bit integers: a code beyond them matches nothing (and is never sent to the database).
    parts.push(code >= -2147483648 && code <= 2147483647 ? Prisma.sql`"httpCode" = ${code}` : Prisma.sql`1=0`);
  }
  const method = filterText(filter, 'method')?.toUpperCase();
  if (method !== undefined && (LOG_METHODS as readonly string[]).includes(method)) parts.push(Prisma.sql`"requestMethod" = ${method}`);
  if (kind === 'redirect') {
    const target = filterText(filter, 'target');
    if (target !== null) contains('sentTo', target);
    const by = filterText(filter, 'redirect_by');
    if (by !== null) parts.push(Prisma.sql`"redirectBy" = ${by}`);
  }
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`1=1`;
}

/** Text columns sort byte by byte on both engines (PostgreSQL's default collation would not). */
export function orderColumn(column: string, provider: Provider): Prisma.Sql {
  return Prisma.raw(provider === 'postgresql' ? `"${column}" COLLATE "C"` : `"${column}"`);
}
