/**
 * The redirects settings for both faces: the settings view (api-settings.php route_settings) and
 * their update, validated key by key as the plugin's red_set_options does. Unknown keys are
 * ignored; a value of the wrong type leaves its setting alone; numbers are clamped to the
 * plugin's ranges. The row is written in one transaction with the groups it was checked against.
 *
 * Exported API (stable): redirectSettingsView(ctx), updateRedirectSettings(ctx, input),
 * applyRedirectSettings(current, input, facts) (the pure merge), MONITOR_POST_TYPES, IP_HEADERS.
 */
import { randomBytes } from 'node:crypto';
import type { DomainContext } from '../context';
import { sanitizeTextField } from '../text';
import { canonicalIp } from './ip';
import { canRedirects } from './permissions';
import { phpArrayValues, phpIntval, phpTruthy } from './php-values';
import { forbidden } from '../errors';
import { mergeRedirectSettings, readRedirectSettings, REDIRECT_SETTINGS_OPTION, type RedirectSettings } from './settings';
import { MODULES, QUERY_FLAGS, type QueryFlag } from './types';

/** The post types permalink monitoring may watch (red_get_post_types: public types but media, plus trashing), with their labels. */
export const MONITOR_POST_TYPES: ReadonlyArray<readonly [name: string, label: string]> = [
  ['post', 'Posts'],
  ['page', 'Pages'],
  ['tribe_events', 'Events'],
  ['trash', 'Trash'],
];

/** Request headers an `ip_headers` setting may name (Redirection_Request::get_ip_headers). */
export const IP_HEADERS = [
  'HTTP_CF_CONNECTING_IP', 'HTTP_CLIENT_IP', 'HTTP_X_FORWARDED_FOR', 'HTTP_X_FORWARDED', 'HTTP_X_CLUSTER_CLIENT_IP',
  'HTTP_FORWARDED_FOR', 'HTTP_FORWARDED', 'HTTP_VIA', 'REMOTE_ADDR',
] as const;

/** The plugin's version, whose major.minor an `update_notice` records. */
export const PLUGIN_VERSION = '5.4.2';

const REDIRECT_CACHE_VALUES = [-1, 0, 1, 24, 24 * 7];
const REST_API_VALUES = [0, 1, 3];

export interface GroupOption {
  label: string;
  value: number;
}

/** The GET /setting answer. */
export interface RedirectSettingsView {
  settings: RedirectSettings;
  /** Groups by module name, for select boxes. */
  groups: Array<{ label: string; value: GroupOption[] }>;
  /** Where the site is installed (the plugin's home path). */
  installed: string;
  canDelete: boolean;
  post_types: Record<string, string>;
}

/** Facts about the site an update is checked against. */
export interface SettingsFacts {
  /** Ids of the existing groups, in id order. */
  groupIds: readonly number[];
  /** Epoch seconds (`cache_key: true`). */
  now: number;
  /** A fresh random token. */
  token: () => string;
}

function assertCanManage(ctx: DomainContext): void {
  // The plugin's settings route: option_manage or site_manage.
  if (!canRedirects(ctx.viewer, 'option_manage') && !canRedirects(ctx.viewer, 'site_manage')) {
    throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
  }
}

/** The settings with the groups, install location and post types the settings screen needs. */
export async function redirectSettingsView(ctx: DomainContext): Promise<RedirectSettingsView> {
  assertCanManage(ctx);
  return viewOf(ctx, await readRedirectSettings(ctx.db));
}

async function viewOf(ctx: DomainContext, settings: RedirectSettings): Promise<RedirectSettingsView> {
  const groups = await ctx.db.read.redirectGroup.findMany({ orderBy: { id: 'asc' } });
  const byModule = new Map<string, GroupOption[]>();
  for (const group of groups) {
    const name = (MODULES as Record<number, string>)[group.moduleId];
    if (!name) continue;
    const list = byModule.get(name) ?? [];
    list.push({ label: group.name, value: group.id });
    byModule.set(name, list);
  }
  return {
    settings,
    groups: [...byModule].map(([label, value]) => ({ label, value })),
    installed: ctx.config.siteUrl.replace(/\/?$/, '/'),
    canDelete: true,
    post_types: Object.fromEntries(MONITOR_POST_TYPES.map(([name, label]) => [name, label])),
  };
}

/** Merges a client's settings into the stored ones and answers the settings view. */
export async function updateRedirectSettings(ctx: DomainContext, input: Record<string, unknown>): Promise<RedirectSettingsView> {
  assertCanManage(ctx);
  const saved = await ctx.db.prisma.$transaction(async (tx) => {
    const [row, groups] = await Promise.all([
      tx.option.findUnique({ where: { name: REDIRECT_SETTINGS_OPTION } }),
      tx.redirectGroup.findMany({ select: { id: true }, orderBy: { id: 'asc' } }),
    ]);
    const settings = applyRedirectSettings(mergeRedirectSettings(row?.value), input, {
      groupIds: groups.map((group) => group.id),
      now: Math.floor(Date.now() / 1000),
      token: newToken,
    });
    const value = JSON.stringify(settings);
    await tx.option.upsert({ where: { name: REDIRECT_SETTINGS_OPTION }, create: { name: REDIRECT_SETTINGS_OPTION, value }, update: { value } });
    return settings;
  });
  return viewOf(ctx, saved);
}

