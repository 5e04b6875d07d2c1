/**
 * The redirects resource's records (the Redirection plugin's model, under a neutral namespace):
 * shared by the domain functions, the matching engine, import/export and both faces.
 */

/** How a source's query string is matched: exactly (any order), exactly in order, ignored, or ignored and passed to the target. */
export type QueryFlag = 'exact' | 'exactorder' | 'ignore' | 'pass';
export const QUERY_FLAGS: readonly QueryFlag[] = ['exact', 'ignore', 'pass', 'exactorder'];

/** The plugin's source flags (Red_Source_Flags), with every value filled in. */
export interface SourceFlags {
  flag_query: QueryFlag;
  /** Ignore case. */
  flag_case: boolean;
  /** Ignore a trailing slash. */
  flag_trailing: boolean;
  flag_regex: boolean;
}

/** `match_data` as stored: only source flags that differ from the site's defaults, and options. */
export interface MatchData {
  source?: Partial<SourceFlags>;
  options?: { log_exclude?: boolean };
}

export const MATCH_TYPES = ['url', 'referrer', 'agent', 'header', 'cookie', 'ip', 'server', 'language', 'login', 'page'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const ACTION_TYPES = ['url', 'error', 'nothing', 'random', 'pass'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Codes of redirecting actions (url, random), the first being the fallback. */
export const REDIRECT_CODES = [301, 302, 303, 304, 307, 308] as const;
/** Codes of the error action, 404 being the fallback. */
export const ERROR_CODES = [400, 401, 403, 404, 410, 418, 451, 500, 501, 502, 503, 504] as const;

/** Group modules: where a group's redirects act. */
export const MODULES = { 1: 'WordPress', 2: 'Apache', 3: 'Nginx' } as const;
export type ModuleId = 0 | 1 | 2 | 3;
/** The module whose redirects the site itself answers. */
export const SITE_MODULE = 1;

export interface RedirectRecord {
  id: number;
  /** The source as entered. */
  url: string;
  /** The normalised source used for lookup; `regex` for regular expressions. */
  matchUrl: string;
  matchData: MatchData | null;
  regex: boolean;
  groupId: number;
  position: number;
  title: string | null;
  enabled: boolean;
  matchType: MatchType;
  actionType: ActionType;
  actionCode: number;
  /** Shaped by the match type: `{url}`, `{logged_in, logged_out}`, `{agent, regex, url_from, url_notfrom}`... */
  actionData: Record<string, unknown> | null;
  hits: number;
  lastAccess: Date | null;
}

export interface RedirectGroupRecord {
  id: number;
  name: string;
  moduleId: number;
  enabled: boolean;
  position: number;
  /** How many redirects the group holds. */
  redirects: number;
}

/** One entry of the redirect log (`sentTo`, `redirectId`, `redirectBy` set) or of the 404 log. */
export interface LogRecord {
  id: number;
  createdAt: Date;
  url: string;
  domain: string;
  agent: string;
  referrer: string;
  ip: string;
  httpCode: number;
  requestMethod: string;
  /** Decoded request data (headers when `log_header` is on), or "" when none. */
  requestData: Record<string, unknown> | '';
  sentTo?: string;
  redirectId?: number;
  redirectBy?: string;
}

/**
 * A redirect as a client (REST, GraphQL, an import) writes it: the plugin's input names. Everything
 * is optional here; the sanitiser fills in and checks (src/domain/redirects/sanitize.ts).
 */
export interface RedirectInput {
  url?: unknown;
  match_url?: unknown;
  match_data?: unknown;
  regex?: unknown;
  group_id?: unknown;
  position?: unknown;
  title?: unknown;
  status?: unknown;
  enabled?: unknown;
  match_type?: unknown;
  action_type?: unknown;
  action_code?: unknown;
  action_data?: unknown;
  hits?: unknown;
  last_access?: unknown;
}
