/**
 * The compiled rule set of one process: exact sources in a hash map keyed by their normalised path
 * (and, for `exactorder` sources, path and query), regular expressions in RE2.Sets so that one
 * pass over the URL names every expression that matches. A lookup merges both candidate lists in
 * the plugin's order (group position, position, id) and the first rule whose source, condition and
 * target all hold wins (Red_Item::get_match). Rules of the 404 page type wait for the site's answer.
 */
import RE2 from 're2';
import { matchPathOf, matchPathWithQueryOf } from '../url/match-url';
import { pathMatches } from '../url/url-path';
import { passQuery } from '../url/url-query';
import type { CompiledRule } from './rules';
import { replaceAll } from './regex';
import type { RedirectRequest } from './request';

/** A rule that fired: the action to take, with its target when it has one. */
export interface RedirectMatch {
  rule: CompiledRule;
  /** The target URL (url and pass actions), with captures substituted and parameters passed. */
  target: string | null;
}

/** DFA budget of one RE2.Set; a set that does not fit is split in two. */
const SET_MAX_MEM = 16 * 1024 * 1024;

interface RegexSet {
  set: ReturnType<typeof RE2.Set> | null;
  rules: CompiledRule[];
}

function buildSets(rules: CompiledRule[]): RegexSet[] {
  if (rules.length === 0) return [];
  try {
    return [{ set: new RE2.Set(rules.map((rule) => rule.setMember as string), 's', { maxMem: SET_MAX_MEM }), rules }];
  } catch {
    if (rules.length === 1) return [{ set: null, rules }];
    const half = Math.ceil(rules.length / 2);
    return [...buildSets(rules.slice(0, half)), ...buildSets(rules.slice(half))];
  }
}

function testOne(rule: CompiledRule, url: string): boolean {
  const regex = rule.regex as RE2;
  regex.lastIndex = 0;
  const found = regex.test(url);
  regex.lastIndex = 0;
  return found;
}

export class RuleIndex {
  private readonly exact = new Map<string, CompiledRule[]>();
  private readonly sets: RegexSet[];
  /** Whether any source keys its query (`exactorder`): only then is the second key computed. */
  private readonly keyedQueries: boolean;
  readonly size: number;
  readonly regexCount: number;

  constructor(rules: readonly CompiledRule[]) {
    const regexRules: CompiledRule[] = [];
    let keyedQueries = false;
    for (const rule of rules) {
      if (rule.key === null) {
        regexRules.push(rule);
        continue;
      }
      if (rule.flags.flag_query === 'exactorder') keyedQueries = true;
      const list = this.exact.get(rule.key);
      if (list) list.push(rule);
      else this.exact.set(rule.key, [rule]);
    }
    for (const list of this.exact.values()) list.sort((a, b) => a.order - b.order);
    this.keyedQueries = keyedQueries;
    this.sets = buildSets(regexRules.sort((a, b) => a.order - b.order));
    this.size = rules.length;
    this.regexCount = regexRules.length;
  }

  /** The rules whose source may match, in order (exact ones by key, expressions that match). */
  candidates(decoded: string): CompiledRule[] {
    const byPath = this.exact.get(matchPathOf(decoded));
    const withQuery = this.keyedQueries && decoded.includes('?') ? this.exact.get(matchPathWithQueryOf(decoded)) : undefined;
    const regexes = this.regexCandidates(decoded);
    const lists = [byPath, withQuery, regexes].filter((list): list is CompiledRule[] => list !== undefined && list.length > 0);
    if (lists.length === 0) return [];
    if (lists.length === 1) return lists[0];
    const merged = new Set<CompiledRule>();
    for (const list of lists) for (const rule of list) merged.add(rule);
    return [...merged].sort((a, b) => a.order - b.order);
  }

  private regexCandidates(url: string): CompiledRule[] | undefined {
    let out: CompiledRule[] | undefined;
    for (const { set, rules } of this.sets) {
      let hits: number[];
      try {
        hits = set ? set.match(url) : rules.map((rule, i) => (testOne(rule, url) ? i : -1)).filter((i) => i >= 0);
      } catch {
        // The set ran out of DFA memory on this input: each expression on its own (still linear).
        hits = rules.map((rule, i) => (testOne(rule, url) ? i : -1)).filter((i) => i >= 0);
      }
      if (hits.length === 0) continue;
      out ??= [];
      for (const i of hits) out.push(rules[i]);
    }
    return out;
  }

  /**
   * The first rule that fires for the request, in order. `notFound` false is the request's first
   * pass (rules of the 404 page type wait); true is the second, once the site answers 404 (only
   * those rules then). Synchronous unless a `login` rule has to know whether the request is signed in.
   */
  match(request: RedirectRequest, notFound = false): RedirectMatch | null | Promise<RedirectMatch | null> {
    const candidates = this.candidates(request.url.decoded);
    return candidates.length === 0 ? null : this.firstFrom(candidates, 0, request, notFound);
  }

  private firstFrom(candidates: CompiledRule[], start: number, request: RedirectRequest, notFound: boolean): RedirectMatch | null | Promise<RedirectMatch | null> {
    for (let i = start; i < candidates.length; i += 1) {
      const rule = candidates[i];
      if ((rule.condition.type === 'page') !== notFound) continue;
      if (!sourceMatches(rule, request.url.decoded)) continue;
      const holds = rule.condition.holds(request, notFound);
      if (holds instanceof Promise) {
        return holds.then((value) => outcome(rule, value, request) ?? this.firstFrom(candidates, i + 1, request, notFound));
      }
      const fired = outcome(rule, holds, request);
      if (fired) return fired;
    }
    return null;
  }
}

/** Red_Url::is_match: the expression (already known to match from the set), or path and query under the flags. */
function sourceMatches(rule: CompiledRule, decoded: string): boolean {
  if (rule.regex) return true;
  return pathMatches(rule.sourcePath, decoded, rule.flags) && rule.query.matches(decoded);
}

const NEEDS_TARGET = new Set(['url', 'pass']);

/**
 * A rule whose target is written as a path of this site keeps it one: substitution (and the
 * unmatched rest of the address, which preg_replace keeps) could otherwise begin it with `//` or
 * `/\`, which a browser reads as another host — an open redirect any visitor could aim.
 */
function staysLocal(written: string, substituted: string): string {
  if (!/^\/(?![/\\])/.test(written)) return substituted;
  return substituted.replace(/^[/\\]+/, '/');
}

/** Red_Item::get_match once the source matched: the action when the condition holds, or when its other outcome has a target. */
function outcome(rule: CompiledRule, holds: boolean, request: RedirectRequest): RedirectMatch | null {
  if (!NEEDS_TARGET.has(rule.actionType)) return holds ? { rule, target: null } : null;
  let target = rule.condition.target(holds);
  if (target === false) return null;
  if (rule.regex) target = staysLocal(target, replaceAll(rule.regex, target, request.url.original));
  if (rule.flags.flag_query === 'pass') target = passQuery(target, request.url.original);
  return target === '' ? null : { rule, target };
}
