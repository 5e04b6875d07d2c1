/**
 * Nginx, as the plugin writes it: a `server { }` block of `rewrite` lines (`permanent` for 301,
 * `redirect` for 302, `(?i)` for case-insensitive sources), agent, referrer and host conditions as
 * `if` blocks around them. Ours also writes what `rewrite` cannot say: other codes and errors as
 * `if ($uri ~ ...) { return ...; }`, a source with a query string as `if ($request_uri ~ ...)`,
 * internal rewrites (pass) with `last`, a passed query string as `$is_args$args`, and targets
 * encoded for the Location header. The plugin cannot read nginx files; this reader is our addition
 * and reads back everything this writer produces.
 */
import type { RedirectRecord, SourceFlags } from '../types';
import type { ParsedLines } from './parsed';
import { decodeTarget, encodeTarget, headerComments, stripControls } from './encoding';
import { conditionPattern, decodeCondition, decodeNginxRequestUri, decodeNginxSource, decodeServerPattern, nginxRequestUri, nginxSource, serverPattern } from './patterns';
import { redirectsOf, rulesOf, type ConditionKind, type Rule } from './rules';

const VARIABLES: Record<ConditionKind, string> = { agent: '$http_user_agent', referrer: '$http_referer', server: '$host' };
const KINDS: Record<string, ConditionKind> = { $http_user_agent: 'agent', $http_referer: 'referrer', $host: 'server', $http_host: 'server' };

/**
 * A passed query string: `$is_args$args` after a target without one, `&$args` after a target with one;
 * `rewrite` then ends with `?` so nginx does not append the arguments a second time.
 */
function withQuery(target: string, rewrite: boolean): string {
  return `${encodeTarget(target)}${target.includes('?') ? '&$args' : '$is_args$args'}${rewrite ? '?' : ''}`;
}

/** The target argument of a `rewrite` (rewrite = true) or a `return`. */
function targetArgument(rule: Rule, rewrite: boolean): string {
  return argument(rule.queryPass ? withQuery(rule.target, rewrite) : encodeTarget(rule.target));
}

/**
 * One nginx argument. Nginx turns \\ \" \' \t \r \n into characters, so a backslash before one of
 * those is doubled; arguments with whitespace, quotes, braces or semicolons are double-quoted.
 */
function argument(value: string): string {
  const clean = stripControls(value);
  let escaped = '';
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i] ?? '';
    const next = clean[i + 1];
    if (c === '\\' && (next === undefined || '"\'\\tnr'.includes(next))) escaped += '\\\\';
    else if (c === '"') escaped += '\\"';
    else escaped += c;
  }
  return escaped === '' || /[\s"'{};]/.test(clean) || clean.startsWith('#') ? `"${escaped}"` : escaped;
}

/** The statement that acts once the source (and any condition) matched; null when nginx cannot say it there. */
function statementOf(rule: Rule, source: string, conditional: boolean): string | null {
  if (rule.action === 'pass') return `rewrite ${argument(source)} ${targetArgument(rule, true)} last;`;
  if (rule.action === 'url' && (rule.code === 301 || rule.code === 302)) {
    return `rewrite ${argument(source)} ${targetArgument(rule, true)} ${rule.code === 301 ? 'permanent' : 'redirect'};`;
  }
  // Other codes need `return` behind a test of the path: an `if` that cannot nest inside a condition's.
  if (conditional) return null;
  return `if ( $uri ~ ${argument(source)} ) {\n        ${actionInIf(rule)}\n    }`;
}

/** `return` (or, for pass, `rewrite ^ ... last`) once an `if` has matched the request. */
function actionInIf(rule: Rule): string {
  if (rule.action === 'pass') return `rewrite ^ ${targetArgument(rule, true)} last;`;
  return rule.action === 'error' ? `return ${rule.code};` : `return ${rule.code} ${targetArgument(rule, false)};`;
}

