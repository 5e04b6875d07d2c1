/**
 * Regular expressions of sources and conditions, run by RE2 (linear time: no pattern can stall a
 * request). The plugin runs them through PCRE as `@<pattern>@s` (plus `i` when case is ignored),
 * unanchored, on the percent-decoded pattern; RE2 reads the same syntax but for what needs
 * backtracking (backreferences, lookaround, atomic groups, possessive quantifiers, recursion,
 * conditionals): such a pattern is refused and its rule never matches (as PCRE's compile errors
 * make the plugin's rule never match). `\Z` is read as `$` (a request URL holds no newline).
 */
import RE2 from 're2';
import { percentDecode } from '../url/encoding';

export type CompiledRegex = RE2;

/** The pattern as RE2 takes it: percent-decoded (Red_Regex), `\Z` as `$`. */
export function translatePattern(pattern: string): string {
  const decoded = percentDecode(pattern);
  let out = '';
  for (let i = 0; i < decoded.length; i += 1) {
    const char = decoded[i];
    if (char === '\\' && i + 1 < decoded.length) {
      const next = decoded[i + 1];
      out += next === 'Z' ? '$' : char + next;
      i += 1;
      continue;
    }
    out += char;
  }
  return out;
}

/** Flags of the plugin's `@...@s[i]`. */
function flagsOf(ignoreCase: boolean): string {
  return ignoreCase ? 'si' : 's';
}

/** The compiled expression, or the reason RE2 refuses it. */
export function compileRegex(pattern: string, ignoreCase: boolean, global = false): CompiledRegex | Error {
  try {
    return new RE2(translatePattern(pattern), flagsOf(ignoreCase) + (global ? 'g' : ''));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** Why a source's regular expression cannot run here, or null when it can (for sanitisers to refuse it up front). */
export function regexProblem(pattern: string): string | null {
  const compiled = compileRegex(pattern, false);
  return compiled instanceof Error ? compiled.message : null;
}

/** The pattern as one member of an RE2.Set (which takes one set of flags: case goes inline). */
export function setMember(pattern: string, ignoreCase: boolean): string {
  return ignoreCase ? `(?i:${translatePattern(pattern)})` : translatePattern(pattern);
}

/**
 * preg_replace's replacement: `$1`, `${1}` and `\1` (up to 99) name captures (a missing one is
 * empty), `\\` is a backslash; everything else is literal.
 */
export function expandReplacement(replacement: string, captures: ReadonlyArray<string | undefined>): string {
  let out = '';
  for (let i = 0; i < replacement.length; i += 1) {
    const char = replacement[i];
    if (char === '\\' || char === '$') {
      const braced = char === '$' && replacement[i + 1] === '{' ? /^\{(\d{1,2})\}/.exec(replacement.slice(i + 1)) : null;
      const plain = braced ? null : /^\d{1,2}/.exec(replacement.slice(i + 1));
      const digits = braced ? braced[1] : plain?.[0];
      if (digits !== undefined) {
        out += captures[Number(digits)] ?? '';
        i += braced ? braced[0].length : digits.length;
        continue;
      }
      if (char === '\\' && replacement[i + 1] === '\\') {
        out += '\\';
        i += 1;
        continue;
      }
    }
    out += char;
  }
  return out;
}

/** Spaces as a URL carries them: `%20` in the path, `+` in the query. */
function encodeSpaces(url: string): string {
  const parts = url.split('?');
  if (parts.length === 2) return `${parts[0].replace(/ /g, '%20')}?${parts[1].replace(/ /g, '+')}`;
  return url.replace(/ /g, '%20');
}

/**
 * Red_Regex::replace: every match of `regex` (compiled with `global`) in `subject` replaced by
 * `replacement` with its captures; the rest of the subject stays.
 */
export function replaceAll(regex: CompiledRegex, replacement: string, subject: string): string {
  const result = regex.replace(subject, (...args: unknown[]) => {
    const named = typeof args[args.length - 1] === 'object' && args[args.length - 1] !== null;
    const captures = args.slice(0, args.length - (named ? 3 : 2)) as Array<string | undefined>;
    return expandReplacement(replacement, captures);
  });
  return encodeSpaces(result);
}
