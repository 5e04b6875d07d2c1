/**
 * What stored HTML holds that a scanner cares about, read with parse5's tokenizer (the HTML
 * standard's, as browsers read it) rather than patterns: entity-encoded `javascript&#58;` URLs,
 * odd spacing and upper case are decoded as a browser would. Text inside <script> (and the other
 * raw-text elements) is read as the tokenizer's content states say, as format/tag-processor.ts does.
 */
import { Tokenizer } from 'parse5';
import type { Token, TokenHandler } from 'parse5';
import { CONTENT_STATES } from '../../content/format/tag-processor';
import { obfuscationInCode } from './obfuscation';

export type InjectionKind = 'script' | 'iframe' | 'event-handler' | 'javascript-url' | 'obfuscated';

export interface Injection {
  kind: InjectionKind;
  /** What was found, for people (`<script>`, `onerror`, `eval(`...). */
  detail: string;
}

export interface HtmlFacts {
  /** At most one per kind, the first found. */
  injections: Injection[];
  /** The URLs of links and embedded resources (href, src, action...). */
  links: string[];
}


/** Elements that load another document or plug-in into the page. */
const FRAMES = new Set(['iframe', 'frame', 'frameset', 'object', 'embed']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'cite']);

/** A URL that runs code when followed (browsers drop ASCII whitespace and controls before the scheme). */
export function isScriptUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  const plain = url.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
  return plain.startsWith('javascript:') || plain.startsWith('vbscript:') || plain.startsWith('data:text/html') || plain.startsWith('data:image/svg+xml');
}

const ignore = (): void => {};

export function scanHtml(html: string): HtmlFacts {
  const found = new Map<InjectionKind, Injection>();
  const links: string[] = [];
  const add = (kind: InjectionKind, detail: string) => {
    if (!found.has(kind)) found.set(kind, { kind, detail });
  };
  const code = (text: string) => {
    const sign = obfuscationInCode(text);
    if (sign) add('obfuscated', sign);
  };
  if (!html.includes('<')) return { injections: [], links };
  let script: string[] | null = null;
  const onText = (token: Token.CharacterToken) => {
    if (script) script.push(token.chars);
  };
  const handler: TokenHandler = {
    onStartTag(token) {
      const name = token.tagName;
      if (name === 'script') {
        add('script', '<script>');
        script = [];
      } else if (FRAMES.has(name)) {
        add('iframe', `<${name}>`);
      }
      for (const attr of token.attrs) {
        const attribute = attr.name.toLowerCase();
        if (attribute.startsWith('on') && attribute.length > 2) {
          add('event-handler', attribute);
          code(attr.value);
        } else if (URL_ATTRIBUTES.has(attribute)) {
          if (isScriptUrl(attr.value)) {
            add('javascript-url', `${attribute}="${attr.value.trim().slice(0, 40)}"`);
            code(attr.value);
          } else if (attr.value.trim()) {
            links.push(attr.value.trim());
          }
        }
      }
      const state = CONTENT_STATES.get(name);
      if (state !== undefined && !token.selfClosing) tokenizer.state = state;
    },
    onEndTag(token) {
      if (token.tagName === 'script' && script) {
        code(script.join(''));
        script = null;
      }
    },
    onComment: ignore,
    onDoctype: ignore,
    onEof() {
      // An unclosed script still runs up to the end of the text.
      if (script) code(script.join(''));
    },
    onCharacter: onText,
    onNullCharacter: ignore,
    onWhitespaceCharacter: onText,
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: false }, handler);
  tokenizer.write(html, true);
  return { injections: [...found.values()], links };
}