function linesOfRule(rule: Rule): string | null {
  const c = rule.condition;
  // A literal source with a query string is tested against $request_uri, which holds the query.
  if (!c && !rule.regex && rule.url.includes('?')) {
    return `    if ( $request_uri ~ ${argument(nginxRequestUri(rule.url, rule.trailing === true, rule.ignoreCase))} ) {\n        ${actionInIf(rule)}\n    }`;
  }
  // With a condition there is no second `if` to test the query in: the query stays (escaped) in the
  // path pattern, where it reads back but never matches.
  const source = nginxSource(rule.url, rule.regex, rule.trailing === true, rule.ignoreCase);
  const statement = statementOf(rule, source, c !== undefined);
  if (statement === null || !c) return statement === null ? null : `    ${statement}`;
  const pattern = c.kind === 'server' ? serverPattern(c.value) : conditionPattern(c.value, c.regex);
  return `    if ( ${VARIABLES[c.kind]} ${c.negate ? '!~*' : '~*'} ${argument(pattern)} ) {\n        ${statement}\n    }`;
}

export function exportNginx(redirects: RedirectRecord[], defaults: SourceFlags, now: Date): string {
  const items = redirects.flatMap((r) => rulesOf(r, defaults)).map(linesOfRule).filter((l): l is string => l !== null);
  return `${[...headerComments(now), '', 'server {', ...items, '}', '', '# End of Redirection'].join('\n')}\n`;
}

interface Statement {
  args: string[];
  block?: Statement[];
}

/** Nginx's tokenizer: words, quoted strings (with its escapes), `;`, `{`, `}` and `#` comments. */
function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  const unescape = (c: string): string => ({ t: '\t', r: '\r', n: '\n' } as Record<string, string>)[c] ?? c;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) { i++; continue; }
    if (c === '#') { while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++; continue; }
    if (c === ';' || c === '{' || c === '}') { tokens.push(c); i++; continue; }
    let token = '';
    const quote = c === '"' || c === "'" ? c : null;
    if (quote) i++;
    while (i < text.length) {
      const d = text[i] ?? '';
      if (quote ? d === quote : /[\s;{}]/.test(d)) break;
      if (d === '\\' && i + 1 < text.length) {
        const e = text[i + 1] ?? '';
        token += '"\'\\'.includes(e) ? e : 'trn'.includes(e) ? unescape(e) : `\\${e}`;
        i += 2;
        continue;
      }
      token += d;
      i++;
    }
    if (quote) i++;
    // A quoted empty string is still an argument; mark it so it survives.
    tokens.push(quote ? `\u0000${token}` : token);
  }
  return tokens;
}

function statementsOf(tokens: string[], start = 0): { statements: Statement[]; next: number } {
  const statements: Statement[] = [];
  let args: string[] = [];
  let i = start;
  while (i < tokens.length) {
    const t = tokens[i] ?? '';
    i++;
    if (t === ';') { if (args.length) statements.push({ args }); args = []; }
    else if (t === '{') {
      const inner = statementsOf(tokens, i);
      statements.push({ args, block: inner.statements });
      args = [];
      i = inner.next;
    } else if (t === '}') { if (args.length) statements.push({ args }); return { statements, next: i }; }
    else args.push(t.startsWith('\u0000') ? t.slice(1) : t);
  }
  if (args.length) statements.push({ args });
  return { statements, next: i };
}

/** A target and whether it passes the query string (the inverse of withQuery). */
function targetOf(raw: string, rewrite: boolean): { target: string; queryPass: boolean } {
  for (const suffix of ['$is_args$args', '&$args']) {
    const full = rewrite ? `${suffix}?` : suffix;
    if (!raw.endsWith(full)) continue;
    const target = raw.slice(0, -full.length);
    // `&$args` only follows a target with its own query, `$is_args$args` only one without.
    if (target.includes('?') === (suffix === '&$args')) return { target: decodeTarget(target), queryPass: true };
  }
  return { target: decodeTarget(raw), queryPass: false };
}

function sourceRule(pattern: string): Omit<Rule, 'action' | 'code' | 'target' | 'queryPass'> {
  const s = decodeNginxSource(pattern);
  return { url: s.url, regex: s.regex, trailing: s.trailing, ignoreCase: s.ignoreCase };
}

