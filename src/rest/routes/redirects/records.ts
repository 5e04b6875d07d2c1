/**
 * The redirects/v1 JSON of the domain's records, field for field and in the plugin's order
 * (Red_Item::to_json, Red_Group::to_json).
 */
import { lastAccessText } from '../../../domain/redirects/last-access';
import { moduleNameOf } from '../../../domain/redirects/records';
import { shownMatchData } from '../../../domain/redirects/source-flags';
import type { RedirectGroupRecord, RedirectRecord, SourceFlags } from '../../../domain/redirects/types';
import type { SiteOptions } from '../../../domain/settings/options';

export function redirectJson(record: RedirectRecord, defaults: SourceFlags, options: SiteOptions): Record<string, unknown> {
  return {
    id: record.id,
    url: record.url,
    match_url: record.matchUrl,
    match_data: shownMatchData(record, defaults),
    action_code: record.actionCode,
    action_type: record.actionType,
    action_data: record.actionData,
    match_type: record.matchType,
    title: record.title ?? '',
    hits: record.hits,
    regex: record.regex,
    group_id: record.groupId,
    position: record.position,
    last_access: lastAccessText(record.lastAccess, options),
    enabled: record.enabled,
  };
}

export function groupJson(group: RedirectGroupRecord, isDefault = false): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: group.id,
    name: group.name,
    redirects: group.redirects,
    module_id: group.moduleId,
    moduleName: moduleNameOf(group.moduleId),
    enabled: group.enabled,
  };
  if (isDefault) json.default = true;
  return json;
}
