/**
 * Client addresses for the redirects: the `ip` match type (single addresses and CIDR ranges, IPv4
 * and IPv6) and what the logs keep per `ip_logging` (0 nothing, 1 the address, 2 anonymised: an
 * IPv4 address's last octet and an IPv6 address's last 80 bits zeroed).
 */
import { BlockList, isIP, isIPv4 } from 'node:net';
import type { IpLogging } from './settings';

/** An address as compared and logged: IPv4-mapped IPv6 (`::ffff:192.0.2.1`) reads as IPv4; '' when not an address. */
export function normaliseIp(address: string | undefined): string {
  if (!address) return '';
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  const ip = mapped ? mapped[1] : trimmed;
  return isIP(ip) ? ip.toLowerCase() : '';
}

/** The eight 16-bit groups of an IPv6 address. */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  // A trailing dotted quad is two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = text.slice(0, quad.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  if (tail === null) return first;
  const last = parse(tail);
  return [...first, ...new Array(8 - first.length - last.length).fill(0), ...last];
}

/** The shortest form of eight groups (RFC 5952: the longest run of zeros as `::`). */
function ipv6Text(groups: number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

/** `ip_logging` 2: 192.0.2.77 → 192.0.2.0; 2001:db8:85a3:10:10:8a2e:370:7334 → 2001:db8:85a3::. */
export function anonymiseIp(address: string): string {
  const ip = normaliseIp(address);
  if (ip === '') return '';
  if (isIPv4(ip)) return ip.replace(/\.\d+$/, '.0');
  const groups = ipv6Groups(ip);
  return ipv6Text(groups.map((group, i) => (i < 3 ? group : 0)));
}

/** The address a log entry keeps under `ip_logging`. */
export function loggedIp(address: string | undefined, level: IpLogging): string {
  if (level === 1) return normaliseIp(address);
  if (level === 2) return anonymiseIp(address ?? '');
  return '';
}

/** A set of addresses and ranges (`192.0.2.0/24`, `2001:db8::/32`); entries that are neither are ignored. */
export class IpSet {
  private readonly list = new BlockList();
  readonly size: number;

  constructor(entries: readonly unknown[]) {
    let size = 0;
    for (const entry of entries) {
      if (typeof entry !== 'string') continue;
      const [address, bits] = entry.trim().split('/');
      const ip = normaliseIp(address);
      if (ip === '') continue;
      const type = isIPv4(ip) ? 'ipv4' : 'ipv6';
      const prefix = bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128) || (bits !== undefined && !/^\d+$/.test(bits))) continue;
      this.list.addSubnet(ip, prefix, type);
      size += 1;
    }
    this.size = size;
  }

  has(address: string | undefined): boolean {
    const ip = normaliseIp(address);
    if (ip === '') return false;
    return this.list.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
  }
}
