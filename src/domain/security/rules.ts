/**
 * The security settings made ready for every request: the address lists compiled into sets
 * (the redirects' IpSet: addresses and CIDR ranges, IPv4 and IPv6, IPv4-mapped IPv6 read as IPv4).
 */
import { IpSet } from '../redirects/ip';
import { ipListEntries, type SecuritySettings } from './settings';

export interface SecurityRules {
  settings: SecuritySettings;
  /** Never blocked, rate-limited or locked out. */
  allow: IpSet;
  /** Refused everywhere. */
  block: IpSet;
  /** Whose forwarding header is believed. */
  proxies: IpSet;
}

export function compileRules(settings: SecuritySettings): SecurityRules {
  return {
    settings,
    allow: new IpSet(ipListEntries(settings.whitelisted)),
    block: new IpSet(ipListEntries(settings.blockedIPs)),
    proxies: new IpSet(ipListEntries(settings.howGetIPs_trusted_proxies)),
  };
}
