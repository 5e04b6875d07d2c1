/**
 * Checking a change of the security settings (wfConfig::validate, plus types and ranges Wordfence
 * leaves to its options page): every field is checked, so a refusal names all the failing ones.
 * Names this site does not act on (the dashboard sends Wordfence's whole option set) are ignored.
 */
import { canonicalIpRange } from '../redirects/ip';
import {
  IP_SOURCES,
  ipListEntries,
  isSecuritySettingName,
  RATE_LIMIT_ACTIONS,
  type SecuritySettings,
} from './settings';

export interface SettingError {
  option: keyof SecuritySettings;
  error: string;
}

export interface CheckedChange {
  /** The accepted values, normalised (prototype-free). */
  values: Partial<SecuritySettings>;
  errors: SettingError[];
}

/** Inclusive ranges of the numeric settings. */
const INT_RANGES: Partial<Record<keyof SecuritySettings, readonly [number, number]>> = {
  loginSec_maxFailures: [1, 100_000],
  loginSec_countFailMins: [1, 525_600],
  loginSec_lockoutMins: [1, 525_600],
  blockedTime: [1, 31_536_000],
};

const RATE_LIMIT_MAX = 1_000_000;

function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false' || value === '') return false;
  return undefined;
}

function asInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d{1,12}\s*$/.test(value)) return Number(value);
  return undefined;
}

/** Entries of an address list that are neither an address nor a CIDR range. */
function badAddresses(text: string): string[] {
  return ipListEntries(text).filter((entry) => canonicalIpRange(entry) === null);
}

/** Canonical form of an address list (one entry a line). */
function canonicalList(text: string): string {
  return ipListEntries(text)
    .map((entry) => canonicalIpRange(entry) ?? entry)
    .join('\n');
}

function checkOne(name: keyof SecuritySettings, value: unknown): { value: unknown } | { error: string } {
  switch (name) {
    case 'loginSecurityEnabled':
    case 'loginSec_lockInvalidUsers':
    case 'loginSec_disableAuthorScan':
    case 'hideUserRoutesFromIndex': {
      const flag = asBoolean(value);
      return flag === undefined ? { error: `${name} must be true or false.` } : { value: flag };
    }
    case 'loginSec_maxFailures':
    case 'loginSec_countFailMins':
    case 'loginSec_lockoutMins':
    case 'blockedTime': {
      const [min, max] = INT_RANGES[name] ?? [0, 0];
      const number = asInteger(value);
      return number === undefined || number < min || number > max ? { error: `${name} must be an integer between ${min} and ${max}.` } : { value: number };
    }
    case 'maxGlobalRequests':
    case 'maxRequestsAuthenticated': {
      if (value === 'DISABLED') return { value };
      const number = asInteger(value);
      return number === undefined || number < 1 || number > RATE_LIMIT_MAX ? { error: `${name} must be DISABLED or a number of requests per minute between 1 and ${RATE_LIMIT_MAX}.` } : { value: number };
    }
    case 'maxGlobalRequests_action':
    case 'maxRequestsAuthenticated_action':
      return typeof value === 'string' && (RATE_LIMIT_ACTIONS as readonly string[]).includes(value) ? { value } : { error: `${name} must be one of: ${RATE_LIMIT_ACTIONS.join(', ')}.` };
    case 'howGetIPs':
      return typeof value === 'string' && (IP_SOURCES as readonly string[]).includes(value) ? { value } : { error: `${name} must be one of: ${IP_SOURCES.map((s) => s || '(empty)').join(', ')}.` };
    case 'whitelisted':
    case 'blockedIPs':
    case 'howGetIPs_trusted_proxies': {
      if (typeof value !== 'string') return { error: `${name} must be a text of addresses and CIDR ranges.` };
      const bad = badAddresses(value);
      if (bad.length > 0) {
        const what = name === 'whitelisted' ? 'allowlisted IP addresses' : name === 'blockedIPs' ? 'blocked IP addresses' : 'IPs/ranges you selected to trust as proxies';
        return { error: `Please make sure you separate your IP addresses with commas or newlines. The following ${what} are invalid: ${bad.join(', ')}` };
      }
      return { value: canonicalList(value) };
    }
  }
}

/** Checks every known field of `fields`; unknown names are left out of `values` without an error. */
export function checkSecuritySettings(fields: Record<string, unknown>): CheckedChange {
  const values: Record<string, unknown> = Object.create(null);
  const errors: SettingError[] = [];
  for (const name of Object.keys(fields)) {
    if (!isSecuritySettingName(name)) continue;
    const checked = checkOne(name, fields[name]);
    if ('error' in checked) errors.push({ option: name, error: checked.error });
    else values[name] = checked.value;
  }
  return { values: values as Partial<SecuritySettings>, errors };
}
