/**
 * The addresses the redirect logs keep and compare: canonical text (the plugin's inet_pton then
 * inet_ntop) and the `ip_logging` levels (none, whole, anonymised).
 */
import { canonicalIp, loggedIp } from '../../src/domain/redirects/ip';

describe('redirect log addresses', () => {
  it('canonicalises IPv4 and IPv6, taking the first of a list', () => {
    expect(canonicalIp('10.0.0.1')).toBe('10.0.0.1');
    expect(canonicalIp(' 10.0.0.1, 192.168.0.1')).toBe('10.0.0.1');
    expect(canonicalIp('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(canonicalIp('10.0.0')).toBeNull();
    expect(canonicalIp('example.com')).toBeNull();
  });

  it('keeps nothing, the address, or the address with its last part zeroed', () => {
    expect(loggedIp('203.0.113.9', 0)).toBe('');
    expect(loggedIp('203.0.113.9', 1)).toBe('203.0.113.9');
    expect(loggedIp('203.0.113.9', 2)).toBe('203.0.113.0');
    expect(loggedIp('2001:db8:85a3:8d3:1319:8a2e:370:7348', 2)).toBe('2001:db8:85a3::');
    expect(loggedIp('::1', 2)).toBe('::');
    expect(loggedIp('not an address', 1)).toBe('');
  });
});
