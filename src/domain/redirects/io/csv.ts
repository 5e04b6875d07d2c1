/**
 * CSV, the plugin's Red_Csv_File: `source,target,regex,code,type,hits,title,status`, non-numeric
 * cells double-quoted. The plugin reads back only source, target, regex and code; we also read type,
 * hits, title and status, so an export re-imports with nothing it wrote lost.
 */
import type { RedirectInput, RedirectRecord } from '../types';
import { ACTION_TYPES, type ActionType } from '../types';
import type { ParsedLines } from './parsed';

const HEADER = ['source', 'target', 'regex', 'code', 'type', 'hits', 'title', 'status'];

/** PHP's is_numeric: such cells go out unquoted. */
const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

function cell(value: string | number): string {
  const text = String(value);
  // Unlike PHP's is_numeric cell, a number with a line break around it is quoted: the row must stay one row.
  return NUMERIC.test(text) && !/[\r\n]/.test(text) ? text : `"${text.replace(/"/g, '""')}"`;
}

/**
 * The target column: the redirect's `action_data.url`, "/unknown" when its match has none (as the
 * plugin), blank for errors (the plugin blanks 4xx codes; we blank every error, whose target means nothing).
 */
function targetOf(record: RedirectRecord): string {
  if (record.actionType === 'error') return '';
  const url = record.actionData?.url;
  return typeof url === 'string' ? url : '/unknown';
}

export function exportCsv(redirects: RedirectRecord[]): string {
  const lines = [HEADER.join(',')];
  for (const r of redirects) {
    lines.push([
      r.url, targetOf(r), r.regex ? 1 : 0, r.actionCode, r.actionType, r.hits, r.title ?? '', r.enabled ? 'active' : 'disabled',
    ].map(cell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Rows of a CSV text with one separator, as fgetcsv reads them ("" escapes, quoted line breaks). */
export function csvRows(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = (): void => {
    row.push(field);
    // A blank line is no row.
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i] ?? '';
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 2; continue; }
      if (c === '"') { quoted = false; i++; continue; }
      field += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === separator) { row.push(field); field = ''; }
    else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
    i++;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Status codes PHP's get_status_header_desc knows: any other code in the file becomes 301, as in the plugin. */
const KNOWN_CODES = new Set([
  100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 306, 307, 308,
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421, 422, 423, 424,
  425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
]);

/** The plugin guesses "regex" from these characters when the column is missing. */
const REGEX_CHARACTERS = /[()[\]$^*]/;

function isActionType(value: string): value is ActionType {
  return (ACTION_TYPES as readonly string[]).includes(value);
}

function inputOf(cells: string[]): RedirectInput {
  const [source = '', target = '', regex, codeCell, typeCell, hits, title, status] = cells;
  const url = source.trim();
  const parsedCode = codeCell === undefined ? NaN : parseInt(codeCell, 10);
  const type = (typeCell ?? '').trim();
  let actionType: ActionType;
  let code: number;
  if (isActionType(type)) {
    // Our extension: the type column decides; code 0 is what pass and nothing carry.
    actionType = type;
    code = KNOWN_CODES.has(parsedCode) || parsedCode === 0 ? parsedCode : type === 'error' ? 404 : 301;
  } else {
    code = KNOWN_CODES.has(parsedCode) ? parsedCode : 301;
    actionType = code > 400 && code < 500 ? 'error' : 'url';
  }
  const input: RedirectInput = {
    url,
    regex: regex === undefined ? REGEX_CHARACTERS.test(url) : parseInt(regex, 10) === 1,
    match_type: 'url',
    action_type: actionType,
    action_code: code,
  };
  if (actionType !== 'error') input.action_data = { url: target.trim() };
  if (hits !== undefined && /^\s*\d+\s*$/.test(hits)) input.hits = parseInt(hits, 10);
  if (title !== undefined) input.title = title;
  if (status !== undefined && status.trim() !== '') input.enabled = status.trim().toLowerCase() !== 'disabled';
  return input;
}

function parseWith(text: string, separator: string): ParsedLines {
  const redirects: RedirectInput[] = [];
  let skipped = 0;
  for (const cells of csvRows(text, separator)) {
    // The header (or any row naming the columns) is not a redirect.
    if (cells[0] === 'source' || cells[1] === 'target') continue;
    const input = cells.length > 1 ? inputOf(cells) : null;
    const url = input?.url;
    const target = (input?.action_data as { url?: string } | undefined)?.url;
    if (!input || url === '' || target === url) skipped++;
    else redirects.push(input);
  }
  return { redirects, skipped };
}

/** Tries `,` then `;` then `|`, keeping the first separator that yields a redirect (the plugin's order). */
export function parseCsv(text: string): ParsedLines {
  const clean = text.replace(/^\uFEFF/, '');
  let first: ParsedLines | null = null;
  for (const separator of [',', ';', '|']) {
    const parsed = parseWith(clean, separator);
    if (parsed.redirects.length > 0) return parsed;
    first ??= parsed;
  }
  return first ?? { redirects: [], skipped: 0 };
}
