/**
 * The match types beyond the URL (the plugin's matches/*.php): what each tests of the request and
 * which target it chooses. `referrer`, `agent`, `header`, `cookie`, `ip`, `server` and `language`
 * choose `url_from` when the condition holds and `url_notfrom` when it does not; `login` chooses
 * `logged_in` / `logged_out`; `url` has one target; `page` (the 404 page type) holds only when the
 * site answers 404. Regular expressions in conditions ignore case, as the plugin's do.
 */
import type { MatchType } from '../types';
import { IpSet } from '../ip';
import { compileRegex, type CompiledRegex } from './regex';
import type { RedirectRequest } from './request';

export interface Condition {
  type: MatchType;
  /** Whether the condition holds for the request (`page`: whether the site answers 404). */
  holds(request: RedirectRequest, notFound: boolean): boolean | Promise<boolean>;
  /** The target for the outcome, or false when that outcome has none. */
  target(holds: boolean): string | false;
}

type Data = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** `action_data` as stored (JSON), or the plugin's plain target text for the `url` type. */
export function actionDataOf(raw: string | null): Data {
  if (raw === null || raw === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Data;
    return typeof parsed === 'string' ? { url: parsed } : {};
  } catch {
    return { url: raw };
  }
}

function fromNotFrom(data: Data): (holds: boolean) => string | false {
  const from = text(data.url_from);
  const notFrom = text(data.url_notfrom);
  return (holds) => (holds ? (from !== '' ? from : false) : notFrom !== '' ? notFrom : false);
}

/** A text compared exactly, or as a case-insensitive regular expression when `regex` is set. */
function textTest(data: Data, field: string): ((value: string | undefined) => boolean) | Error {
  const expected = text(data[field]);
  if (data.regex === true || data.regex === 1 || data.regex === '1') {
    const compiled: CompiledRegex | Error = compileRegex(expected, true);
    if (compiled instanceof Error) return compiled;
    return (value) => compiled.test(value ?? '');
  }
  return (value) => value !== undefined && value === expected;
}

/** The condition of a match type with its data; an Error when it cannot run (a refused expression, an unknown type). */
export function conditionOf(type: MatchType, data: Data): Condition | Error {
  switch (type) {
    case 'url': {
      const url = text(data.url);
      return { type, holds: () => true, target: () => (url !== '' ? url : false) };
    }
    case 'page': {
      const url = text(data.url);
      return { type, holds: (_request, notFound) => notFound, target: (holds) => (holds && url !== '' ? url : false) };
    }
    case 'login': {
      const loggedIn = text(data.logged_in);
      const loggedOut = text(data.logged_out);
      return { type, holds: (request) => request.loggedIn(), target: (holds) => (holds ? (loggedIn !== '' ? loggedIn : false) : loggedOut !== '' ? loggedOut : false) };
    }
    case 'referrer': {
      const test = textTest(data, 'referrer');
      return test instanceof Error ? test : { type, holds: (request) => test(request.referrer), target: fromNotFrom(data) };
    }
    case 'agent': {
      const test = textTest(data, 'agent');
      return test instanceof Error ? test : { type, holds: (request) => test(request.agent), target: fromNotFrom(data) };
    }
    case 'header': {
      const name = text(data.name);
      const test = textTest(data, 'value');
      return test instanceof Error ? test : { type, holds: (request) => test(request.header(name)), target: fromNotFrom(data) };
    }
    case 'cookie': {
      const name = text(data.name);
      const test = textTest(data, 'value');
      return test instanceof Error ? test : { type, holds: (request) => test(request.cookie(name)), target: fromNotFrom(data) };
    }
    case 'ip': {
      const set = new IpSet(Array.isArray(data.ip) ? data.ip : []);
      return { type, holds: (request) => set.has(request.ip), target: fromNotFrom(data) };
    }
    case 'server': {
      const host = hostOf(text(data.server));
      return { type, holds: (request) => host !== '' && host === request.host.toLowerCase(), target: fromNotFrom(data) };
    }
    case 'language': {
      const wanted = text(data.language)
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      return { type, holds: (request) => wanted.some((tag) => request.languages.includes(tag)), target: fromNotFrom(data) };
    }
    default:
      return new Error(`unknown match type ${String(type)}`);
  }
}

/** The host of `https://example.com` (or of a bare `example.com`), lowercased. */
function hostOf(server: string): string {
  if (server === '') return '';
  try {
    return new URL(/^https?:\/\//i.test(server) ? server : `http://${server}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}
