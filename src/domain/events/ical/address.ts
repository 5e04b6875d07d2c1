/**
 * Which IP addresses an outside fetch may connect to: everything that is not loopback, private,
 * link-local, unique-local, CGNAT, multicast, reserved or documentation space — including IPv4
 * addresses hidden inside IPv6 (mapped, compatible, NAT64, 6to4).
 */
import { isIP } from 'node:net';

type Range = [prefix: number[], bits: number, reason: string];

const IPV4_BLOCKED: Range[] = [
  [[0, 0, 0, 0], 8, '"this network" (0.0.0.0/8)'],
  [[10, 0, 0, 0], 8, 'private (10.0.0.0/8)'],
  [[100, 64, 0, 0], 10, 'carrier-grade NAT (100.64.0.0/10)'],
  [[127, 0, 0, 0], 8, 'loopback (127.0.0.0/8)'],
  [[169, 254, 0, 0], 16, 'link-local (169.254.0.0/16)'],
  [[172, 16, 0, 0], 12, 'private (172.16.0.0/12)'],
  [[192, 0, 0, 0], 24, 'IETF protocol assignments (192.0.0.0/24)'],
  [[192, 0, 2, 0], 24, 'documentation (192.0.2.0/24)'],
  [[192, 88, 99, 0], 24, '6to4 relay anycast (192.88.99.0/24)'],
  [[192, 168, 0, 0], 16, 'private (192.168.0.0/16)'],
  [[198, 18, 0, 0], 15, 'benchmarking (198.18.0.0/15)'],
  [[198, 51, 100, 0], 24, 'documentation (198.51.100.0/24)'],
  [[203, 0, 113, 0], 24, 'documentation (203.0.113.0/24)'],
  [[224, 0, 0, 0], 4, 'multicast (224.0.0.0/4)'],
  [[240, 0, 0, 0], 4, 'reserved (240.0.0.0/4, broadcast)'],
];

/** Groups of `bitsPerGroup` bits; true when the first `bits` bits of both match. */
function inPrefix(groups: number[], prefix: number[], bits: number, bitsPerGroup: number): boolean {
  for (let i = 0; bits > 0; i++, bits -= bitsPerGroup) {
    const take = Math.min(bits, bitsPerGroup);
    const mask = ((1 << take) - 1) << (bitsPerGroup - take);
    if (((groups[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Reason(octets: number[]): string | null {
  return IPV4_BLOCKED.find(([prefix, bits]) => inPrefix(octets, prefix, bits, 8))?.[2] ?? null;
}

function parseIpv4(text: string): number[] {
  return text.split('.').map(Number);
}

/** Eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted quad converted). */
export function parseIpv6(text: string): number[] {
  let address = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = parseIpv4(dotted[1]);
    address = `${address.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array(missing).fill('0'), ...tailGroups].map((group) => parseInt(group, 16));
}

const IPV6_BLOCKED: Range[] = [
  [[0x64, 0xff9b, 1], 48, 'local-use NAT64 (64:ff9b:1::/48)'],
  [[0x100, 0, 0, 0], 64, 'discard-only (100::/64)'],
  [[0x2001, 0], 32, 'Teredo (2001::/32)'],
  [[0x2001, 0x2], 48, 'benchmarking (2001:2::/48)'],
  [[0x2001, 0xdb8], 32, 'documentation (2001:db8::/32)'],
  [[0xfc00], 7, 'unique-local (fc00::/7)'],
  [[0xfe80], 10, 'link-local (fe80::/10)'],
  [[0xfec0], 10, 'site-local (fec0::/10)'],
  [[0xff00], 8, 'multicast (ff00::/8)'],
];

function ipv6Reason(groups: number[]): string | null {
  const embedded = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];
  const firstFiveZero = groups.slice(0, 5).every((g) => g === 0);
  if (groups.every((g) => g === 0)) return 'unspecified (::)';
  if (firstFiveZero && groups[5] === 0 && groups[6] === 0 && groups[7] === 1) return 'loopback (::1)';
  // IPv4-mapped ::ffff:a.b.c.d and the deprecated IPv4-compatible ::a.b.c.d carry an IPv4 address.
  if (firstFiveZero && (groups[5] === 0xffff || groups[5] === 0)) {
    const inner = ipv4Reason(embedded(groups[6], groups[7]));
    return inner ? `IPv4-mapped ${inner}` : groups[5] === 0 ? 'IPv4-compatible (::/96)' : null;
  }
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    const inner = ipv4Reason(embedded(groups[6], groups[7]));
    return inner ? `NAT64 of ${inner}` : null;
  }
  if (groups[0] === 0x2002) {
    const inner = ipv4Reason(embedded(groups[1], groups[2]));
    if (inner) return `6to4 of ${inner}`;
  }
  return IPV6_BLOCKED.find(([prefix, bits]) => inPrefix(groups, prefix, bits, 16))?.[2] ?? null;
}

/** Why an outside fetch must not connect to this IP address, or null when it is a public address. */
export function blockedAddressReason(address: string): string | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets and an IPv6 zone id
  const version = isIP(ip);
  if (version === 4) return ipv4Reason(parseIpv4(ip));
  if (version === 6) return ipv6Reason(parseIpv6(ip.toLowerCase()));
  return 'not an IP address';
}

export function isPublicAddress(address: string): boolean {
  return blockedAddressReason(address) === null;
}
