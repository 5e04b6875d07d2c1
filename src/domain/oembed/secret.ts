import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** wp_generate_password( 10, false ): the secret pairing an embed's iframe with its host page. */
export function embedSecret(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** esc_attr() / esc_html(): special characters escaped, entities already there kept. */
export function escAttr(text: string): string {
  return text.replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)|[<>"']/gi, (ch) => ATTR_ESCAPES[ch] ?? ch);
}

/**
 * esc_url() for display: http(s) and relative addresses only (anything else gives ''), spaces
 * encoded, `&` printed as `&#038;` and `'` as `&#039;`, as WordPress prints them in markup.
 */
export function escUrl(url: string): string {
  const trimmed = url.trim().replace(/ /g, '%20').replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi, '');
  if (trimmed === '') return '';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  if (scheme && !['http', 'https'].includes(scheme[1].toLowerCase())) return '';
  return trimmed.replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&#038;').replace(/&amp;/g, '&#038;').replace(/'/g, '&#039;');
}
