/**
 * Log entries on the wire (Red_Log::to_json, Red_Redirect_Log::to_json), field order included:
 * `created` and `created_time` in the site's date and time formats at site time.
 */
import { formatSiteTime } from '../../../domain/content/dates';
import { redirectByName } from '../../../domain/redirects/logs-records';
import type { LogList } from '../../../domain/redirects/logs';
import type { LogRecord } from '../../../domain/redirects/types';
import type { SiteOptions } from '../../../domain/settings/options';
import { formatWallClock } from '../../../site/dates';

export function logJson(record: LogRecord, options: SiteOptions): Record<string, unknown> {
  const wall = formatSiteTime(record.createdAt, options);
  const json: Record<string, unknown> = {
    id: record.id,
    created: formatWallClock(options.date_format, wall),
    created_time: formatWallClock(options.time_format, wall),
    url: record.url,
    agent: record.agent,
    referrer: record.referrer,
    domain: record.domain,
    ip: record.ip,
    http_code: record.httpCode,
    request_method: record.requestMethod,
    request_data: record.requestData,
  };
  if (record.redirectBy !== undefined) {
    json.sent_to = record.sentTo ?? '';
    json.redirection_id = record.redirectId ?? 0;
    json.redirect_by_slug = record.redirectBy;
    json.redirect_by = redirectByName(record.redirectBy);
  }
  return json;
}

/** `{items, total}`; grouped items are `{count, <field>: value, id: value}`. */
export function logListJson(list: LogList, options: SiteOptions): { items: unknown[]; total: number } {
  if (list.grouped) return { items: list.items.map((row) => ({ count: row.count, [list.groupBy]: row.value, id: row.value })), total: list.total };
  return { items: list.items.map((record) => logJson(record, options)), total: list.total };
}