/** A random token of the plugin's form (32 hex digits). */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

const has = (input: Record<string, unknown>, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(input, key) && input[key] !== null && input[key] !== undefined;

/**
 * red_set_options as a pure function: the settings after `input` is applied to `current`. Every
 * rule is the plugin's, key by key; see the README for where we differ (source flags not given keep
 * their values; `location` and `database_stage` are not settable).
 */
export function applyRedirectSettings(current: RedirectSettings, input: Record<string, unknown>, facts: SettingsFacts): RedirectSettings {
  const next: RedirectSettings = { ...current };
  const text = (key: string): string | null => (typeof input[key] === 'string' ? (input[key] as string) : null);
  const groupExists = (id: number) => facts.groupIds.includes(id);

  if (has(input, 'database')) next.database = sanitizeTextField(input.database);

  const proxies = has(input, 'ip_proxy') ? phpArrayValues(input.ip_proxy) : null;
  if (proxies) next.ip_proxy = proxies.map((ip) => (typeof ip === 'string' ? canonicalIp(sanitizeTextField(ip)) : null)).filter((ip): ip is string => Boolean(ip));

  const headers = has(input, 'ip_headers') ? phpArrayValues(input.ip_headers) : null;
  if (headers) next.ip_headers = headers.filter((h): h is string => typeof h === 'string' && (IP_HEADERS as readonly string[]).includes(h));

  if (has(input, 'rest_api')) {
    const mode = phpIntval(input.rest_api);
    // Modes 2 and 4 are accepted by the plugin and read back as 0.
    if ([0, 1, 2, 3, 4].includes(mode)) next.rest_api = REST_API_VALUES.includes(mode) ? mode : 0;
  }

  let monitorTypes: string[] | null = null;
  const types = has(input, 'monitor_types') ? phpArrayValues(input.monitor_types) : null;
  if (types) {
    const allowed = MONITOR_POST_TYPES.map(([name]) => name);
    monitorTypes = types.filter((t): t is string => typeof t === 'string' && allowed.includes(t));
    next.monitor_types = monitorTypes;
  }

  const associated = text('associated_redirect');
  if (associated !== null) next.associated_redirect = associated.length > 0 ? relativeUrl(associated) : '';

  if (has(input, 'monitor_types') && (monitorTypes === null || monitorTypes.length === 0)) {
    next.monitor_post = 0;
    next.associated_redirect = '';
  } else if (has(input, 'monitor_post')) {
    next.monitor_post = Math.max(0, phpIntval(input.monitor_post));
    if (next.monitor_post !== 0 && !groupExists(next.monitor_post) && facts.groupIds.length) next.monitor_post = facts.groupIds[0];
  }

  const autoTarget = text('auto_target');
  if (autoTarget !== null) next.auto_target = sanitizeTextField(autoTarget);

  if (has(input, 'last_group_id')) {
    next.last_group_id = Math.max(0, phpIntval(input.last_group_id));
    if (!groupExists(next.last_group_id)) next.last_group_id = facts.groupIds[0] ?? 0;
  }

  const token = text('token');
  if (token !== null) next.token = sanitizeTextField(token);
  // A token is made once: whenever the settings are saved without one.
  if (next.token.trim() === '') next.token = facts.token();

  for (const key of ['support', 'https', 'newsletter', 'log_external', 'log_header', 'track_hits'] as const) {
    if (has(input, key)) next[key] = phpTruthy(input[key]);
  }

  if (has(input, 'expire_redirect')) next.expire_redirect = clamp(phpIntval(input.expire_redirect), -1, 60);
  if (has(input, 'expire_404')) next.expire_404 = clamp(phpIntval(input.expire_404), -1, 60);
  if (has(input, 'ip_logging')) next.ip_logging = clamp(phpIntval(input.ip_logging), 0, 2) as RedirectSettings['ip_logging'];
  if (has(input, 'redirect_cache')) {
    const hours = phpIntval(input.redirect_cache);
    next.redirect_cache = REDIRECT_CACHE_VALUES.includes(hours) ? hours : 1;
  }

  if (next.monitor_post !== 0 && next.monitor_types.length === 0) {
    next.monitor_post = 0;
    next.associated_redirect = '';
  }

  if (input.plugin_update === 'prompt' || input.plugin_update === 'admin') next.plugin_update = input.plugin_update;

  applySourceFlags(next, input);

  if (has(input, 'headers')) next.headers = siteHeaders(input.headers);

  const aliases = has(input, 'aliases') ? phpArrayValues(input.aliases) : null;
  if (aliases) next.aliases = aliases.map((a) => hostOf(sanitizeTextField(a))).filter(Boolean).slice(0, 20);

  const permalinks = has(input, 'permalinks') ? phpArrayValues(input.permalinks) : null;
  if (permalinks) next.permalinks = permalinks.map((p) => sanitizeTextField(p).trim()).filter(Boolean).slice(0, 10);

  if (input.preferred_domain === '' || input.preferred_domain === 'www' || input.preferred_domain === 'nowww') next.preferred_domain = input.preferred_domain;

  const relocate = text('relocate');
  if (relocate !== null) {
    next.relocate = domainAndPath(sanitizeTextField(relocate));
    if (next.relocate.length > 0) {
      next.preferred_domain = '';
      next.aliases = [];
      next.https = false;
    }
  }

  if (has(input, 'cache_key')) next.cache_key = input.cache_key === true ? facts.now : input.cache_key === false ? 0 : phpIntval(input.cache_key);

  if (has(input, 'update_notice')) next.update_notice = PLUGIN_VERSION.split('-')[0].split('.').slice(0, 2).join('.');

  return next;
}

const clamp = (n: number, min: number, max: number): number => Math.max(min, Math.min(n, max));

/**
 * Red_Source_Flags::set_flags over the current flags: a known query mode, booleans only for the
 * others, and a regular expression forces exact query matching.
 */
function applySourceFlags(next: RedirectSettings, input: Record<string, unknown>): void {
  if (typeof input.flag_query === 'string' && (QUERY_FLAGS as readonly string[]).includes(input.flag_query)) next.flag_query = input.flag_query as QueryFlag;
  if (typeof input.flag_case === 'boolean') next.flag_case = input.flag_case;
  if (typeof input.flag_trailing === 'boolean') next.flag_trailing = input.flag_trailing;
  if (typeof input.flag_regex === 'boolean') {
    next.flag_regex = input.flag_regex;
    if (input.flag_regex) next.flag_query = 'exact';
  }
}

/** Header and value text without line breaks (and what follows them) or control characters. */
function headerText(value: unknown): string {
  return sanitizeTextField(value).replace(/[\r\n\t][\s\S]*$/, '').replace(/\p{Cc}/gu, '');
}

function dashCase(name: string): string {
  return name
    .replace(/[^A-Za-z0-9]/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .replace(/(^|\s)([a-z])/g, (_m, space: string, letter: string) => space + letter.toUpperCase())
    .replace(/ /g, '-');
}

/** Red_Http_Headers: each header needs a name and a type; names are Dash-Cased; location is site or redirect. */
function siteHeaders(value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : null;
  if (!list) return [];
  const out: unknown[] = [];
  for (const header of list) {
    if (header === null || typeof header !== 'object' || Array.isArray(header)) continue;
    const h = header as Record<string, unknown>;
    const name = headerText(h.headerName);
    const type = headerText(h.type);
    if (!name || !type) continue;
    const settings: Record<string, string> = Object.create(null);
    if (h.headerSettings !== null && typeof h.headerSettings === 'object' && !Array.isArray(h.headerSettings)) {
      for (const [key, raw] of Object.entries(h.headerSettings as Record<string, unknown>)) {
        const inner = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>).value : raw;
        settings[headerText(key)] = headerText(inner);
      }
    }
    out.push({
      type: dashCase(type),
      headerName: dashCase(name),
      headerValue: headerText(h.headerValue),
      location: h.location === 'redirect' ? 'redirect' : 'site',
      headerSettings: { ...settings },
    });
  }
  return out;
}

/** A URL as the plugin's red_parse_url reads it (a scheme added when missing), or null. */
function parseLoose(text: string): URL | null {
  const clean = text.replace(/[^A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]/g, '');
  const withScheme = /^https?:/i.test(clean) ? clean : `http://${clean}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

function hostOf(text: string): string {
  return parseLoose(text)?.hostname ?? '';
}

function domainAndPath(text: string): string {
  if (!text) return '';
  const url = parseLoose(text);
  if (!url || !url.hostname) return '';
  return `${url.protocol}//${url.hostname}${url.pathname === '/' && !/^(https?:\/\/)?[^/]+\/$/i.test(text) ? '' : url.pathname}`;
}

/** The plugin's sanitize_url for a source: tags stripped, made relative to the site, one line, a leading slash. */
function relativeUrl(url: string): string {
  let out = url.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');
  out = out.replace(/^https?:\/\/(.*?)\//i, '/').replace(/^https?:\/\/(.*?)$/i, '/');
  out = out.replace(/[\r\n\t][\s\S]*$/, '').replace(/\p{Cc}/gu, '');
  if (!out.startsWith('/')) out = `/${out}`;
  return out.trim();
}
