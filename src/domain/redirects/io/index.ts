/**
 * Import and export of redirects in the plugin's file formats (CSV, Apache .htaccess, Nginx and the
 * plugin's JSON): pure text <-> records, no database (the domain's import/export functions call these).
 * One file per format; rules.ts and patterns.ts hold what the two server formats share.
 */
import type { RedirectGroupRecord, RedirectInput, RedirectRecord, SourceFlags } from '../types';
import { exportApache, parseApache } from './apache';
import { exportCsv, parseCsv } from './csv';
import { exportJson, parseJson, type ParsedGroup } from './json';
import { exportNginx, parseNginx } from './nginx';

export const EXPORT_FORMATS = ['csv', 'apache', 'nginx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportInput {
  groups: RedirectGroupRecord[];
  /** Enabled redirects only (the plugin exports nothing else), in group and position order. */
  redirects: RedirectRecord[];
  /** The site's default source flags (match_data shows flags with defaults filled in). */
  defaults: SourceFlags;
  /** When the file was made (the header comments, the JSON's plugin.date). */
  now: Date;
  /** The `https` setting: the Apache file then opens with the plugin's "force HTTPS" rule. */
  https?: boolean;
  /** The site's date format for the JSON's `last_access` (default WordPress's "F j, Y"). */
  dateFormatter?: (date: Date) => string;
}

/** The file text of one export (`data` of GET /export/{module}/{format}). */
export function exportRedirects(format: ExportFormat, input: ExportInput): string {
  switch (format) {
    case 'csv':
      return exportCsv(input.redirects);
    case 'apache':
      return exportApache(input.redirects, input.defaults, input.now, input.https);
    case 'nginx':
      return exportNginx(input.redirects, input.defaults, input.now);
    case 'json':
      return exportJson(input.groups, input.redirects, input.defaults, input.now, input.dateFormatter);
  }
}

export type ImportFormat = ExportFormat;

export interface ParsedImport {
  /** Groups a JSON file carries (with the ids they had there); empty for the other formats. */
  groups: ParsedGroup[];
  /** Redirects in file order; `group_id` refers to `groups` ids for JSON, and is absent otherwise (the route's group). */
  redirects: RedirectInput[];
  /** Which reader read the file. */
  format: ImportFormat;
  /** Lines (Apache, Nginx statements), rows (CSV) or entries (JSON) that did not become redirects; comments and blank lines are not counted. */
  skipped: number;
}

/** Nginx files are ours to read (the plugin reads none): a `.nginx` name, or `server {` / `rewrite ...;` in a file of another name. */
function looksLikeNginx(extension: string, text: string): boolean {
  if (extension === 'nginx') return true;
  // Line by line, without regular expressions that could backtrack over a hostile upload.
  let nginx = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const head = line.slice(0, 16);
    if (/^(?:rewriterule|rewritecond|redirect(?:match)?)\s/i.test(head)) return false;
    if (/^server\s*\{/.test(head) || (/^rewrite\s/.test(head) && line.endsWith(';'))) nginx = true;
  }
  return nginx;
}

/**
 * Parses an uploaded file; its name's extension decides the format, as the plugin's importer does:
 * .csv and .txt are CSV, .json is JSON, anything else Apache — or Nginx (our addition) when it is
 * named .nginx or reads like an nginx block.
 */
export function parseImport(fileName: string, text: string): ParsedImport {
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (extension === 'csv' || extension === 'txt') return { groups: [], ...parseCsv(text), format: 'csv' };
  if (extension === 'json') return { ...parseJson(text), format: 'json' };
  if (looksLikeNginx(extension, text)) return { groups: [], ...parseNginx(text), format: 'nginx' };
  return { groups: [], ...parseApache(text), format: 'apache' };
}
