/**
 * Apache .htaccess (mod_rewrite), the plugin's Red_Htaccess: a `RewriteRule` per rule, preceded by a
 * `RewriteCond` for its request condition and for a literal source's query string. Reading accepts
 * what this writes plus the plugin's and mod_alias's forms (`Redirect`, `RedirectMatch`).
 *
 * Where the plugin's file does not work on Apache (checked on Apache 2.4), ours differs: literal
 * sources as the decoded path, targets with `%` escaped, `R=<code>` for errors (F serves 403), NE
 * with QSA, agent literals anchored, and a "not from" target as a negated twin rule.
 */
import type { ParsedLines } from './parsed';
import type { RedirectRecord, SourceFlags } from '../types';
import { decodeTarget, encodeTarget, headerComments, linesOf, rawUrlDecode, stripControls } from './encoding';
import { apacheSource, conditionPattern, decodeApacheSource, decodeCondition, decodeQueryPattern, decodeServerPattern, queryPattern, serverPattern } from './patterns';
import { redirectsOf, rulesOf, type ConditionKind, type Rule } from './rules';

const CONDITION_VARIABLES: Record<ConditionKind, string> = { agent: 'HTTP_USER_AGENT', referrer: 'HTTP_REFERER', server: 'HTTP_HOST' };

