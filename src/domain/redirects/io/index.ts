/**
 * Import and export of redirects in the plugin's file formats (CSV, Apache .htaccess, Nginx and the
 * plugin's JSON): pure text <-> records, no database (the domain's import/export functions call these).
 *
 * PLACEHOLDER: the import/export work implements these; the signatures stay.
 */
import type { RedirectGroupRecord, RedirectInput, RedirectRecord, SourceFlags } from '../types';

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
}

/** The file text of one export (`data` of GET /export/{module}/{format}). */
export function exportRedirects(format: ExportFormat, input: ExportInput): string {
  void format;
  void input;
  throw new Error('not implemented');
}

export interface ParsedImport {
  /** Groups a JSON file carries (with the ids they had there); empty for the other formats. */
  groups: Array<{ id: number; name: string; moduleId: number; enabled: boolean }>;
  /** Redirects in file order; `group_id` refers to `groups` ids for JSON, and is absent otherwise (the route's group). */
  redirects: RedirectInput[];
}

/** Parses an uploaded file; its name's extension decides the format, as the plugin's importer does. */
export function parseImport(fileName: string, text: string): ParsedImport {
  void fileName;
  void text;
  throw new Error('not implemented');
}
