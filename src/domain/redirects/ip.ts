/**
 * IP addresses as the plugin stores and compares them (Redirection_IP): the first of a
 * comma-separated list, validated, in its canonical text form; and the anonymised form the
 * `ip_logging` setting asks for.
 */
import { isIP } from 'node:net';

/** The canonical text of an IP address (inet_pton then inet_ntop), or null when it is none. */
export function canonicalIp(text: string): string | null {
  const first = text.split(',')[0].trim();
  const version = isIP(first);
  if (version === 4) return first.split('.').map((part) => String(Number(part))).join('.');
  if (version === 6) {
    try {
      return new URL(`http://[${first}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * What the logs keep of a client's address per the `ip_logging` setting: 0 nothing, 1 the address,
 * 2 the address with its last part zeroed (IPv4 `a.b.c.0`, IPv6 the last 80 bits zeroed).
 */
export function ipForLog(ip: string, ipLogging: number): string {
  if (ipLogging !== 1 && ipLogging !== 2) return '';
  const canonical = canonicalIp(ip);
  if (canonical === null) return '';
  if (ipLogging === 1) return canonical;
  if (!canonical.includes(':')) return canonical.replace(/\.\d+$/, '.0');
  const groups = expandIpv6(canonical);
  if (!groups) return '';
  return canonicalIp(groups.slice(0, 3).concat(['0', '0', '0', '0', '0']).join(':')) ?? '';
}

function expandIpv6(ip: string): string[] | null {
  const [head, tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  if (tail === undefined) return left.length === 8 ? left : null;
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}
