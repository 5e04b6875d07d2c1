/**
 * The site's security settings (Wordfence's wfConfig options that this site acts on, under the
 * plugin's own names, plus a few of ours): one JSON row of the options table, read with every
 * default filled in. Validation is settings-validate.ts, writing settings-write.ts; what each
 * setting does is enforced by src/domain/security/guard.ts and enumeration.ts.
 *
 * Defaults are Wordfence's, with two deliberate differences: user enumeration is not blocked
 * (`loginSec_disableAuthorScan` off: the site's REST users list stays as WordPress serves it
 * until an administrator says otherwise) and application passwords are never turned off by this
 * configuration (the site's own API authentication, see extensions-rest.md §5a).
 */
import DataLoader from 'dataloader';
import type { Database } from '../../db/client';
import { defineLoader, type LoaderCache } from '../loaders';
import { storedJsonObject } from '../stored-json';

export const SECURITY_SETTINGS_OPTION = 'security_settings';

/** Rate-limit actions (Wordfence's `maxGlobalRequests_action`): answer 429 until the window ends, or block the address for `blockedTime`. */
export const RATE_LIMIT_ACTIONS = ['throttle', 'block'] as const;
export type RateLimitAction = (typeof RATE_LIMIT_ACTIONS)[number];

/** Where the client address comes from (Wordfence's `howGetIPs`): '' and REMOTE_ADDR mean the connection. */
export const IP_SOURCES = ['', 'REMOTE_ADDR', 'HTTP_X_FORWARDED_FOR', 'HTTP_X_REAL_IP', 'HTTP_CF_CONNECTING_IP'] as const;
export type IpSource = (typeof IP_SOURCES)[number];

/** A rate limit: requests per minute per address, or 'DISABLED' (Wordfence's values). */
export type RateLimit = number | 'DISABLED';

export interface SecuritySettings {
  /** Brute-force protection of every login (application passwords, the authorisation page's account password). */
  loginSecurityEnabled: boolean;
  /** Failed logins, per address or per user name, that lock it out. */
  loginSec_maxFailures: number;
  /** Minutes failures are counted over. */
  loginSec_countFailMins: number;
  /** Minutes a lockout lasts. */
  loginSec_lockoutMins: number;
  /** A login with a user name that does not exist locks the address out at once. */
  loginSec_lockInvalidUsers: boolean;
  /** Anonymous readers (and users who may not edit others' posts) may not list users or read other users, nor open author archives. */
  loginSec_disableAuthorScan: boolean;
  /** Ours: the REST index and namespace roots leave out the user routes for anonymous readers. */
  hideUserRoutesFromIndex: boolean;
  /** Allow list (Wordfence's `whitelisted`): addresses and CIDR ranges, comma or newline separated, never blocked, limited or locked out. */
  whitelisted: string;
  /** Ours: addresses and CIDR ranges refused everywhere (403), in the same format. */
  blockedIPs: string;
  /** Seconds an address is blocked when a rate limit with the `block` action is exceeded. */
  blockedTime: number;
  /** Requests per minute an anonymous client (per address) may make. */
  maxGlobalRequests: RateLimit;
  maxGlobalRequests_action: RateLimitAction;
  /** Ours: requests per minute a client sending credentials (per address) may make. */
  maxRequestsAuthenticated: RateLimit;
  maxRequestsAuthenticated_action: RateLimitAction;
  /** Where the client address is read from; anything but the connection needs `howGetIPs_trusted_proxies`. */
  howGetIPs: IpSource;
  /** Proxies (addresses or CIDR ranges) whose header is believed; a header from anyone else is ignored. */
  howGetIPs_trusted_proxies: string;
}

export function defaultSecuritySettings(): SecuritySettings {
  return {
    loginSecurityEnabled: true,
    loginSec_maxFailures: 20,
    loginSec_countFailMins: 240,
    loginSec_lockoutMins: 240,
    loginSec_lockInvalidUsers: false,
    loginSec_disableAuthorScan: false,
    hideUserRoutesFromIndex: false,
    whitelisted: '',
    blockedIPs: '',
    blockedTime: 300,
    maxGlobalRequests: 'DISABLED',
    maxGlobalRequests_action: 'throttle',
    maxRequestsAuthenticated: 'DISABLED',
    maxRequestsAuthenticated_action: 'throttle',
    howGetIPs: '',
    howGetIPs_trusted_proxies: '',
  };
}

/** The setting names, in display order. */
export const SECURITY_SETTING_NAMES: ReadonlyArray<keyof SecuritySettings> = Object.keys(defaultSecuritySettings()) as Array<keyof SecuritySettings>;

export function isSecuritySettingName(name: string): name is keyof SecuritySettings {
  return (SECURITY_SETTING_NAMES as readonly string[]).includes(name);
}

/** Stored values over the defaults; a key the defaults do not know, or a value of another type, is dropped. */
export function mergeSecuritySettings(stored: string | null | undefined): SecuritySettings {
  const settings = defaultSecuritySettings();
  const parsed = storedJsonObject(stored);
  if (!parsed) return settings;
  const out = settings as unknown as Record<string, unknown>;
  for (const name of SECURITY_SETTING_NAMES) {
    if (!Object.prototype.hasOwnProperty.call(parsed, name)) continue;
    const value = parsed[name];
    const fallback = out[name];
    // A rate limit is a number or 'DISABLED'; any other setting keeps its default's type.
    const rateLimit = name === 'maxGlobalRequests' || name === 'maxRequestsAuthenticated';
    if (rateLimit ? typeof value === 'number' || value === 'DISABLED' : typeof value === typeof fallback) out[name] = value;
  }
  return settings;
}

/** The settings as stored now. */
export async function readSecuritySettings(db: Database): Promise<SecuritySettings> {
  const rows = await db.read.option.findMany({ where: { name: SECURITY_SETTINGS_OPTION } });
  return mergeSecuritySettings(rows[0]?.value);
}

const securitySettingsLoader = defineLoader('securitySettings', (db) =>
  new DataLoader<'site', SecuritySettings>(async (keys) => {
    const settings = await readSecuritySettings(db);
    return keys.map(() => settings);
  }),
);

/** The settings, read once per request however many records ask (embedded users, for instance). */
export function securitySettingsOf(holder: { loaders: LoaderCache }): Promise<SecuritySettings> {
  return securitySettingsLoader(holder).load('site');
}

/** Entries of an address list setting (comma, whitespace or newline separated). */
export function ipListEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}