/** One argument: quoted when it holds whitespace, is empty or starts with a quote (Apache's ap_getword_conf). */
function argument(value: string): string {
  const clean = stripControls(value);
  return clean === '' || /\s/.test(clean) || /^["']/.test(clean) ? `"${clean.replace(/"/g, '\\"')}"` : clean;
}

/**
 * A target, encoded for the Location header, with every `%` escaped: in a substitution `%1`..`%9` are
 * RewriteCond back-references (the plugin's `%20` becomes "0"). The encoding leaves no other backslash.
 */
function apacheTarget(target: string): string {
  return encodeTarget(target).replace(/%/g, '\\%');
}

function readTarget(text: string): string {
  return decodeTarget(text.replace(/\\%/g, '%'));
}

function flagsOf(rule: Rule): string[] {
  let flags: string[];
  if (rule.action === 'url') flags = [`R=${rule.code}`, 'L'];
  else if (rule.action === 'pass') flags = ['L'];
  // G is 410. Other codes keep their number: Apache serves R=4xx/5xx as that status (the plugin
  // writes F for them all, which Apache serves as 403). Apache refuses R=418, and one bad flag fails the
  // whole file: 418 is written as F, as the plugin would.
  else flags = rule.code === 410 ? ['G'] : rule.code === 418 ? ['F'] : [`R=${rule.code}`, 'L'];
  if (rule.ignoreCase) flags.push('NC');
  if (rule.queryPass) flags.push('QSA');
  // The target is written encoded (as the plugin): Apache must not escape it again, nor the query QSA appends.
  if (/[#%]/.test(encodeTarget(rule.target)) || rule.queryPass) flags.push('NE');
  return flags;
}

function linesOfRule(rule: Rule): string[] {
  const lines: string[] = [];
  let source = rule.url;
  let query: string | undefined;
  if (!rule.regex && source.includes('?')) {
    query = source.slice(source.indexOf('?') + 1);
    source = source.slice(0, source.indexOf('?'));
  }
  const c = rule.condition;
  if (c) {
    const pattern = c.kind === 'server' ? serverPattern(c.value) : conditionPattern(c.value, c.regex);
    lines.push(`RewriteCond %{${CONDITION_VARIABLES[c.kind]}} ${argument((c.negate ? '!' : '') + pattern)} [NC]`);
  }
  if (query !== undefined) lines.push(`RewriteCond %{QUERY_STRING} ${argument(queryPattern(query))}`);
  const target = rule.action === 'error' ? '/' : apacheTarget(rule.target);
  lines.push(`RewriteRule ${argument(apacheSource(source, rule.regex, rule.trailing === true))} ${argument(target)} [${flagsOf(rule).join(',')}]`);
  return lines;
}

export function exportApache(redirects: RedirectRecord[], defaults: SourceFlags, now: Date, https = false): string {
  const rules = redirects.flatMap((r) => rulesOf(r, defaults));
  // The plugin writes an empty file when nothing is exported.
  if (rules.length === 0) return '\n';
  const lines = [...headerComments(now), '', '<IfModule mod_rewrite.c>'];
  if (https) lines.push('RewriteCond %{HTTPS} off', 'RewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [L,R=301]');
  lines.push(...rules.flatMap(linesOfRule), '</IfModule>', '', '# End of Redirection');
  return `${lines.join('\n')}\n`;
}

/** Splits a directive line into arguments, honouring "..." and '...' quoting (\" inside quotes). */
export function argumentsOf(line: string): string[] {
  const args: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i] ?? '')) i++;
    if (i >= line.length) break;
    const quote = line[i];
    let arg = '';
    if (quote === '"' || quote === "'") {
      i++;
      while (i < line.length && line[i] !== quote) {
        if (line[i] === '\\' && line[i + 1] === quote) i++;
        arg += line[i];
        i++;
      }
      i++;
    } else {
      while (i < line.length && !/\s/.test(line[i] ?? '')) arg += line[i++];
    }
    args.push(arg);
  }
  return args;
}

interface Condition {
  variable: string;
  negate: boolean;
  pattern: string;
  flags: string[];
}

function flagList(arg: string | undefined): string[] {
  if (!arg || !arg.startsWith('[') || !arg.endsWith(']')) return [];
  return arg.slice(1, -1).split(',').map((f) => f.trim().toUpperCase()).filter((f) => f !== '');
}

/** The action a RewriteRule's flags ask for; without R, F or G it is an internal rewrite (pass). */
function actionOfFlags(flags: string[]): { action: Rule['action']; code: number } {
  for (const flag of flags) {
    const m = /^(?:R|REDIRECT)(?:=(\d{3}|permanent|temp|seeother))?$/i.exec(flag);
    if (m) {
      const word = (m[1] ?? '302').toLowerCase();
      const code = word === 'permanent' ? 301 : word === 'temp' ? 302 : word === 'seeother' ? 303 : Number(word);
      return code >= 300 && code < 400 ? { action: 'url', code } : { action: 'error', code };
    }
    // The plugin writes F for every error and reads it back as 404.
    if (flag === 'F' || flag === 'FORBIDDEN') return { action: 'error', code: 404 };
    if (flag === 'G' || flag === 'GONE') return { action: 'error', code: 410 };
  }
  return { action: 'pass', code: 0 };
}

const CONDITION_KINDS: Record<string, ConditionKind> = { '%{HTTP_USER_AGENT}': 'agent', '%{HTTP_REFERER}': 'referrer', '%{HTTP_HOST}': 'server' };

/** A RewriteRule with its conditions as a rule, or null when a condition is one we cannot carry. */
function ruleOf(args: string[], conditions: Condition[]): Rule | null {
  const [pattern, target, flagArg] = args;
  if (pattern === undefined || target === undefined) return null;
  const flags = flagList(flagArg);
  let query: string | undefined;
  let condition: Rule['condition'];
  for (const c of conditions) {
    if (c.flags.some((f) => f !== 'NC')) return null;
    const variable = c.variable.toUpperCase();
    if (variable === '%{QUERY_STRING}' && !c.negate && query === undefined) {
      const decoded = decodeQueryPattern(c.pattern);
      if (decoded === null) return null;
      query = decoded;
      continue;
    }
    const kind = CONDITION_KINDS[variable];
    if (!kind || condition) return null;
    if (kind === 'server') {
      const host = decodeServerPattern(c.pattern);
      if (host === null) return null;
      condition = { kind, value: host, regex: false, negate: c.negate };
    } else {
      condition = { kind, ...decodeCondition(c.pattern), negate: c.negate };
    }
  }
  const source = decodeApacheSource(pattern);
  if (query !== undefined && source.regex) return null;
  const { action, code } = actionOfFlags(flags);
  // "-" rewrites to nothing: only an error (F, G, R=4xx) makes it a redirect.
  if (target === '-' && action !== 'error') return null;
  return {
    url: query === undefined ? source.url : `${source.url}?${query}`,
    regex: source.regex,
    trailing: source.trailing,
    ignoreCase: flags.includes('NC') || flags.includes('NOCASE'),
    queryPass: flags.includes('QSA') || flags.includes('QSAPPEND'),
    action,
    code,
    target: action === 'error' ? '' : readTarget(target),
    ...(condition ? { condition } : {}),
  };
}

const ALIAS_CODES: Record<string, number> = { permanent: 301, temp: 302, seeother: 303, gone: 410 };

/** mod_alias: `Redirect [status] path [url]` and `RedirectMatch [status] regex [url]` (the plugin reads them as exact sources). */
function aliasRule(args: string[], regex: boolean): Rule | null {
  let rest = args.slice(1);
  let code = 302;
  const first = (rest[0] ?? '').toLowerCase();
  if (/^\d{3}$/.test(first) || first in ALIAS_CODES) {
    code = ALIAS_CODES[first] ?? Number(first);
    rest = rest.slice(1);
  }
  const [path, target] = rest;
  if (path === undefined) return null;
  const redirecting = code >= 300 && code < 400;
  if (redirecting && target === undefined) return null;
  return {
    url: regex ? path : rawUrlDecode(path),
    regex,
    ...(regex ? {} : { trailing: false }),
    ignoreCase: false,
    queryPass: false,
    action: redirecting ? 'url' : 'error',
    code,
    target: redirecting ? readTarget(target ?? '') : '',
  };
}

/** Lines that only frame the rules: not redirects, and not worth reporting as skipped. */
const FRAMING = /^(?:<\/?IfModule\b|RewriteEngine\b|RewriteBase\b)/i;

export function parseApache(text: string): ParsedLines {
  const rules: Rule[] = [];
  let skipped = 0;
  let conditions: Condition[] = [];
  for (const raw of linesOf(text)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || FRAMING.test(line)) continue;
    const args = argumentsOf(line);
    const directive = (args[0] ?? '').toLowerCase();
    if (directive === 'rewritecond') {
      // A malformed condition still belongs to the next rule (which then cannot be read): never drop one and widen a rule.
      const test = args[2] ?? '';
      conditions.push({ variable: args.length >= 3 ? (args[1] ?? '') : '', negate: test.startsWith('!'), pattern: test.replace(/^!/, ''), flags: flagList(args[3]) });
      continue;
    }
    if (directive === 'rewriterule') {
      // Conditions apply to the next RewriteRule only, whatever lies between.
      const pending = conditions;
      conditions = [];
      // The exporter's own "force HTTPS" block is not a redirect of the site's.
      if (args[1] === '^' && (args[2] ?? '').startsWith('https://%{HTTP_HOST}') && pending.length > 0 && pending.every((c) => c.variable.toUpperCase() === '%{HTTPS}')) continue;
      const rule = ruleOf(args.slice(1), pending);
      if (rule) rules.push(rule);
      else skipped += 1 + pending.length;
      continue;
    }
    const rule = directive === 'redirect' ? aliasRule(args, false) : directive === 'redirectmatch' ? aliasRule(args, true) : null;
    if (rule) rules.push(rule);
    else skipped++;
  }
  // Conditions with no rule after them.
  skipped += conditions.length;
  return { redirects: redirectsOf(rules), skipped };
}

