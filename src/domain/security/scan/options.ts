/**
 * The scan's options, stored with its state (SecurityScanState.options, JSON) so every instance
 * scans alike: the host block list (added to SECURITY_SCAN_BLOCKED_HOSTS) and the two dormancy
 * thresholds. Stored text is read leniently (a bad value keeps its default); input strictly.
 */
import type { Config } from '../../../config';
import { DomainError } from '../../errors';
import { normaliseHost } from './hosts';

export interface ScanOptions {
  blockedHosts: string[];
  /** An administrator with no sign-in or API use for this many days is reported. */
  inactiveAdminDays: number;
  /** An application password unused this many days after it was issued is reported. */
  unusedApplicationPasswordDays: number;
}

export const DEFAULT_SCAN_OPTIONS: ScanOptions = { blockedHosts: [], inactiveAdminDays: 90, unusedApplicationPasswordDays: 30 };
const MAX_DAYS = 3650;
const MAX_HOSTS = 1000;

const days = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DAYS;

export function parseScanOptions(stored: string): ScanOptions {
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    raw = null;
  }
  const record = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const hosts = Array.isArray(record.blockedHosts) ? record.blockedHosts.flatMap((h) => (typeof h === 'string' && normaliseHost(h) ? [normaliseHost(h)!] : [])) : [];
  return {
    blockedHosts: [...new Set(hosts)],
    inactiveAdminDays: days(record.inactiveAdminDays) ? record.inactiveAdminDays : DEFAULT_SCAN_OPTIONS.inactiveAdminDays,
    unusedApplicationPasswordDays: days(record.unusedApplicationPasswordDays) ? record.unusedApplicationPasswordDays : DEFAULT_SCAN_OPTIONS.unusedApplicationPasswordDays,
  };
}

export interface ScanOptionsInput {
  blockedHosts?: unknown;
  inactiveAdminDays?: unknown;
  unusedApplicationPasswordDays?: unknown;
}

/** `current` changed by `input` (what is left out stays), or a 400 naming each bad field. */
export function applyScanOptions(current: ScanOptions, input: ScanOptionsInput): ScanOptions {
  const bad: Record<string, string> = Object.create(null);
  const next: ScanOptions = { ...current };
  if (input.blockedHosts !== undefined && input.blockedHosts !== null) {
    const list = input.blockedHosts;
    const hosts = Array.isArray(list) ? list.map((h) => (typeof h === 'string' ? normaliseHost(h) : null)) : [null];
    if (!Array.isArray(list) || list.length > MAX_HOSTS || hosts.some((h) => h === null)) bad.blockedHosts = `blockedHosts must be a list of at most ${MAX_HOSTS} host names or IP addresses.`;
    else next.blockedHosts = [...new Set(hosts as string[])];
  }
  for (const name of ['inactiveAdminDays', 'unusedApplicationPasswordDays'] as const) {
    const value = input[name];
    if (value === undefined || value === null) continue;
    if (!days(value)) bad[name] = `${name} must be a whole number of days from 1 to ${MAX_DAYS}.`;
    else next[name] = value;
  }
  const names = Object.keys(bad);
  if (names.length) throw new DomainError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, { params: { ...bad } });
  return next;
}

/** The hosts links and redirects may not point at: the stored list and the deployment's. */
export function effectiveBlockedHosts(options: ScanOptions, config: Pick<Config, 'securityScan'>): string[] {
  return [...new Set([...config.securityScan.blockedHosts, ...options.blockedHosts])];
}
