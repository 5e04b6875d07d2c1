/**
 * The plugin's JSON (Red_Json_File): `{plugin: {version, date}, groups, redirects}`, pretty-printed
 * the PHP way (four spaces, slashes unescaped, non-ASCII as \u escapes). It carries every field.
 */
import type { RedirectGroupRecord, RedirectInput, RedirectRecord, SourceFlags } from '../types';
import { MODULES } from '../types';
import { redirectJson } from '../record-json';
import { PLUGIN_VERSION, rfc2822 } from './encoding';
import type { ParsedLines } from './parsed';

export interface ParsedGroup {
  id: number;
  name: string;
  moduleId: number;
  enabled: boolean;
}

/** A group as the plugin's export lists it (Red_Group::to_json). */
export function groupExportJson(group: RedirectGroupRecord): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    redirects: group.redirects,
    module_id: group.moduleId,
    moduleName: (MODULES as Record<number, string>)[group.moduleId] ?? '',
    enabled: group.enabled,
  };
}

/** JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES: JSON.stringify's layout with non-ASCII escaped as PHP does. */
function phpJson(value: unknown): string {
  return JSON.stringify(value, null, 4).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function exportJson(
  groups: RedirectGroupRecord[],
  redirects: RedirectRecord[],
  defaults: SourceFlags,
  now: Date,
  dateFormatter?: (date: Date) => string,
): string {
  return `${phpJson({
    plugin: { version: PLUGIN_VERSION, date: rfc2822(now) },
    groups: groups.map(groupExportJson),
    redirects: redirects.map((r) => redirectJson(r, defaults, dateFormatter)),
  })}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** The input fields a JSON redirect may carry (its `id` and the derived `match_url` are dropped). */
const FIELDS = ['url', 'match_data', 'action_code', 'action_type', 'action_data', 'match_type', 'title', 'hits', 'regex', 'group_id', 'position', 'last_access', 'enabled', 'status'] as const;

function redirectInputOf(entry: Record<string, unknown>): RedirectInput {
  const input: RedirectInput = {};
  for (const field of FIELDS) if (has(entry, field)) input[field] = entry[field];
  // Older exports kept a url match's target as a bare string.
  if (input.match_type === 'url' && typeof input.action_data === 'string') input.action_data = { url: input.action_data };
  return input;
}

export function parseJson(text: string): ParsedLines & { groups: ParsedGroup[] } {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    // The plugin imports nothing from a file it cannot decode.
    return { groups: [], redirects: [], skipped: 1 };
  }
  if (!isObject(json)) return { groups: [], redirects: [], skipped: 1 };
  let skipped = 0;
  const groups: ParsedGroup[] = [];
  for (const g of Array.isArray(json.groups) ? json.groups : []) {
    const id = isObject(g) ? Number(g.id) : NaN;
    if (!isObject(g) || !Number.isInteger(id) || typeof g.name !== 'string') { skipped++; continue; }
    groups.push({ id, name: g.name, moduleId: Number(g.module_id ?? 1), enabled: Boolean(g.enabled) });
  }
  const redirects: RedirectInput[] = [];
  for (const r of Array.isArray(json.redirects) ? json.redirects : []) {
    if (isObject(r)) redirects.push(redirectInputOf(r));
    else skipped++;
  }
  return { groups, redirects, skipped };
}
