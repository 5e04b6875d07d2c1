/**
 * The normalised form of a source under its flags (the plugin's Red_Url_Match): what is stored as
 * `match_url` and what a site request is reduced to before the exact-path lookup.
 *
 * PLACEHOLDER: the matching engine's work replaces this with the plugin's full rules
 * (percent-encoding, query handling for `exactorder`); the signature stays.
 */
import type { SourceFlags } from '../types';

export function matchUrlOf(source: string, flags: SourceFlags): string {
  if (flags.flag_regex) return 'regex';
  let path = source.split('?')[0] ?? '';
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.toLowerCase();
}
