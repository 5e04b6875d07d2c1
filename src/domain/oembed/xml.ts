/**
 * oEmbed's XML form both ways: the `<oembed>` document WordPress answers `format=xml` with
 * (_oembed_create_xml(): one child per key, list items named `oembed`, values escaped), and the
 * reading of a provider's XML answer (WP_oEmbed::_parse_xml_body(): the root's children as text;
 * a document type declaration is refused, which also rules out entity expansion).
 */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** esc_html(): special characters escaped, existing entities kept. */
function escHtml(text: string): string {
  return text.replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)|[<>"']/gi, (ch) => XML_ESCAPES[ch] ?? ch);
}

const keyName = (key: string) => (/^\d+$/.test(key) ? 'oembed' : key);

function scalarText(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  return String(value);
}

function children(data: Record<string, unknown> | unknown[]): string {
  let out = '';
  for (const [key, value] of Object.entries(data)) {
    const name = keyName(key);
    if (value !== null && typeof value === 'object') {
      const inner = Object.keys(value).length ? children(value as Record<string, unknown>) : '';
      out += inner ? `<${name}>${inner}</${name}>` : `<${name}/>`;
    } else {
      const text = escHtml(scalarText(value));
      out += text ? `<${name}>${text}</${name}>` : `<${name}/>`;
    }
  }
  return out;
}

/** The XML answer of the embed route (SimpleXMLElement::asXML(): declaration, newline, document, newline). */
export function oembedXml(data: Record<string, unknown>): string {
  return `<?xml version="1.0"?>\n<oembed>${children(data)}</oembed>\n`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(text.trim());
  if (cdata) return cdata[1];
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A provider's XML answer as flat text fields, or null when it is not a plain document. */
export function parseOembedXml(body: string): Record<string, string> | null {
  if (/<!DOCTYPE/i.test(body) || /<!ENTITY/i.test(body)) return null;
  const text = body.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>)?\s*/, '');
  const root = /^<([A-Za-z_][\w.-]*)[^>]*>([\s\S]*)<\/\1>\s*$/.exec(text);
  if (!root) return null;
  const out: Record<string, string> = {};
  const child = /<([A-Za-z_][\w.-]*)[^>]*?(?:\/>|>([\s\S]*?)<\/\1>)/g;
  for (let m = child.exec(root[2]); m; m = child.exec(root[2])) out[m[1]] = decodeXmlText(m[2] ?? '');
  return out;
}
