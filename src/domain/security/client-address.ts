/**
 * The client's address as the security rules see it: the connection's, unless the settings name
 * a forwarding header (`howGetIPs`) AND the connection comes from a trusted proxy
 * (`howGetIPs_trusted_proxies`). Anyone else's header is ignored, so a client cannot choose the
 * address it is judged by. In X-Forwarded-For the client is the right-most entry that is not a
 * trusted proxy.
 */
import { canonicalIp, normaliseIp } from '../redirects/ip';
import type { SecurityRules } from './rules';
import type { IpSource } from './settings';

export type RequestHeaders = Record<string, string | string[] | undefined>;

const HEADER_OF: Record<Exclude<IpSource, '' | 'REMOTE_ADDR'>, string> = {
  HTTP_X_FORWARDED_FOR: 'x-forwarded-for',
  HTTP_X_REAL_IP: 'x-real-ip',
  HTTP_CF_CONNECTING_IP: 'cf-connecting-ip',
};

function headerText(headers: RequestHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

export function clientAddress(socketAddress: string | undefined, headers: RequestHeaders, rules: SecurityRules): string {
  const direct = normaliseIp(socketAddress);
  const source = rules.settings.howGetIPs;
  if (source === '' || source === 'REMOTE_ADDR' || !rules.proxies.has(direct)) return direct;
  const entries = headerText(headers, HEADER_OF[source]).split(',').map((entry) => canonicalIp(entry.trim()));
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry === null) return direct;
    if (!rules.proxies.has(entry) || i === 0) return entry;
  }
  return direct;
}

/** Every address the request carries (the plugin's `detected_ips`): the connection's and each forwarding header's. */
export function detectedAddresses(socketAddress: string | undefined, headers: RequestHeaders): string[] {
  const out: string[] = [];
  const add = (text: string) => {
    const ip = canonicalIp(text.trim());
    if (ip && !out.includes(ip)) out.push(ip);
  };
  if (socketAddress) add(socketAddress);
  for (const name of Object.values(HEADER_OF)) for (const part of headerText(headers, name).split(',')) if (part.trim()) add(part);
  return out;
}
