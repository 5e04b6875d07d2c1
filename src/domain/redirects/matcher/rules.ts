/**
 * One redirect row made ready to match (the plugin's Red_Item with its Red_Source_Flags,
 * Red_Match and Red_Action): flags are the site's defaults overridden by the row's `match_data`,
 * the source path and query are parsed once, a regular expression is compiled once.
 */
import { ACTION_TYPES, MATCH_TYPES, QUERY_FLAGS, type ActionType, type MatchType, type QueryFlag, type SourceFlags } from '../types';
import { matchPathOf, matchPathWithQueryOf } from '../url/match-url';
import { pathOf } from '../url/url-path';
import { SourceQuery } from '../url/url-query';
import { actionDataOf, conditionOf, type Condition } from './conditions';
import { compileRegex, setMember, type CompiledRegex } from './regex';

/** The columns of a Redirect row the matcher reads. */
export interface RedirectRow {
  id: number;
  url: string;
  matchData: string | null;
  regex: boolean;
  groupId: number;
  position: number;
  matchType: string;
  actionType: string;
  actionCode: number;
  actionData: string | null;
}

export interface CompiledRule {
  id: number;
  /** Rank in the plugin's order: group position, then position, then id. */
  order: number;
  url: string;
  flags: SourceFlags;
  logExclude: boolean;
  /** The exact-lookup key (null for regular expressions). */
  key: string | null;
  /** Regular expression sources: the expression (global, for replacements) and its RE2.Set member. */
  regex: CompiledRegex | null;
  setMember: string | null;
  sourcePath: string;
  query: SourceQuery;
  condition: Condition;
  actionType: ActionType;
  actionCode: number;
}

type Json = Record<string, unknown>;

function parseJson(raw: string | null): Json {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

/** The row's flags over the defaults (Red_Source_Flags::set_flags: a regular expression matches its query exactly). */
export function flagsOf(row: Pick<RedirectRow, 'matchData' | 'regex'>, defaults: SourceFlags): { flags: SourceFlags; logExclude: boolean } {
  const data = parseJson(row.matchData);
  const source = data.source !== null && typeof data.source === 'object' ? (data.source as Json) : {};
  const options = data.options !== null && typeof data.options === 'object' ? (data.options as Json) : {};
  const flags: SourceFlags = { ...defaults, flag_regex: row.regex };
  if (typeof source.flag_query === 'string' && QUERY_FLAGS.includes(source.flag_query as QueryFlag)) flags.flag_query = source.flag_query as QueryFlag;
  if (typeof source.flag_case === 'boolean') flags.flag_case = source.flag_case;
  if (typeof source.flag_trailing === 'boolean') flags.flag_trailing = source.flag_trailing;
  if (typeof source.flag_regex === 'boolean') flags.flag_regex = source.flag_regex;
  if (flags.flag_regex) flags.flag_query = 'exact';
  return { flags, logExclude: options.log_exclude === true };
}

/** The rule, or why it cannot run (an expression RE2 refuses, an unknown match or action type). */
export function compileRule(row: RedirectRow, order: number, defaults: SourceFlags): CompiledRule | Error {
  if (!(MATCH_TYPES as readonly string[]).includes(row.matchType)) return new Error(`unknown match type ${row.matchType}`);
  if (!(ACTION_TYPES as readonly string[]).includes(row.actionType)) return new Error(`unknown action type ${row.actionType}`);
  const { flags, logExclude } = flagsOf(row, defaults);
  const condition = conditionOf(row.matchType as MatchType, actionDataOf(row.actionData));
  if (condition instanceof Error) return condition;
  let regex: CompiledRegex | null = null;
  if (flags.flag_regex) {
    const compiled = compileRegex(row.url, flags.flag_case, true);
    if (compiled instanceof Error) return compiled;
    regex = compiled;
  }
  return {
    id: row.id,
    order,
    url: row.url,
    flags,
    logExclude,
    key: flags.flag_regex ? null : flags.flag_query === 'exactorder' ? matchPathWithQueryOf(row.url) : matchPathOf(row.url),
    regex,
    setMember: flags.flag_regex ? setMember(row.url, flags.flag_case) : null,
    sourcePath: pathOf(row.url),
    query: new SourceQuery(row.url, flags),
    condition,
    actionType: row.actionType as ActionType,
    actionCode: row.actionCode,
  };
}
