/**
 * User-supplied regular expressions run on RE2 (linear time, no catastrophic backtracking): a
 * pattern is accepted only when RE2 compiles it, and refused with a message that says why.
 */
import RE2 from 're2';
import { DomainError } from '../errors';

/** The RE2 compile error of a pattern, or null when it compiles. */
export function re2Error(pattern: string): string | null {
  try {
    new RE2(pattern, 'u');
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
