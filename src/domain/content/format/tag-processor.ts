import { strtr } from './php';

/*
 * A port of the parts of WP_HTML_Tag_Processor that next_tag() and add_class() use: its
 * tokenizer (text, comments, doctypes, bogus comments, tags and their attributes, the contents of
 * SCRIPT, STYLE, TEXTAREA, TITLE, IFRAME, NOEMBED, NOFRAMES and XMP) and its class rewriting.
 * Like WordPress, it gives up (changes nothing) when the markup ends inside a token.
 */

const TAG_NAME_END = ' \t\f\r\n/>';
const ATTR_NAME_END = '=/> \t\f\r\n';
const ATTR_VALUE_END = '> \t\f\r\n';
const HTML_SPACE = ' \t\f\r\n';

function isAsciiAlpha(ch: string | undefined): boolean {
  return ch !== undefined && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'));
}

function asciiUpper(text: string): string {
  return text.replace(/[a-z]+/g, (run) => run.toUpperCase());
}

/** strcspn( $html, $stop, $at ): the length of the run from `at` without any of `stop`. */
function strcspn(html: string, stop: string, at: number): number {
  let i = at;
  while (i < html.length && !stop.includes(html[i]!)) i++;
  return i - at;
}

function skipChars(html: string, chars: string, at: number): number {
  while (at < html.length && chars.includes(html[at]!)) at++;
  return at;
}

interface AttributeToken {
  start: number;
  end: number;
  valueStart: number;
  valueLength: number;
}

/** parse_next_attribute(): the next position, an attribute when one was read, or -1 for incomplete input. */
function parseNextAttribute(html: string, pos: number): { pos: number; name?: string; attr?: AttributeToken } {
  const n = html.length;
  pos = skipChars(html, ' \t\f\r\n/', pos);
  if (pos >= n) return { pos: -1 };
  const nameLength = html[pos] === '=' ? 1 + strcspn(html, ATTR_NAME_END, pos + 1) : strcspn(html, ATTR_NAME_END, pos);
  if (nameLength === 0 || pos + nameLength >= n) return { pos };
  const start = pos;
  const name = html.slice(pos, pos + nameLength);
  pos = skipChars(html, HTML_SPACE, pos + nameLength);
  if (pos >= n) return { pos: -1 };
  let valueStart = pos;
  let valueLength = 0;
  let end = start + nameLength;
  if (html[pos] === '=') {
    pos = skipChars(html, HTML_SPACE, pos + 1);
    if (pos >= n) return { pos: -1 };
    const quote = html[pos];
    if (quote === '"' || quote === "'") {
      valueStart = pos + 1;
      let endQuote = html.indexOf(quote, valueStart);
      if (endQuote === -1) endQuote = n;
      valueLength = endQuote - valueStart;
      end = endQuote + 1;
    } else {
      valueStart = pos;
      valueLength = strcspn(html, ATTR_VALUE_END, pos);
      end = valueStart + valueLength;
    }
    pos = end;
  }
  if (end >= n) return { pos: -1 };
  return { pos, name, attr: { start, end, valueStart, valueLength } };
}

/** Skips the attributes of a closing tag; the position of its `>` or `/>` end, or -1. */
function skipCloserAttributes(html: string, pos: number): number {
  for (;;) {
    const next = parseNextAttribute(html, pos);
    if (next.pos === -1) return -1;
    pos = next.pos;
    if (next.attr === undefined) return pos;
  }
}

/** skip_rcdata() / skip_rawtext(): the position after `</name…>`, or -1. */
function skipRcdata(html: string, at: number, tagName: string): number {
  const n = html.length;
  const length = tagName.length;
  while (at < n) {
    at = html.indexOf('</', at);
    if (at === -1 || at + length >= n) return -1;
    at += 2;
    let i = 0;
    while (i < length && html[at + i] !== undefined && asciiUpper(html[at + i]!) === tagName[i]) i++;
    if (i < length) {
      at += i;
      continue;
    }
    at += length;
    if (at >= n) return -1;
    const c = html[at];
    if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\n' && c !== '/' && c !== '>') continue;
    at = skipCloserAttributes(html, at);
    if (at === -1 || at >= n) return -1;
    if (html[at] === '>') return at + 1;
    if (at + 1 >= n) return -1;
    if (html[at] === '/' && html[at + 1] === '>') return at + 2;
  }
  return -1;
}

