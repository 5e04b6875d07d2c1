/** Plain text from an HTML description, for DESCRIPTION (calendar apps show it as text). */

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', copy: '©', reg: '®', trade: '™', euro: '€', bull: '•', middot: '·',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** Does the text contain HTML markup (a tag or an entity)? */
export function looksLikeHtml(text: string): boolean {
  return /<[a-z!/][^>]*>/i.test(text) || /&(#x[0-9a-f]+|#\d+|[a-z]+);/i.test(text);
}

/** Block elements become line breaks, list items get a dash, links keep their address, the rest of the markup goes. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<a\b[^>]*\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi, (_, _q, href: string, label: string) => {
      const inner = label.replace(/<[^>]*>/g, '').trim();
      return inner && inner !== href && !/^(mailto:|tel:)/i.test(href) ? `${inner} (${href})` : inner || href;
    })
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]*\n[ \t]*/g, ' ') // source line breaks are not text line breaks in HTML
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|blockquote|pre|section|article)\s*>/gi, '\n\n')
    .replace(/<(p|div|h[1-6]|ul|ol|table|blockquote|pre|section|article|tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
