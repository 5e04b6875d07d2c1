/**
 * The server formats (Apache, Nginx) share one intermediate: a rule is one rewrite line with at most
 * one request condition. A redirect becomes one rule, or two for a condition with both a "from" and
 * a "not from" target (the second negated); reading a file turns rules back into redirects, joining
 * such a pair again.
 */
import type { RedirectInput, RedirectRecord, SourceFlags } from '../types';
import { effectiveFlags } from '../source-flags';
import { hostOf } from './patterns';

export type ConditionKind = 'agent' | 'referrer' | 'server';
export type RuleAction = 'url' | 'pass' | 'error';

export interface RuleCondition {
  kind: ConditionKind;
  /** The user agent or referrer (pattern or literal), or the host of a server match. */
  value: string;
  regex: boolean;
  negate: boolean;
}

export interface Rule {
  url: string;
  regex: boolean;
  /** Ignore a trailing slash; undefined when the file cannot say (regular expressions). */
  trailing?: boolean;
  ignoreCase: boolean;
  queryPass: boolean;
  action: RuleAction;
  /** HTTP code; 0 for pass. */
  code: number;
  /** Redirect or rewrite target; "" for errors. */
  target: string;
  condition?: RuleCondition;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function isRuleAction(type: string): type is RuleAction {
  return type === 'url' || type === 'pass' || type === 'error';
}

/**
 * The rules of one redirect. Disabled redirects, the actions a server file cannot express (`nothing`,
 * `random`: the plugin's picks a post at export time) and match types other than url, agent, referrer
 * and server give none, as in the plugin.
 */
export function rulesOf(record: RedirectRecord, defaults: SourceFlags): Rule[] {
  if (!record.enabled || !isRuleAction(record.actionType)) return [];
  const flags = effectiveFlags(record.matchData, record.regex, defaults);
  const data = record.actionData ?? {};
  const base = {
    url: record.url,
    regex: record.regex,
    trailing: flags.flag_trailing,
    ignoreCase: flags.flag_case,
    queryPass: flags.flag_query === 'pass',
    action: record.actionType,
    code: record.actionType === 'pass' ? 0 : record.actionCode,
  };
  if (record.matchType === 'url') return [{ ...base, target: record.actionType === 'error' ? '' : text(data.url) }];

  let condition: Omit<RuleCondition, 'negate'>;
  if (record.matchType === 'agent') condition = { kind: 'agent', value: text(data.agent), regex: data.regex === true };
  else if (record.matchType === 'referrer') condition = { kind: 'referrer', value: text(data.referrer), regex: data.regex === true };
  else if (record.matchType === 'server') condition = { kind: 'server', value: hostOf(text(data.server)), regex: false };
  else return [];

  if (record.actionType === 'error') return [{ ...base, target: '', condition: { ...condition, negate: false } }];
  const rules: Rule[] = [];
  const from = text(data.url_from);
  const notFrom = text(data.url_notfrom);
  if (from !== '') rules.push({ ...base, target: from, condition: { ...condition, negate: false } });
  if (notFrom !== '') rules.push({ ...base, target: notFrom, condition: { ...condition, negate: true } });
  return rules;
}

function inputOf(rule: Rule): RedirectInput {
  const source: Record<string, unknown> = { flag_regex: rule.regex, flag_case: rule.ignoreCase };
  if (rule.trailing !== undefined) source.flag_trailing = rule.trailing;
  // A file says "pass the query" or nothing: other query handling is the site's default.
  if (rule.queryPass) source.flag_query = 'pass';
  const input: RedirectInput = {
    url: rule.url,
    regex: rule.regex,
    match_data: { source },
    action_type: rule.action,
    action_code: rule.action === 'pass' ? 0 : rule.code,
    match_type: rule.condition ? rule.condition.kind : 'url',
  };
  const targets = rule.action === 'error' ? {} : { url_from: rule.condition?.negate ? '' : rule.target, url_notfrom: rule.condition?.negate ? rule.target : '' };
  const c = rule.condition;
  if (!c) {
    if (rule.action !== 'error') input.action_data = { url: rule.target };
  } else if (c.kind === 'server') {
    input.action_data = { server: `http://${c.value}`, ...targets };
  } else {
    input.action_data = { [c.kind]: c.value, regex: c.regex, ...targets };
  }
  return input;
}

/** Everything a "from" rule and its "not from" twin share: the source, the action and the condition. */
function pairKey(rule: Rule): string {
  const { target: _target, condition, ...rest } = rule;
  return JSON.stringify([rest, condition && { ...condition, negate: false }]);
}

/** Redirects from rules in file order; a negated rule right after its positive twin joins it as `url_notfrom`. */
export function redirectsOf(rules: Rule[]): RedirectInput[] {
  const out: RedirectInput[] = [];
  let previous: { rule: Rule; input: RedirectInput } | null = null;
  for (const rule of rules) {
    const joinable = rule.condition?.negate && rule.action !== 'error' && previous?.rule.condition && !previous.rule.condition.negate &&
      pairKey(previous.rule) === pairKey(rule);
    if (joinable && previous) {
      (previous.input.action_data as Record<string, unknown>).url_notfrom = rule.target;
      previous = null;
      continue;
    }
    const input = inputOf(rule);
    out.push(input);
    previous = { rule, input };
  }
  return out;
}