/** skip_script_data(): the position after the `</script>` that ends the element, or -1. */
function skipScriptData(html: string, at: number): number {
  const n = html.length;
  let state: 'unescaped' | 'escaped' | 'double-escaped' = 'unescaped';
  while (at < n) {
    at += strcspn(html, '-<', at);
    if (at + 8 >= n) return -1;
    if (html[at] === '-' && html[at + 1] === '-' && html[at + 2] === '>') {
      at += 3;
      state = 'unescaped';
      continue;
    }
    if (html[at++] !== '<') continue;
    if (state === 'unescaped' && html[at] === '!' && html[at + 1] === '-' && html[at + 2] === '-') {
      at = skipChars(html, '-', at + 3);
      if (at < n && html[at] === '>') {
        at++;
        continue;
      }
      state = 'escaped';
      continue;
    }
    let closing = false;
    let closerStart = 0;
    if (html[at] === '/') {
      closerStart = at - 1;
      closing = true;
      at++;
    }
    if (asciiUpper(html.slice(at, at + 6)) !== 'SCRIPT') {
      at++;
      continue;
    }
    at += 6;
    const c = html[at];
    if (c !== '>' && c !== ' ' && c !== '\n' && c !== '/' && c !== '\t' && c !== '\f' && c !== '\r') continue;
    if (state === 'escaped' && !closing) {
      state = 'double-escaped';
      continue;
    }
    if (state === 'double-escaped' && closing) {
      state = 'escaped';
      continue;
    }
    if (closing) {
      const end = skipCloserAttributes(html, closerStart);
      if (end === -1 || end >= n) return -1;
      if (html[end] === '>') return end + 1;
    }
    at++;
  }
  return -1;
}

interface StartTag {
  nameStart: number;
  nameEnd: number;
  attributes: Map<string, AttributeToken>;
}

function asciiIStartsWith(html: string, at: number, word: string): boolean {
  return asciiUpper(html.slice(at, at + word.length)) === word;
}

/**
 * next_tag() until a start tag named in `names`: that tag, or null at the end of the markup or
 * where the tag processor stops on incomplete input.
 */
