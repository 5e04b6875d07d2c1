/**
 * A redirect as the REST face and the JSON export show it (the plugin's Red_Item::to_json): source
 * flags with the site's defaults filled in, `title` "" when none, `last_access` in the site's date
 * format or "-" when never hit. Pure, so REST, GraphQL and the exporter share one shape.
 */
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

/** The record's source flags: stored differences over the site's defaults; `flag_regex` is the record's `regex`. */
export function sourceFlagsOf(record: Pick<RedirectRecord, 'matchData' | 'regex'>, defaults: SourceFlags): SourceFlags {
  const stored = record.matchData?.source ?? {};
  return {
    flag_query: stored.flag_query ?? defaults.flag_query,
    flag_case: stored.flag_case ?? defaults.flag_case,
    flag_trailing: stored.flag_trailing ?? defaults.flag_trailing,
    flag_regex: record.regex,
  };
}

export function redirectJson(
  record: RedirectRecord,
  defaults: SourceFlags,
  dateFormatter: (date: Date) => string = formatWordPressDate,
): RedirectJson {
  const matchData: RedirectJson['match_data'] = { source: sourceFlagsOf(record, defaults) };
  // The plugin shows options only when one is set (array_filter of log_exclude).
  if (record.matchData?.options?.log_exclude) matchData.options = { log_exclude: true };
  return {
    id: record.id,
    url: record.url,
    match_url: record.matchUrl,
    match_data: matchData,
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