function rewriteRule(args: string[]): Rule | null {
  const [, pattern, rawTarget, flag] = args;
  if (pattern === undefined || rawTarget === undefined || args.length > 4) return null;
  let action: Rule['action'] = 'pass';
  let code = 0;
  if (flag === 'permanent') { action = 'url'; code = 301; }
  else if (flag === 'redirect' || (flag === undefined && /^https?:\/\//i.test(rawTarget))) { action = 'url'; code = 302; }
  else if (flag !== undefined && flag !== 'last' && flag !== 'break') return null;
  return { ...sourceRule(pattern), ...targetOf(rawTarget, true), action, code };
}

/** `return <code> [target]` as an action, or null. */
function returnAction(args: string[]): Pick<Rule, 'action' | 'code' | 'target' | 'queryPass'> | null {
  const [, rawCode, rawTarget] = args;
  const code = Number(rawCode);
  if (!/^\d{3}$/.test(rawCode ?? '') || args.length > 3) return null;
  const redirecting = code >= 300 && code < 400;
  if (redirecting && rawTarget === undefined) return null;
  const target = redirecting ? targetOf(rawTarget ?? '', false) : { target: '', queryPass: false };
  return { ...target, action: redirecting ? 'url' : 'error', code };
}

/** The action inside an `if` that tested the path: `return`, or `rewrite ^ <target> last` (pass). */
function actionOfIf(body: Statement): Pick<Rule, 'action' | 'code' | 'target' | 'queryPass'> | null {
  if (body.args[0] === 'return') return returnAction(body.args);
  if (body.args[0] === 'rewrite' && body.args[1] === '^' && body.args[3] === 'last' && body.args.length === 4) {
    return { ...targetOf(body.args[2] ?? '', true), action: 'pass', code: 0 };
  }
  return null;
}

/** `if ( <variable> <op> <pattern> ) { <one statement> }` as a rule. */
function ifRule(statement: Statement): Rule | null {
  const words = statement.args.slice(1);
  if (words[0] === '(') words.shift();
  else if (words[0]?.startsWith('(')) words[0] = words[0].slice(1);
  const last = words.length - 1;
  if (words[last] === ')') words.pop();
  else if (words[last]?.endsWith(')')) words[last] = words[last].slice(0, -1);
  const inner = statement.block ?? [];
  const body = inner[0];
  if (words.length !== 3 || inner.length !== 1 || !body || body.block) return null;
  const [variable = '', operator = '', pattern = ''] = words;
  if (!/^!?~\*?$/.test(operator)) return null;
  const kind = KINDS[variable];
  if ((variable === '$uri' || variable === '$request_uri') && !operator.startsWith('!')) {
    const action = actionOfIf(body);
    const source = variable === '$uri' ? sourceRule(pattern) : decodeNginxRequestUri(pattern);
    if (!action || !source) return null;
    return { url: source.url, regex: source.regex, trailing: source.trailing, ignoreCase: source.ignoreCase || operator === '~*', ...action };
  }
  if (!kind || body.args[0] !== 'rewrite') return null;
  const rule = rewriteRule(body.args);
  if (!rule) return null;
  const negate = operator.startsWith('!');
  if (kind === 'server') {
    const host = decodeServerPattern(pattern);
    return host === null ? null : { ...rule, condition: { kind, value: host, regex: false, negate } };
  }
  return { ...rule, condition: { kind, ...decodeCondition(pattern), negate } };
}

export function parseNginx(text: string): ParsedLines {
  const rules: Rule[] = [];
  let skipped = 0;
  const visit = (statements: Statement[]): void => {
    for (const statement of statements) {
      const name = statement.args[0];
      if (name === 'server' || name === 'http') { visit(statement.block ?? []); continue; }
      const rule = name === 'rewrite' && !statement.block ? rewriteRule(statement.args) : name === 'if' ? ifRule(statement) : null;
      if (rule) rules.push(rule);
      else skipped++;
    }
  };
  visit(statementsOf(tokensOf(text)).statements);
  return { redirects: redirectsOf(rules), skipped };
}