function findStartTag(html: string, names: ReadonlySet<string>): StartTag | null {
  const n = html.length;
  let wasAt = 0;
  while (wasAt < n) {
    // parse_next_tag()
    let at = wasAt;
    let next = -1;
    let tag: { closing: boolean; nameStart: number; nameEnd: number } | null = null;
    while (at < n) {
      at = html.indexOf('<', at);
      if (at === -1) break;
      if (at > wasAt) {
        const c = html[at + 1];
        if (c !== '!' && c !== '/' && c !== '?' && !isAsciiAlpha(c)) {
          at++;
          continue;
        }
        next = at;
        break;
      }
      let closing = false;
      if (at + 1 < n && html[at + 1] === '/') {
        closing = true;
        at++;
      }
      if (isAsciiAlpha(html[at + 1])) {
        const nameStart = at + 1;
        let prefix = nameStart;
        while (isAsciiAlpha(html[prefix])) prefix++;
        tag = { closing, nameStart, nameEnd: prefix + strcspn(html, TAG_NAME_END, prefix) };
        break;
      }
      if (at + 1 >= n) return null;
      if (!closing && html[at + 1] === '!') {
        if (html.startsWith('--', at + 2)) {
          let closerAt = at + 4;
          if (n <= closerAt) return null;
          const dashes = skipChars(html, '-', closerAt) - closerAt;
          if (html[closerAt + dashes] === '>') {
            next = closerAt + dashes + 1;
            break;
          }
          closerAt--;
          while (++closerAt < n) {
            closerAt = html.indexOf('--', closerAt);
            if (closerAt === -1) return null;
            if (closerAt + 2 < n && html[closerAt + 2] === '>') {
              next = closerAt + 3;
              break;
            }
            if (closerAt + 3 < n && html[closerAt + 2] === '!' && html[closerAt + 3] === '>') {
              next = closerAt + 4;
              break;
            }
          }
          if (next !== -1) break;
        }
        if (n > at + 8 && asciiIStartsWith(html, at + 2, 'DOCTYPE')) {
          const closerAt = html.indexOf('>', at + 9);
          if (closerAt === -1) return null;
          next = closerAt + 1;
          break;
        }
        const closerAt = html.indexOf('>', at + 1);
        if (closerAt === -1) return null;
        next = closerAt + 1;
        break;
      }
      if (html[at + 1] === '>') {
        if (!closing) {
          at++;
          continue;
        }
        next = at + 2;
        break;
      }
      if (!closing && html[at + 1] === '?') {
        const closerAt = html.indexOf('>', at + 2);
        if (closerAt === -1) return null;
        next = closerAt + 1;
        break;
      }
      if (closing) {
        if (at + 3 > n) return null;
        const closerAt = html.indexOf('>', at + 2);
        if (closerAt === -1) return null;
        next = closerAt + 1;
        break;
      }
      at++;
    }
    if (tag === null) {
      if (next === -1) return null; // The rest is text.
      wasAt = next;
      continue;
    }

    // Attributes, then the end of the tag.
    const attributes = new Map<string, AttributeToken>();
    let pos = tag.nameEnd;
    for (;;) {
      const parsed = parseNextAttribute(html, pos);
      if (parsed.pos === -1) return null;
      pos = parsed.pos;
      if (parsed.attr === undefined) break;
      const key = parsed.name!.toLowerCase();
      if (!tag.closing && !attributes.has(key)) attributes.set(key, parsed.attr);
    }
    if (pos >= n) return null;
    const tagEnd = html.indexOf('>', pos);
    if (tagEnd === -1) return null;
    wasAt = tagEnd + 1;
    if (tag.closing) continue;

    const name = asciiUpper(html.slice(tag.nameStart, tag.nameEnd));
    if (name === 'SCRIPT') {
      wasAt = skipScriptData(html, wasAt);
      if (wasAt === -1) return null;
      continue;
    }
    if (RAW_TEXT_ELEMENTS.has(name)) {
      wasAt = skipRcdata(html, wasAt, name);
      if (wasAt === -1) return null;
      continue;
    }
    if (names.has(name)) return { nameStart: tag.nameStart, nameEnd: tag.nameEnd, attributes };
  }
  return null;
}

/** Elements whose contents are text up to their closing tag (besides SCRIPT). */
const RAW_TEXT_ELEMENTS = new Set(['TEXTAREA', 'TITLE', 'IFRAME', 'NOEMBED', 'NOFRAMES', 'STYLE', 'XMP']);

const ENTITY_PLACEHOLDER = '\uE000';

/**
 * Decodes an attribute value for class handling: numeric references and the basic named ones.
 * Other named references are kept as written (WordPress decodes them all; the rendered value is
 * the same to a browser).
 */
function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);/g, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    const basic = ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' } as Record<string, string>)[body];
    return basic ?? ENTITY_PLACEHOLDER + body + ';';
  });
}

/** WP_HTML_Tag_Processor: next_tag() to the first tag named in `names`, add_class(), get_updated_html(). */
export function addClassToFirstTag(html: string, names: ReadonlySet<string>, className: string): string {
  const tag = findStartTag(html, names);
  if (tag === null) return html;
  const existing = tag.attributes.get('class');
  let value = '';
  const seen: string[] = [];
  if (existing !== undefined) {
    const classes = decodeAttribute(html.slice(existing.valueStart, existing.valueStart + existing.valueLength));
    const tokenRe = /([\t\n\f\r ]*)([^\t\n\f\r ]+)/g;
    let t: RegExpExecArray | null;
    while ((t = tokenRe.exec(classes)) !== null) {
      if (seen.includes(t[2]!)) continue;
      seen.push(t[2]!);
      if (value !== '') value += t[1];
      value += t[2];
    }
  }
  if (seen.includes(className)) return html;
  value += (value.length > 0 ? ' ' : '') + className;
  const escaped = strtr(value, [['<', '&lt;'], ['>', '&gt;'], ['&', '&amp;'], ['"', '&quot;'], ["'", '&apos;']]).replaceAll(ENTITY_PLACEHOLDER, '&');
  if (existing === undefined) return html.slice(0, tag.nameEnd) + ` class="${escaped}"` + html.slice(tag.nameEnd);
  return html.slice(0, existing.start) + `class="${escaped}"` + html.slice(existing.end);
}
