import type { RedirectInput } from '../types';

/** What a format's reader gives back: redirects in file order, and how many entries it could not read. */
export interface ParsedLines {
  redirects: RedirectInput[];
  skipped: number;
}
