/**
 * The redirects/v1 JSON of the domain's records, field for field and in the plugin's order
 * (Red_Item::to_json, Red_Group::to_json).
 */
import { siteDateFormatter } from '../../../domain/redirects/last-access';
import { redirectJson as domainRedirectJson, type RedirectJson } from '../../../domain/redirects/record-json';
import { moduleNameOf } from '../../../domain/redirects/records';
import type { RedirectGroupRecord, RedirectRecord, SourceFlags } from '../../../domain/redirects/types';
import type { SiteOptions } from '../../../domain/settings/options';

/** The plugin's redirect record, in the site's date format (the shape lives in the domain: the JSON export shares it). */
export function redirectJson(record: RedirectRecord, defaults: SourceFlags, options: SiteOptions): RedirectJson {
  return domainRedirectJson(record, defaults, siteDateFormatter(options));
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
