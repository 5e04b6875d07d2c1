/**
 * The one gate every redirect passes before it is stored, whoever writes it (REST, GraphQL, an
 * import, permalink monitoring): the plugin's Red_Item_Sanitize rules, with three deliberate
 * differences — an empty source without an `auto_target` setting is refused (the plugin makes `/`),
 * a regular expression must compile with RE2, and missing match/action types default to `url`.
 */
import { DomainError } from '../errors';
import { sanitizeTextField } from '../text';
import { saveActionData } from './action-data';
import { isActionType, isMatchType } from './records';
import { requireRe2 } from './regex-check';
import { defaultSourceFlags, type RedirectSettings } from './settings';
import { flagsWithoutDefaults, readSourceFlags } from './source-flags';
import type { ActionType, MatchData, MatchType, RedirectInput } from './types';
import { ERROR_CODES, REDIRECT_CODES } from './types';
import { matchUrlOf } from './url/match-url';

/** What the sanitiser needs to know about the site. */
export interface SanitizeEnv {
  settings: RedirectSettings;
  /** The site's host name (an absolute source on another host becomes a `server` match). */
  siteHost: string;
  /** The site's scheme, for `server` values given without one. */
  siteScheme: string;
  now: Date;
  groupExists(id: number): Promise<boolean>;
}

/** A redirect ready for its row. `position` null means "append to the group"; undefined fields are left as they are. */
export interface SanitizedRedirect {
  url: string;
  matchUrl: string;
  matchData: string | null;
  regex: boolean;
  groupId: number;
  position: number | null;
  title: string | null;
  matchType: MatchType;
  actionType: ActionType;
  actionCode: number;
  /** JSON; undefined when the client sent no `action_data` (an update keeps the stored one). */
  actionData: string | null | undefined;
  enabled: boolean | undefined;
  hits: number | undefined;
  lastAccess: Date | null | undefined;
}

export interface SanitizeOptions {
  /** An update that does not change the source: the stored one is kept as it is (not decoded again). */
  storedUrl?: string;
}

const isRecordLike = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (object: object, key: string): unknown => (Object.prototype.hasOwnProperty.call(object, key) ? (object as Record<string, unknown>)[key] : undefined);

/** PHP's intval() for the values clients send (numbers and numeric strings); anything else is 0. */
export function intval(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.max(-2147483648, Math.min(2147483647, Math.trunc(value))) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const m = /^\s*([+-]?\d+)/.exec(value);
    return m ? Math.max(-2147483648, Math.min(2147483647, Number.parseInt(m[1], 10))) : 0;
  }
  return 0;
}

/** clean_array(): every string, at any depth, trimmed; keys that would reach a prototype dropped. */
function trimDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimDeep);
  if (isRecordLike(value)) {
    const out: Record<string, unknown> = Object.create(null);
    for (const [key, inner] of Object.entries(value)) if (key !== '__proto__' && key !== 'constructor' && key !== 'prototype') out[key] = trimDeep(inner);
    return out;
  }
  return value;
}

export function invalidRedirect(message: string): DomainError {
  return new DomainError('redirect', message, 400);
}

/** A valid code for the action (Red_Item_Sanitize::get_code): redirects 301…308, errors 400…504, others 0. */
export function actionCodeFor(actionType: ActionType, code: number): number {
  if (actionType === 'url' || actionType === 'random') return (REDIRECT_CODES as readonly number[]).includes(code) ? code : 301;
  if (actionType === 'error') return (ERROR_CODES as readonly number[]).includes(code) ? code : 404;
  return 0;
}

/** Actions that go to a target (is_url_type): only they keep targets in `action_data`. */
export const isUrlAction = (actionType: ActionType): boolean => actionType === 'url' || actionType === 'pass';

/** A source made from the `auto_target` setting ($dec$ / $hex$: the time in seconds), or "". */
function autoSource(settings: RedirectSettings, now: Date): string {
  if (!settings.auto_target) return '';
  const seconds = Math.floor(now.getTime() / 1000);
  return settings.auto_target.split('$dec$').join(String(seconds)).split('$hex$').join(seconds.toString(16));
}

