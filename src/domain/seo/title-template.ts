/**
 * Yoast's title and description templates (WPSEO_Replace_Vars::replace): `%%variable%%`
 * placeholders replaced by the values of the item shown; placeholders without a value removed;
 * separators left next to each other by a removed value merged into one; whitespace collapsed.
 * Pure: the caller gathers the values (seo/template-vars.ts).
 */
import { formatWallClock } from '../../site/dates';

/** WPSEO_Option_Titles::get_separator_options(), decoded (Yoast prints them as entities). */
export const SEPARATORS: Readonly<Record<string, string>> = {
  'sc-dash': '-',
  'sc-ndash': '–',
  'sc-mdash': '—',
  'sc-colon': ':',
  'sc-middot': '·',
  'sc-bull': '•',
  'sc-star': '*',
  'sc-smstar': '⋆',
  'sc-pipe': '|',
  'sc-tilde': '~',
  'sc-laquo': '«',
  'sc-raquo': '»',
  'sc-lt': '<',
  'sc-gt': '>',
};

/** The separator of a `separator` option value (an unknown key falls back to the dash, as Yoast's default). */
export function separatorOf(key: unknown): string {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(SEPARATORS, key) ? SEPARATORS[key] : '-';
}

/**
 * The values a template may use. A missing (or empty) value removes its placeholder. `%%page%%`
 * is made from pageNumber/pageTotal ("- Page 2 of 3" from page 2 on); the current-date variables
 * from `now` in the site's time (a `YYYY-MM-DD HH:MM:SS` wall clock) and its date format.
 */
export interface TemplateValues {
  sep: string;
  sitename?: string;
  sitedesc?: string;
  title?: string;
  parent_title?: string;
  excerpt?: string;
  excerpt_only?: string;
  category?: string;
  primary_category?: string;
  tag?: string;
  term_title?: string;
  term_description?: string;
  category_description?: string;
  tag_description?: string;
  term_hierarchy?: string;
  searchphrase?: string;
  pt_single?: string;
  pt_plural?: string;
  name?: string;
  user_description?: string;
  userid?: string;
  author_first_name?: string;
  author_last_name?: string;
  id?: string;
  date?: string;
  modified?: string;
  focuskw?: string;
  caption?: string;
  permalink?: string;
  archive_title?: string;
  post_year?: string;
  post_month?: string;
  post_day?: string;
  pageNumber?: number;
  pageTotal?: number;
  /** The site's wall clock now, `YYYY-MM-DD HH:MM:SS`. */
  now?: string;
  dateFormat?: string;
  timeFormat?: string;
}

/** WPSEO_Utils::standardize_whitespace(): line breaks, tabs and non-breaking spaces become one space. */
export function standardizeWhitespace(text: string): string {
  // \s is the same set with or without the `u` flag (no whitespace lies outside the BMP).
  return text.replace(/[\s\u00a0]+/g, ' ');
}

function stripTags(text: string): string {
  return text.replace(/<[^>]*>?/g, '');
}

/** The value of one variable, or undefined when it has none here. */
function valueOf(name: string, values: TemplateValues): string | undefined {
  switch (name) {
    case 'sep':
      return values.sep;
    case 'page': {
      const nr = values.pageNumber ?? 1;
      const max = values.pageTotal ?? 1;
      return max > 1 && nr > 1 ? `${values.sep} Page ${nr} of ${max}` : undefined;
    }
    case 'pagenumber':
      return String(values.pageNumber ?? 1);
    case 'pagetotal':
      return String(values.pageTotal ?? 1);
    case 'currentyear':
      return values.now ? values.now.slice(0, 4) : undefined;
    case 'currentdate':
      return values.now ? formatWallClock(values.dateFormat ?? 'F j, Y', values.now) : undefined;
    case 'currenttime':
      return values.now ? formatWallClock(values.timeFormat ?? 'g:i a', values.now) : undefined;
    case 'currentday':
      return values.now ? formatWallClock('j', values.now) : undefined;
    case 'currentmonth':
      return values.now ? formatWallClock('F', values.now) : undefined;
    case 'pageNumber':
    case 'pageTotal':
    case 'now':
    case 'dateFormat':
    case 'timeFormat':
      return undefined;
  }
  if (!Object.prototype.hasOwnProperty.call(values, name)) return undefined;
  const value = (values as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Runs of a separator (with whitespace between), made once per separator: a list replaces several per record. */
const separatorRuns = new Map<string, RegExp>();
const MAX_SEPARATOR_RUNS = 64;

function separatorRun(sep: string): RegExp {
  let run = separatorRuns.get(sep);
  if (!run) {
    if (separatorRuns.size >= MAX_SEPARATOR_RUNS) separatorRuns.clear();
    const escaped = escapeRegExp(sep);
    run = new RegExp(`${escaped}(?:\\s*${escaped})*`, 'gu');
    separatorRuns.set(sep, run);
  }
  return run;
}

/** WPSEO_Replace_Vars::replace(). */
export function replaceVars(template: string, values: TemplateValues): string {
  let text = stripTags(template);
  if (!text.includes('%%')) return standardizeWhitespace(text).trim();
  // `%%name%%` (Yoast's pattern also accepts a missing closing pair at the very end).
  text = text.replace(/%%([^%\s]+)%%/g, (_whole, name: string) => valueOf(name, values) ?? '');
  if (values.sep !== '') text = text.replace(separatorRun(values.sep), values.sep);
  // As Yoast, a separator left at an end by a removed value (an empty tagline) stays.
  return standardizeWhitespace(text).trim();
}
