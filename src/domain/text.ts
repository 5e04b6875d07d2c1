/**
 * WordPress's text helpers that are rules about data, not about HTTP: PHP-style string casts and
 * sanitize_text_field(). The REST sanitiser and the domain both use them.
 */

export function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** PHP's (string) cast of a scalar: true → "1", false → "", floats with PHP's 14-digit precision. */
export function phpString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '';
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return String(value);
    return String(Number(value.toPrecision(14)));
  }
  if (value === null || value === undefined) return '';
  return 'Array';
}

export const PHP_TRIM = /^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g;

/** esc_html(): existing entities are not double-encoded. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/**
 * sanitize_text_field() / sanitize_textarea_field(): invalid UTF-16 → "", tags stripped (a lone "<"
 * is kept as &lt;), whitespace runs collapsed (newlines kept for textarea), trimmed, and
 * percent-encoded octets removed.
 */
export function sanitizeTextField(value: unknown, keepNewlines = false): string {
  if (!isScalar(value) && value !== null && value !== undefined) return '';
  let text = phpString(value);
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) return '';

  if (text.includes('<')) {
    text = text.replace(/<[^>]*?(?:(?=<)|>|$)/g, (m) => (m.includes('>') ? m : escapeHtml(m)));
    text = text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '');
    text = text.replace(/<(?!\s)[^>]*>/g, '').replace(PHP_TRIM, ''); // strip_tags keeps "< " as text
    text = text.replace(/<\n/g, '&lt;\n');
  }
  if (!keepNewlines) text = text.replace(/[\r\n\t ]+/g, ' ');
  text = text.replace(PHP_TRIM, '');

  let found = false;
  for (let m = /%[a-f0-9]{2}/i.exec(text); m; m = /%[a-f0-9]{2}/i.exec(text)) {
    text = text.split(m[0]).join('');
    found = true;
  }
  if (found) text = text.replace(/ +/g, ' ').replace(PHP_TRIM, '');
  return text;
}

