/**
 * Client addresses for the redirects (Redirection_IP): the canonical text the logs store and filter
 * by, what the logs keep per `ip_logging` (0 nothing, 1 the address, 2 anonymised: an IPv4
 * address's last octet and an IPv6 address's last 80 bits zeroed), and the `ip` match type's sets
 * of addresses and CIDR ranges.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';
import type { IpLogging } from './settings';

/**
 * The canonical text of an address (inet_pton then inet_ntop): the first of a comma-separated list,
 * IPv4-mapped IPv6 (`::ffff:192.0.2.1`) read as IPv4; null when it is no address.
 */
export function canonicalIp(text: string): string | null {
  const first = text.split(',')[0].trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(first);
  const ip = mapped ? mapped[1] : first;
  const version = isIP(ip);
  if (version === 4) return ip.split('.').map((part) => String(Number(part))).join('.');
  if (version === 6) {
    try {
      return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
  }
  return null;
}

/** An address or a CIDR range (`192.0.2.0/24`, `2001:db8::/32`) in canonical form, or null when it is neither. */
export function canonicalIpRange(text: string): string | null {
  const [address, bits, extra] = text.trim().split('/');
  if (extra !== undefined || address.includes(',')) return null;
  const ip = canonicalIp(address);
  if (ip === null || bits === undefined) return ip;
  const max = isIPv4(ip) ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max ? `${ip}/${Number(bits)}` : null;
}

/** The canonical address, or '' when it is none. */
export function normaliseIp(address: string | undefined): string {
  return address ? (canonicalIp(address) ?? '') : '';
}

/** The eight 16-bit groups of a canonical IPv6 address, in hex. */
function ipv6Groups(ip: string): string[] {
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, null];
  const left = head ? head.split(':') : [];
  if (tail === null) return left;
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/** `ip_logging` 2: 192.0.2.77 → 192.0.2.0; 2001:db8:85a3:10:10:8a2e:370:7334 → 2001:db8:85a3::. */
export function anonymiseIp(address: string): string {
  const ip = normaliseIp(address);
  if (ip === '') return '';
  if (isIPv4(ip)) return ip.replace(/\.\d+$/, '.0');
  return canonicalIp(ipv6Groups(ip).slice(0, 3).concat(['0', '0', '0', '0', '0']).join(':')) ?? '';
}

/** The address a log entry keeps under `ip_logging`. */
export function loggedIp(address: string | undefined, level: IpLogging | number): string {
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
    // Most sets are empty (no allow or block list): every request asks.
    if (this.size === 0) return false;
    const ip = normaliseIp(address);
    if (ip === '') return false;
    return this.list.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
  }
}
