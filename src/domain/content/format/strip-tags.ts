import { isCSpace, phpTrim } from './php';

// ---------------------------------------------------------------------------------------------
// wp_strip_all_tags()
// ---------------------------------------------------------------------------------------------

const SCRIPT_STYLE_TEST = /<(?:script|style)/i;
const SCRIPT_STYLE_OPEN = /<(script|style)[^>]*?>/gi;

/**
 * `preg_replace( '@<(script|style)[^>]*?>.*?</\\1>@si', '', $text )`, remembering the next closer
 * of each name so that many unclosed openers do not each rescan the rest of the text.
 */
function removeScriptStyle(text: string): string {
  if (!SCRIPT_STYLE_TEST.test(text)) return text;
  // ASCII-only lower-casing keeps every index in place.
  const lower = text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
  const nextClose = new Map<string, number>();
  const open = SCRIPT_STYLE_OPEN;
  open.lastIndex = 0;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = open.exec(text)) !== null) {
    const closer = `</${m[1]!.toLowerCase()}>`;
    const from = m.index + m[0].length;
    let close = nextClose.get(closer);
    if (close === undefined || (close !== -1 && close < from)) {
      close = lower.indexOf(closer, from);
      nextClose.set(closer, close);
    }
    if (close === -1) {
      open.lastIndex = m.index + 1;
      continue;
    }
    out += text.slice(last, m.index);
    last = close + closer.length;
    open.lastIndex = last;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** PHP's strip_tags() state machine (php_strip_tags_ex, no allowed tags). */
function phpStripTags(text: string): string {
  if (!text.includes('<') && !text.includes('>') && !text.includes('\0')) return text;
  let out = '';
  // Characters kept in state 0 are copied in runs: [runStart, p).
  let runStart = 0;
  let state = 0;
  let depth = 0;
  let inQ = '';
  let lc = '';
  let br = 0;
  let isXml = false;
  const n = text.length;
  for (let p = 0; p < n; p++) {
    const c = text[p]!;
    if (state === 0) {
      let keep = true;
      if (c === '\0') {
        keep = false;
      } else if (c === '<') {
        if (inQ) keep = false;
        else if (!isCSpace(text[p + 1])) {
          keep = false;
          lc = '<';
          state = 1;
        }
      } else if (c === '>') {
        if (depth) {
          depth--;
          keep = false;
        } else if (inQ) {
          keep = false;
        }
      }
      if (!keep) {
        if (runStart < p) out += text.slice(runStart, p);
        runStart = p + 1;
      }
      if (state === 0) continue;
    } else if (state === 1) {
      switch (c) {
        case '<':
          if (inQ) break;
          if (isCSpace(text[p + 1])) break;
          depth++;
          break;
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          lc = '>';
          if (isXml && p >= 1 && text[p - 1] === '-') break;
          inQ = '';
          state = 0;
          isXml = false;
          break;
        case '"':
        case "'":
          if (p !== 0 && (!inQ || c === inQ)) inQ = inQ ? '' : c;
          break;
        case '!':
          if (p >= 1 && text[p - 1] === '<') {
            state = 3;
            lc = c;
          }
          break;
        case '?':
          if (p >= 1 && text[p - 1] === '<') {
            br = 0;
            state = 2;
          }
          break;
        default:
          break;
      }
    } else if (state === 2) {
      switch (c) {
        case '(':
          if (lc !== '"' && lc !== "'") {
            lc = '(';
            br++;
          }
          break;
        case ')':
          if (lc !== '"' && lc !== "'") {
            lc = ')';
            br--;
          }
          break;
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          if (!br && p >= 1 && lc !== '"' && text[p - 1] === '?') {
            inQ = '';
            state = 0;
          }
          break;
        case '"':
        case "'":
          // A backslash-escaped quote neither opens nor closes a string.
          if (p >= 1 && text[p - 1] !== '\\') {
            if (lc === c) lc = '';
            else if (lc !== '\\') lc = c;
            if (!inQ || c === inQ) inQ = inQ ? '' : c;
          }
          break;
        case 'l':
        case 'L':
          if (p > 4 && (text[p - 1] === 'm' || text[p - 1] === 'M') && (text[p - 2] === 'x' || text[p - 2] === 'X') && text[p - 3] === '?' && text[p - 4] === '<') {
            state = 1;
            isXml = true;
          }
          break;
        default:
          break;
      }
    } else if (state === 3) {
      switch (c) {
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          inQ = '';
          state = 0;
          break;
        case '"':
        case "'":
          if (p !== 0 && text[p - 1] !== '\\' && (!inQ || c === inQ)) inQ = inQ ? '' : c;
          break;
        case '-':
          if (p >= 2 && text[p - 1] === '-' && text[p - 2] === '!') state = 4;
          break;
        case 'E':
        case 'e':
          // <!DOCTYPE: handled like an ordinary tag.
          if (p > 6 && text.slice(p - 6, p).toLowerCase() === 'doctyp') state = 1;
          break;
        default:
          break;
      }
    } else {
      // state 4: inside <!-- … -->, which only `-->` ends.
      if (c === '>' && !inQ && p >= 2 && text[p - 1] === '-' && text[p - 2] === '-') {
        inQ = '';
        state = 0;
      }
    }
    // Back in state 0 after a tag: the next run starts after this character.
    if (state === 0) runStart = p + 1;
  }
  if (state === 0 && runStart < n) out += text.slice(runStart);
  return out;
}

/** wp_strip_all_tags(): removes <script>/<style> with their contents, then every tag, then trims. */
export function stripAllTags(html: string, removeBreaks = false): string {
  let text = removeScriptStyle(html);
  text = phpStripTags(text);
  if (removeBreaks) text = text.replace(/[\r\n\t ]+/g, ' ');
  return phpTrim(text);
}
