/**
 * Obfuscated JavaScript: the constructs injected code uses to hide what it does (decoding then
 * evaluating, writing decoded markup, long encoded blobs). Blobs are only suspicious inside code:
 * stored settings hold encoded keys and tokens, so `calls` is what plain text is checked with.
 */
const CALLS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\beval\s*\(/i, 'eval('],
  [/\batob\s*\(/i, 'atob('],
  [/\bString\s*\.\s*fromCharCode\s*\(/i, 'String.fromCharCode('],
  [/\bdocument\s*\.\s*write(?:ln)?\s*\(\s*(?:window\s*\.\s*)?unescape\s*\(/i, 'document.write(unescape('],
  [/\bnew\s+Function\s*\(/i, 'new Function('],
];

const BLOBS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?:\\x[0-9a-f]{2}){16,}/i, 'a long hex-escaped string'],
  [/(?:\\u[0-9a-f]{4}){16,}/i, 'a long unicode-escaped string'],
  [/(?:%[0-9a-f]{2}){24,}/i, 'a long percent-encoded string'],
  [/[A-Za-z0-9+/]{160,}={0,2}/, 'a long base64 blob'],
];

/** What marks `code` (script text, a handler, a javascript: URL) as obfuscated, or null. */
export function obfuscationInCode(code: string): string | null {
  for (const [pattern, name] of [...CALLS, ...BLOBS]) if (pattern.test(code)) return name;
  return null;
}

/** The same for stored plain text (settings, redirect targets): only the decoding calls count. */
export function obfuscationInText(text: string): string | null {
  for (const [pattern, name] of CALLS) if (pattern.test(text)) return name;
  return null;
}
