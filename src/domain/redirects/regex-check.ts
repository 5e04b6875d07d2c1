/**
 * User-supplied regular expressions run on RE2 (linear time, no catastrophic backtracking): a
 * pattern is accepted only when RE2 compiles it, and refused with a message that says why.
 */
import { DomainError } from '../errors';
import { regexProblem } from './matcher/regex';

/** The RE2 compile error of a pattern as the matching engine compiles it, or null when it compiles. */
export function re2Error(pattern: string): string | null {
  return regexProblem(pattern);
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
