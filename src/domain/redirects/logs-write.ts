/**
 * Writing log entries, in batches (one INSERT per batch): the matcher collects hits and misses off
 * the request's path and hands them here. Values are cleaned as the plugin's Red_Log::sanitize_create
 * does: the url percent-decoded and reduced to text, every field cut to its column's length, the
 * method upper-cased (an unknown method is stored as ""), request data stored as JSON.
 *
 * The caller decides whether to log at all (settings `expire_redirect` / `expire_404` of -1 mean no
 * logging; `log_external`, `track_hits`, a redirect's `log_exclude`) and what the ip is
 * (`loggedIp(ip, settings.ip_logging)` in ip.ts).
 */
import type { Database } from '../../db/client';
import { sanitizeTextField } from '../text';
import { canonicalIp } from './ip';
import { LOG_METHODS } from './logs-query';

const MAX_URL = 2000;
const MAX_DOMAIN = 255;
const MAX_IP = 45;
const MAX_AGENT = 255;
const MAX_REFERRER = 255;
const MAX_REDIRECT_BY = 50;

/** One site request that ended in 404. */
export interface NotFoundLogEntry {
  /** When the request came (default: now). */
  createdAt?: Date;
  /** The requested path and query, as sent (percent-encoded). */
  url: string;
  /** Scheme and host of the request, e.g. `https://example.com`. */
  domain: string;
  /** Already reduced per `ip_logging` ("" for none). */
  ip: string;
  agent?: string;
  referrer?: string;
  /** Default 404 for the 404 log. */
  httpCode?: number;
  requestMethod?: string;
  /** Request headers (when `log_header` is on), stored as JSON. */
  requestData?: Record<string, unknown>;
}

/** One redirected request. */
export interface RedirectLogEntry extends NotFoundLogEntry {
  /** Where the client was sent. */
  sentTo?: string;
  /** The redirect that matched (0 for redirects made by the site itself). */
  redirectId?: number;
  /** Who redirected: "redirection" (default) for a rule, "wordpress" for the site's own canonical redirects. */
  redirectBy?: string;
}

/** substr on characters: our columns count characters, not bytes. */
const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

function decodedUrl(url: string): string {
  try {
    return decodeURIComponent(url.replace(/\+/g, ' '));
  } catch {
    return url;
  }
}

function method(value: string | undefined): string {
  if (!value) return 'GET';
  const upper = sanitizeTextField(value).toUpperCase();
  return (LOG_METHODS as readonly string[]).includes(upper) ? upper : '';
}

function common(entry: NotFoundLogEntry, defaultCode: number) {
  return {
    ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
    url: cut(sanitizeTextField(decodedUrl(entry.url)), MAX_URL),
    domain: cut(sanitizeTextField(entry.domain), MAX_DOMAIN),
    // Stored in canonical form, as the plugin's Redirection_IP gives it, so filters and groups agree.
    ip: cut(canonicalIp(entry.ip) ?? sanitizeTextField(entry.ip), MAX_IP),
    agent: entry.agent ? cut(sanitizeTextField(entry.agent), MAX_AGENT) : '',
    referrer: entry.referrer ? cut(sanitizeTextField(entry.referrer), MAX_REFERRER) : '',
    httpCode: Number.isInteger(entry.httpCode) ? (entry.httpCode as number) : defaultCode,
    requestMethod: method(entry.requestMethod),
    requestData: entry.requestData && Object.keys(entry.requestData).length ? JSON.stringify(entry.requestData) : '',
  };
}

/** Appends entries to the redirect log in one statement; answers how many were written. */
export async function appendRedirectLogs(db: Database, entries: readonly RedirectLogEntry[]): Promise<number> {
  if (!entries.length) return 0;
  const data = entries.map((entry) => ({
    ...common(entry, 0),
    sentTo: entry.sentTo ?? '',
    redirectId: Number.isInteger(entry.redirectId) ? (entry.redirectId as number) : 0,
    redirectBy: cut((entry.redirectBy ?? 'redirection').toLowerCase(), MAX_REDIRECT_BY),
  }));
  return (await db.prisma.redirectLog.createMany({ data })).count;
}

/** Appends entries to the 404 log in one statement; answers how many were written. */
export async function appendNotFoundLogs(db: Database, entries: readonly NotFoundLogEntry[]): Promise<number> {
  if (!entries.length) return 0;
  return (await db.prisma.notFoundLog.createMany({ data: entries.map((entry) => common(entry, 404)) })).count;
}
