/**
 * Log rows as the shared LogRecord (types.ts): request data decoded, and the redirect log's own
 * fields only on its records.
 */
import type { NotFoundLog, RedirectLog } from '../../generated/prisma-sqlite/client';
import type { LogRecord } from './types';

/** The plugin's json_decode of request_data: "" when there is none or it is not a JSON object. */
function decodeRequestData(text: string): LogRecord['requestData'] {
  if (!text) return '';
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : '';
  } catch {
    return '';
  }
}

export function notFoundLogRecord(row: NotFoundLog): LogRecord {
  return {
    id: row.id,
    createdAt: row.createdAt,
    url: row.url,
    domain: row.domain,
    agent: row.agent,
    referrer: row.referrer,
    ip: row.ip,
    httpCode: row.httpCode,
    requestMethod: row.requestMethod,
    requestData: decodeRequestData(row.requestData),
  };
}

export function redirectLogRecord(row: RedirectLog): LogRecord {
  return { ...notFoundLogRecord({ ...row }), sentTo: row.sentTo, redirectId: row.redirectId, redirectBy: row.redirectBy };
}

/** The display name of who redirected (the plugin's get_redirect_name): "WordPress", else each word capitalised. */
export function redirectByName(slug: string): string {
  if (slug === 'wordpress') return 'WordPress';
  return slug.replace(/(^|[ \t\r\n\f\v])(\S)/g, (_m, space: string, letter: string) => space + letter.toUpperCase());
}
