/**
 * A redirect as the REST face and the JSON export show it (the plugin's Red_Item::to_json): source
 * flags with the site's defaults filled in, `title` "" when none, `last_access` in the site's date
 * format or "-" when never hit. Pure, so REST, GraphQL and the exporter share one shape.
 */
import { shownMatchData } from './source-flags';
import type { RedirectRecord, SourceFlags } from './types';

export interface RedirectJson {
  id: number;
  url: string;
  match_url: string;
  match_data: { source: SourceFlags; options?: { log_exclude: true } } | null;
  action_code: number;
  action_type: string;
  action_data: Record<string, unknown> | null;
  match_type: string;
  title: string;
  hits: number;
  regex: boolean;
  group_id: number;
  position: number;
  last_access: string;
  enabled: boolean;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** WordPress's default `date_format` ("F j, Y"), in UTC: "November 22, 2026". */
export function formatWordPressDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export function redirectJson(
  record: RedirectRecord,
  defaults: SourceFlags,
  dateFormatter: (date: Date) => string = formatWordPressDate,
): RedirectJson {
  return {
    id: record.id,
    url: record.url,
    match_url: record.matchUrl,
    match_data: shownMatchData(record, defaults) as RedirectJson['match_data'],
    action_code: record.actionCode,
    action_type: record.actionType,
    action_data: record.actionData,
    match_type: record.matchType,
    title: record.title ?? '',
    hits: record.hits,
    regex: record.regex,
    group_id: record.groupId,
    position: record.position,
    last_access: record.lastAccess && record.lastAccess.getTime() > 0 ? dateFormatter(record.lastAccess) : '-',
    enabled: record.enabled,
  };
}