/** rawurldecode(), or null when the bytes it yields are not UTF-8. */
function percentDecoded(url: string): string | null {
  if (!url.includes('%')) return url;
  const bytes: number[] = [];
  for (let i = 0; i < url.length; i++) {
    const c = url[i];
    if (c === '%' && /^[0-9a-fA-F]{2}$/.test(url.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(url.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/**
 * Red_Item_Sanitize::sanitize_url(): a relative path (an absolute URL loses its scheme and host),
 * nothing from the first line break on, no control characters, a leading slash unless it is a
 * regular expression, percent-encoding decoded when it yields UTF-8. Tags are stripped from plain
 * paths only: a regular expression keeps its `<` (named groups), which the plugin mangles.
 */
export function sanitizeSourceUrl(raw: string, regex: boolean): string {
  let url = regex ? raw : raw.replace(/<\/?[A-Za-z!][^<>]*>/g, '');
  url = url.split('&amp;').join('&');
  url = url.replace(/^https?:\/\/(.*?)\//, '/').replace(/^https?:\/\/(.*?)$/, '/');
  url = url.replace(/[\r\n\t][\s\S]*$/, '').replace(/(?![\s])\p{C}/gu, '');
  if (!regex && !url.startsWith('/')) url = `/${url}`;
  const decoded = percentDecoded(url) ?? url;
  return regex ? decoded.trim() : sanitizeTextField(decoded, true);
}

/** Red_Item_Sanitize::set_server(): an absolute source on another host is its path plus a `server` match. */
function foreignServer(url: string, siteHost: string): { host: string; path: string } | null {
  if (!url.includes('http:') && !url.includes('https:')) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.hostname || parsed.hostname.toLowerCase() === siteHost.toLowerCase()) return null;
  return { host: parsed.hostname, path: parsed.pathname || '/' };
}

function titleOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const clean = sanitizeTextField(String(value));
  const title = Array.from(clean).slice(0, 500).join('').trim();
  return title === '' ? null : title;
}

function lastAccessOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (text === '' || text === '-' || text === '0') return null;
  // MySQL-style times are UTC; a date as the export formats it ("March 4, 2026") is read as UTC too.
  let time = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? Date.parse(text.replace(' ', 'T') + 'Z') : Number.NaN;
  if (Number.isNaN(time) && !/(Z|[+-]\d{2}:?\d{2}|UTC|GMT)$/i.test(text)) time = Date.parse(`${text} UTC`);
  if (Number.isNaN(time)) time = Date.parse(text);
  // The epoch is how the plugin writes "never" (a reset); years past 9999 are no time a hit happened.
  return Number.isNaN(time) || time <= 1000 || time >= Date.UTC(10000, 0, 1) ? null : new Date(time);
}

/** Whether the client asked for a disabled redirect (Red_Item::create: `enabled` false/"disabled" or `status` "disabled"). */
function enabledOf(input: RedirectInput): boolean | undefined {
  const enabled = own(input, 'enabled');
  const status = own(input, 'status');
  if (enabled === undefined && status === undefined) return undefined;
  if (enabled === false || enabled === 'disabled' || enabled === 'false' || enabled === '0' || enabled === 0 || status === 'disabled') return false;
  return true;
}

/** Checks and normalises one redirect. Throws DomainError `redirect` (400) with the plugin's messages. */
export async function sanitizeRedirect(rawInput: RedirectInput, env: SanitizeEnv, options: SanitizeOptions = {}): Promise<SanitizedRedirect> {
  const input = trimDeep(rawInput) as RedirectInput;
  const defaults = defaultSourceFlags(env.settings);

  const givenMatch = own(input, 'match_type');
  const givenAction = own(input, 'action_type');
  let matchType: unknown = givenMatch === undefined || givenMatch === null || givenMatch === '' ? 'url' : givenMatch;
  const actionType: unknown = givenAction === undefined || givenAction === null || givenAction === '' ? 'url' : givenAction;
  let actionDetails = own(input, 'action_data');

  // The source: given, generated from auto_target, or refused.
  let url: string;
  const regexField = intval(own(input, 'regex')) === 1;
  const matchDataIn = own(input, 'match_data');
  const sourceIn = isRecordLike(matchDataIn) ? own(matchDataIn, 'source') : undefined;
  const flags = readSourceFlags(sourceIn, { ...defaults, flag_regex: regexField });
  if (options.storedUrl !== undefined) {
    url = options.storedUrl;
  } else {
    const given = own(input, 'url');
    let raw = typeof given === 'string' ? given : typeof given === 'number' ? String(given) : '';
    if (raw === '') raw = autoSource(env.settings, env.now);
    if (raw === '') throw invalidRedirect('Invalid source URL: a source is required (or set auto_target to generate one)');
    const server = foreignServer(raw, env.siteHost);
    if (server) {
      matchType = 'server';
      const target = isRecordLike(actionDetails) ? own(actionDetails, 'url') : undefined;
      actionDetails = target !== undefined ? { server: server.host, url_from: target } : { server: server.host };
      raw = server.path;
    }
    url = sanitizeSourceUrl(raw, flags.flag_regex);
  }

  if (!isMatchType(matchType)) throw invalidRedirect('Invalid redirect matcher');
  if (!isActionType(actionType)) throw invalidRedirect('Invalid redirect action');
  if (url === '') throw invalidRedirect('Invalid source URL');
  if (flags.flag_regex) requireRe2(url, 'source');

  const groupId = intval(own(input, 'group_id'));
  if (groupId <= 0 || !(await env.groupExists(groupId))) throw invalidRedirect('Invalid group when creating redirect');

  const stored: MatchData = {};
  const source = flagsWithoutDefaults(flags, defaults);
  if (Object.keys(source).length) stored.source = source;
  const optionsIn = isRecordLike(matchDataIn) ? own(matchDataIn, 'options') : undefined;
  if (isRecordLike(optionsIn) && own(optionsIn, 'log_exclude') === true) stored.options = { log_exclude: true };

  const positionIn = own(input, 'position');
  const actionCode = actionCodeFor(actionType, intval(own(input, 'action_code')));
  const actionData = actionDetails === undefined || actionDetails === null || typeof actionDetails !== 'object'
    ? undefined
    : saveActionData(matchType, actionDetails, isUrlAction(actionType), env.siteScheme);
  const hitsIn = own(input, 'hits');
  const lastAccessIn = own(input, 'last_access');

  return {
    url,
    matchUrl: flags.flag_regex ? 'regex' : matchUrlOf(url, flags),
    matchData: Object.keys(stored).length ? JSON.stringify(stored) : null,
    regex: flags.flag_regex,
    groupId,
    position: positionIn === undefined || positionIn === null || positionIn === 0 ? null : Math.max(0, intval(positionIn)),
    title: titleOf(own(input, 'title')),
    matchType,
    actionType,
    actionCode,
    actionData: actionData === undefined ? undefined : actionData === null ? null : JSON.stringify(actionData),
    enabled: enabledOf(input),
    hits: hitsIn === undefined || hitsIn === null ? undefined : Math.max(0, intval(hitsIn)),
    lastAccess: lastAccessIn === undefined || lastAccessIn === null ? undefined : lastAccessOf(lastAccessIn),
  };
}
