/**
 * User-supplied regular expressions run on RE2 (linear time, no catastrophic backtracking): a
 * pattern is accepted only when RE2 compiles it, and refused with a message that says why.
 */
import RE2 from 're2';
import { DomainError } from '../errors';

/** PCRE's `\Z` (end, before a final newline) as RE2's `$`: a request URL holds no newline. */
function translated(pattern: string): string {
  return pattern.replace(/\\(.)/gs, (escape: string, next: string) => (next === 'Z' ? '$' : escape));
}

/**
 * The RE2 compile error of a pattern, or null when it compiles (as the matching engine compiles it:
 * the plugin's `@...@s`). Once the engine's matcher/regex.ts is merged, this should ask its
 * regexProblem() instead, so the two can never disagree.
 */
export function re2Error(pattern: string): string | null {
  try {
    new RE2(translated(pattern), 's');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Throws the plugin's `redirect` error (400) when a pattern does not compile with RE2. */
export function requireRe2(pattern: string, what: string): void {
  const problem = re2Error(pattern);
  if (problem === null) return;
  throw new DomainError(
    'redirect',
    `Invalid regular expression in the ${what}: ${problem}. Regular expressions run on RE2, which has no backreferences (\\1) and no lookahead or lookbehind assertions ((?=...), (?!...), (?<=...), (?<!...)).`,
    400,
  );
}
