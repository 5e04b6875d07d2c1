/**
 * `action_data` per match type (the plugin's matches/*.php save and get_data): what a client's
 * object becomes when stored, and the shape every face shows. Targets (`url`, `url_from`,
 * `url_notfrom`, `logged_in`, `logged_out`) are kept only for actions that go somewhere.
 */
import { sanitizeTextField } from '../text';
import { canonicalIpRange } from './ip';
import { phpTruthy } from './php-values';
import { requireRe2 } from './regex-check';
import type { MatchType } from './types';

export type ActionData = Record<string, unknown>;

const isRecordLike = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (object: Record<string, unknown>, key: string): unknown => (Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

/** Red_Match::sanitize_url(): nothing from the first line break or tab on, no control characters. */
export function sanitizeTarget(value: unknown): string {
  return text(value)
    .replace(/[\r\n\t][\s\S]*$/, '')
    .replace(/(?![\s])\p{C}/gu, '');
}

function headerName(value: unknown): string {
  const name = sanitizeTarget(sanitizeTextField(text(value))).replace(/ /g, '').replace(/[^A-Za-z0-9\-_]/g, '');
  return name.replace(/^:+|:+$/g, '').trim();
}

function serverOf(value: unknown, scheme: string): string {
  let server = text(value).trim();
  if (server === '') return '';
  if (!server.includes('http')) server = `${scheme}://${server}`;
  try {
    const url = new URL(server);
    return url.hostname ? `${url.protocol.replace(/:$/, '')}://${url.hostname}` : '';
  } catch {
    return '';
  }
}

function ipList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    const ip = canonicalIpRange(sanitizeTextField(text(item)));
    if (ip !== null && !out.includes(ip)) out.push(ip);
  }
  return out;
}


/** The targets of the from/not-from matches, or none when the action needs no target. */
function fromNotFrom(details: Record<string, unknown>, withTargets: boolean): ActionData {
  return withTargets ? { url_from: sanitizeTarget(own(details, 'url_from')), url_notfrom: sanitizeTarget(own(details, 'url_notfrom')) } : {};
}

/**
 * A client's `action_data` for a match type, as stored (in the order get_data shows it). `withTargets`
 * is false for actions that go nowhere (error, nothing, random). Regular expressions of the agent,
 * referrer, header and cookie matches must compile with RE2.
 */
export function saveActionData(matchType: MatchType, details: unknown, withTargets: boolean, siteScheme: string): ActionData | null {
  const d = isRecordLike(details) ? details : {};
  const regex = phpTruthy(own(d, 'regex'));
  switch (matchType) {
    case 'url': {
      if (!withTargets) return null;
      const url = text(own(d, 'url'));
      return { url: sanitizeTarget(url === '' ? '/' : url) };
    }
    case 'login':
      return withTargets ? { logged_in: sanitizeTarget(own(d, 'logged_in')), logged_out: sanitizeTarget(own(d, 'logged_out')) } : null;
    case 'referrer': {
      const referrer = sanitizeTarget(own(d, 'referrer'));
      if (regex) requireRe2(referrer, 'referrer');
      return { regex, referrer, ...fromNotFrom(d, withTargets) };
    }
    case 'agent': {
      const agent = sanitizeTarget(own(d, 'agent'));
      if (regex) requireRe2(agent, 'user agent');
      return { regex, agent, ...fromNotFrom(d, withTargets) };
    }
    case 'header':
    case 'cookie': {
      const value = sanitizeTarget(sanitizeTextField(text(own(d, 'value'))));
      if (regex) requireRe2(value, `${matchType} value`);
      return { regex, name: headerName(own(d, 'name')), value, ...fromNotFrom(d, withTargets) };
    }
    case 'server':
      return { server: serverOf(own(d, 'server'), siteScheme), ...fromNotFrom(d, withTargets) };
    case 'ip':
      return { ip: ipList(own(d, 'ip')), ...fromNotFrom(d, withTargets) };
    case 'language':
      return { language: sanitizeTextField(text(own(d, 'language'))).replace(/ /g, ''), ...fromNotFrom(d, withTargets) };
    case 'page':
      return withTargets ? { page: '404', url: sanitizeTarget(own(d, 'url')) } : { page: '404' };
  }
}

/** `action_data` as shown (get_data): the match type's fields with their defaults; `null` for a URL match without a target. */
export function shownActionData(matchType: MatchType, stored: ActionData | null): ActionData | null {
  const d = stored ?? {};
  const str = (key: string): string => (typeof own(d, key) === 'string' ? (own(d, key) as string) : '');
  const targets = { url_from: str('url_from'), url_notfrom: str('url_notfrom') };
  switch (matchType) {
    case 'url':
      return str('url') ? { url: str('url') } : null;
    case 'login':
      return { logged_in: str('logged_in'), logged_out: str('logged_out') };
    case 'referrer':
      return { regex: own(d, 'regex') === true, referrer: str('referrer'), ...targets };
    case 'agent':
      return { regex: own(d, 'regex') === true, agent: str('agent'), ...targets };
    case 'header':
    case 'cookie':
      return { regex: own(d, 'regex') === true, name: str('name'), value: str('value'), ...targets };
    case 'server':
      return { server: str('server'), ...targets };
    case 'ip':
      return { ip: Array.isArray(own(d, 'ip')) ? (own(d, 'ip') as unknown[]).filter((ip): ip is string => typeof ip === 'string') : [], ...targets };
    case 'language':
      return { language: str('language'), ...targets };
    case 'page':
      return { page: str('page') || '404', url: str('url') };
  }
}

/** Parses a stored `actionData` column (JSON); anything unreadable counts as none. */
export function parseActionData(value: string | null): ActionData | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (isRecordLike(parsed)) return parsed;
    // An older row may hold a URL match's bare target.
    return typeof parsed === 'string' ? { url: parsed } : null;
  } catch {
    return { url: value };
  }
}
