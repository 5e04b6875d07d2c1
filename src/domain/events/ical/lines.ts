/**
 * RFC 5545 §3.1 content lines: unfolding and folding (75 octets, never inside a UTF-8 sequence),
 * property parameters (quoted values, RFC 6868 caret escapes) and TEXT escaping.
 */
import { icalParseError } from './errors';

export type Params = Record<string, string[]>;

/** One unfolded content line: `NAME;PARAM=a,b:value`, with the physical line it started on. */
export interface ContentLine {
  /** Upper-cased property name (a vCard-style `group.` prefix is dropped). */
  name: string;
  /** Upper-cased parameter names to their values (unquoted, caret escapes decoded). */
  params: Params;
  /** The raw value, still TEXT-escaped. */
  value: string;
  line: number;
}

const MAX_OCTETS = 75;
// RFC 5545 names are letters, digits and dashes; underscores appear in the wild and do no harm.
const NAME = /^[A-Za-z0-9_-]+$/;

/** Joins folded lines back together (CRLF, LF or CR line ends; continuation starts with space or tab). */
export function unfold(text: string): { text: string; line: number }[] {
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const logical: { text: string; line: number }[] = [];
  physical.forEach((raw, index) => {
    const line = index + 1;
    if (raw.startsWith(' ') || raw.startsWith('\t')) {
      const previous = logical[logical.length - 1];
      if (!previous) throw icalParseError(line, 'a continuation line with no line to continue');
      previous.text += raw.slice(1);
      return;
    }
    if (raw.trim() === '') return; // blank lines are not allowed, but harmless: skip them
    logical.push({ text: raw, line });
  });
  return logical;
}

/** RFC 6868: `^n` newline, `^'` double quote, `^^` caret. */
function decodeParamValue(value: string): string {
  return value.replace(/\^([nN'^])/g, (_, c: string) => (c === "'" ? '"' : c === '^' ? '^' : '\n'));
}

function encodeParamValue(value: string): string {
  const encoded = value.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\r\n|\r|\n/g, '^n');
  return /[;:,]/.test(encoded) || /^\s|\s$/.test(encoded) ? `"${encoded}"` : encoded;
}

/** Splits `NAME;P=v;Q="a;b":value` into name, parameters and raw value. */
export function parseContentLine(text: string, line: number): ContentLine {
  let i = 0;
  while (i < text.length && text[i] !== ';' && text[i] !== ':') i++;
  const fullName = text.slice(0, i);
  const name = fullName.includes('.') ? fullName.slice(fullName.lastIndexOf('.') + 1) : fullName;
  if (!NAME.test(name)) throw icalParseError(line, `"${truncate(text)}" is not a content line (NAME:value)`);
  const params: Params = {};
  while (text[i] === ';') {
    i++;
    const eq = text.indexOf('=', i);
    if (eq < 0) throw icalParseError(line, `parameter without a value in "${truncate(text)}"`);
    const paramName = text.slice(i, eq).toUpperCase();
    if (!NAME.test(paramName)) throw icalParseError(line, `bad parameter name "${paramName}"`);
    i = eq + 1;
    const values: string[] = [];
    for (;;) {
      if (text[i] === '"') {
        const close = text.indexOf('"', i + 1);
        if (close < 0) throw icalParseError(line, `unterminated quoted parameter value for ${paramName}`);
        values.push(decodeParamValue(text.slice(i + 1, close)));
        i = close + 1;
      } else {
        const start = i;
        while (i < text.length && !';:,'.includes(text[i])) i++;
        values.push(decodeParamValue(text.slice(start, i)));
      }
      if (text[i] !== ',') break;
      i++;
    }
    params[paramName] = [...(params[paramName] ?? []), ...values];
  }
  if (text[i] !== ':') throw icalParseError(line, `missing ":" after the name and parameters in "${truncate(text)}"`);
  return { name: name.toUpperCase(), params, value: text.slice(i + 1), line };
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** First value of a parameter. */
export function param(params: Params, name: string): string | undefined {
  return params[name]?.[0];
}

/** Builds an unfolded content line from a name, parameters and an already-escaped value. */
export function formatContentLine(name: string, params: Record<string, string | undefined>, value: string): string {
  let text = name;
  for (const [key, paramValue] of Object.entries(params)) {
    if (paramValue !== undefined) text += `;${key}=${encodeParamValue(paramValue)}`;
  }
  return `${text}:${value}`;
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Folds a line so no physical line exceeds 75 octets, never splitting a character; joins with CRLF + space. */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** Reverses escapeText; an unknown escape keeps its character (lenient, as calendar apps are). */
export function unescapeText(text: string): string {
  return text.replace(/\\(.)/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Splits a TEXT list on commas that are not escaped, then unescapes each item. */
export function splitTextList(text: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && i + 1 < text.length) {
      current += text[i] + text[i + 1];
      i++;
    } else if (text[i] === ',') {
      items.push(current);
      current = '';
    } else current += text[i];
  }
  items.push(current);
  return items.map(unescapeText);
}
