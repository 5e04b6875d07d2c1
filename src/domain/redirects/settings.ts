/**
 * The redirects settings (the plugin's `redirection_options`): one JSON row of the options table,
 * read with every default filled in. Writing and validating them is src/domain/redirects/settings-write.ts.
 */
import type { Database } from '../../db/client';
import { storedJsonObject } from '../stored-json';
import type { QueryFlag, SourceFlags } from './types';

export const REDIRECT_SETTINGS_OPTION = 'redirection_options';

/** IP logging: 0 none, 1 full address, 2 anonymised (the last part zeroed). */
export type IpLogging = 0 | 1 | 2;

export interface RedirectSettings {
  support: boolean;
  /** A random token (the plugin's RSS feed key). */
  token: string;
  /** The group permalink changes create redirects in; 0 turns monitoring off. */
  monitor_post: number;
  /** Post types watched ('trash' also watches trashing). */
  monitor_types: string[];
  associated_redirect: string;
  /** Source made for a redirect created without one (`$dec$`, `$hex$` tokens). */
  auto_target: string;
  /** Days the redirect log keeps entries (-1 no logging, 0 forever). */
  expire_redirect: number;
  /** Days the 404 log keeps entries (-1 no logging, 0 forever). */
  expire_404: number;
  log_external: boolean;
  log_header: boolean;
  track_hits: boolean;
  modules: Record<string, unknown>;
  newsletter: boolean;
  redirect_cache: number;
  ip_logging: IpLogging;
  ip_headers: string[];
  ip_proxy: string[];
  last_group_id: number;
  rest_api: number;
  https: boolean;
  headers: unknown[];
  database: string;
  relocate: string;
  preferred_domain: string;
  aliases: string[];
  permalinks: string[];
  cache_key: number;
  plugin_update: string;
  update_notice: number | string;
  flag_query: QueryFlag;
  flag_case: boolean;
  flag_trailing: boolean;
  flag_regex: boolean;
}

/**
 * The plugin's defaults (red_get_default_options), with two of ours: permalink monitoring is on,
 * into "Modified Posts" for posts, pages and events (the plugin's setup wizard proposes it; a
 * renamed post must not break its links), and source flags are case-insensitive and
 * trailing-slash-insensitive, as a fresh install of the plugin has them.
 */
export function defaultRedirectSettings(): RedirectSettings {
  return {
    support: false,
    token: '',
    monitor_post: 2,
    monitor_types: ['post', 'page', 'tribe_events'],
    associated_redirect: '',
    auto_target: '',
    expire_redirect: 7,
    expire_404: 7,
    log_external: false,
    log_header: false,
    track_hits: true,
    modules: {},
    newsletter: false,
    redirect_cache: 1,
    ip_logging: 0,
    ip_headers: [],
    ip_proxy: [],
    last_group_id: 0,
    rest_api: 0,
    https: false,
    headers: [],
    database: '',
    relocate: '',
    preferred_domain: '',
    aliases: [],
    permalinks: [],
    cache_key: 0,
    plugin_update: 'prompt',
    update_notice: 0,
    flag_query: 'exact',
    flag_case: true,
    flag_trailing: true,
    flag_regex: false,
  };
}

/** The site's default source flags, from the settings. */
export function defaultSourceFlags(settings: RedirectSettings): SourceFlags {
  return { flag_query: settings.flag_query, flag_case: settings.flag_case, flag_trailing: settings.flag_trailing, flag_regex: settings.flag_regex };
}

/** Stored values over the defaults; a key the defaults do not know is dropped, a row that is not JSON reads as defaults. */
export function mergeRedirectSettings(stored: string | null | undefined): RedirectSettings {
  const settings = defaultRedirectSettings();
  const parsed = storedJsonObject(stored);
  if (!parsed) return settings;
  for (const [key, value] of Object.entries(parsed)) {
    if (Object.prototype.hasOwnProperty.call(settings, key) && value !== undefined) (settings as unknown as Record<string, unknown>)[key] = value;
  }
  return settings;
}

/** The settings as stored now. */
export async function readRedirectSettings(db: Database): Promise<RedirectSettings> {
  const rows = await db.read.option.findMany({ where: { name: REDIRECT_SETTINGS_OPTION } });
  return mergeRedirectSettings(rows[0]?.value);
}
