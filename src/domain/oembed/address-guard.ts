/**
 * Which network addresses an outside request may reach (WordPress's wp_http_validate_url(), made
 * stricter): only public unicast addresses. Private, loopback, link-local (which holds the cloud
 * metadata address 169.254.169.254), unique-local, carrier-grade NAT, multicast, reserved and
 * unspecified ranges are refused, IPv4 written inside IPv6 (::ffff:10.0.0.1) is judged as IPv4, and
 * the translation prefixes (6to4, Teredo, NAT64) are refused because they can hide any IPv4.
 */
import ipaddr from 'ipaddr.js';

/** The ports WordPress lets outside requests use (others only for allow-listed hosts). */
export const ALLOWED_PORTS: ReadonlySet<number> = new Set([80, 443, 8080]);

export function isPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  let address = ipaddr.parse(text);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range() === 'unicast';
}

/** The range a non-public address is in, in words (`link-local`, `loopback`…), for messages. */
export function addressRange(text: string): string {
  if (!ipaddr.isValid(text)) return 'not an IP address';
  let address = ipaddr.parse(text);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range().replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
}

/** A URL's host without IPv6 brackets, lower-cased. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Whether the configured allow-list names this URL's authority (`host:port`, or `host` for any port). */
export function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return false;
  const host = bareHost(url);
  const hostText = host.includes(':') ? `[${host}]` : host;
  return allowHosts.includes(`${hostText}:${portOf(url)}`) || allowHosts.includes(hostText) || allowHosts.includes(`${host}:${portOf(url)}`);
}
