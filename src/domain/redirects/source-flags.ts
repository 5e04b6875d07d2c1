/**
 * A redirect's source flags (the plugin's Red_Source_Flags): read from a client's `match_data.source`,
 * stored without the site's defaults (so a redirect follows later changes of them), and shown with
 * every default filled in.
 */
import { QUERY_FLAGS, type MatchData, type QueryFlag, type SourceFlags } from './types';

const FLAG_KEYS = ['flag_query', 'flag_case', 'flag_trailing', 'flag_regex'] as const;

const isRecordLike = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (object: Record<string, unknown>, key: string): unknown => (Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined);

/**
 * The flags a client asked for: a known query flag and boolean flags are taken, anything else falls
 * back to `base` (the site's defaults, with `flag_regex` from the redirect's `regex` field). A regular
 * expression always matches its query exactly, as the plugin forces.
 */
export function readSourceFlags(source: unknown, base: SourceFlags): SourceFlags {
  const flags: SourceFlags = { ...base };
  if (isRecordLike(source)) {
    const query = own(source, 'flag_query');
    if (typeof query === 'string' && (QUERY_FLAGS as readonly string[]).includes(query)) flags.flag_query = query as QueryFlag;
    for (const key of ['flag_case', 'flag_trailing', 'flag_regex'] as const) {
      const value = own(source, key);
      if (typeof value === 'boolean') flags[key] = value;
    }
  }
  if (flags.flag_regex) flags.flag_query = 'exact';
  return flags;
}

/** The flags that differ from the site's defaults (what is stored); empty when none do. */
export function flagsWithoutDefaults(flags: SourceFlags, defaults: SourceFlags): Partial<SourceFlags> {
  const out: Partial<SourceFlags> = {};
  for (const key of FLAG_KEYS) if (flags[key] !== defaults[key]) (out as Record<string, unknown>)[key] = flags[key];
  return out;
}

/** A redirect's effective flags: stored ones over the site's defaults; `flag_regex` follows the `regex` column. */
export function effectiveFlags(matchData: MatchData | null, regex: boolean, defaults: SourceFlags): SourceFlags {
  const stored = matchData?.source ?? {};
  return readSourceFlags({ ...stored, flag_regex: regex }, defaults);
}

/** `match_data` as shown (Red_Item::get_match_data): every source flag, then options when any is set. */
export function shownMatchData(record: { matchData: MatchData | null; regex: boolean }, defaults: SourceFlags): MatchData {
  const flags = effectiveFlags(record.matchData, record.regex, defaults);
  const shown: MatchData = { source: { flag_query: flags.flag_query, flag_case: flags.flag_case, flag_trailing: flags.flag_trailing, flag_regex: flags.flag_regex } };
  if (record.matchData?.options?.log_exclude === true) shown.options = { log_exclude: true };
  return shown;
}

/** Parses a stored `matchData` column; anything unreadable counts as no data. */
export function parseMatchData(text: string | null): MatchData | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecordLike(parsed)) return null;
    const out: MatchData = {};
    const source = own(parsed, 'source');
    if (isRecordLike(source)) {
      const flags: Partial<SourceFlags> = {};
      for (const key of FLAG_KEYS) {
        const value = own(source, key);
        if (value !== undefined) (flags as Record<string, unknown>)[key] = value;
      }
      out.source = flags;
    }
    const options = own(parsed, 'options');
    if (isRecordLike(options) && own(options, 'log_exclude') === true) out.options = { log_exclude: true };
    return out;
  } catch {
    return null;
  }
}
