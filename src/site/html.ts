/**
 * HTML templates as plain TypeScript: the `html` tag escapes every interpolated value unless it
 * is already `Html` (another template, or markup the domain rendered and vouches for, wrapped with
 * `trusted`). Arrays are joined, null/undefined/false print nothing.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** esc_html / esc_attr: the five characters that matter in text and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

function print(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(print).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += print(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup that is already HTML: the domain's rendered fields (the_content, the_title...). */
export function trusted(markup: string): Html {
  return new Html(markup);
}

/**
 * A rendered field (entities already encoded) as text for a <title> or a quoted attribute: tags
 * stripped, the entities kept, and what could end the element or the attribute escaped.
 */
export function renderedText(rendered: string): Html {
  return new Html(rendered.replace(/<[^>]*>?/g, '').trim().replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
}
