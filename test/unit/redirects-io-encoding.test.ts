import { decodeTarget, encodeTarget, rawUrlDecode, rawUrlEncode, rfc2822 } from '../../src/domain/redirects/io/encoding';

describe('redirects io text helpers', () => {
  it('rawUrlEncode is PHP\'s rawurlencode (only A-Z a-z 0-9 - _ . ~ left alone)', () => {
    expect(rawUrlEncode("a b/c!*'()~é")).toBe('a%20b%2Fc%21%2A%27%28%29~%C3%A9');
    expect(rawUrlDecode('a%20b%2Fc%C3%A9')).toBe('a b/cé');
    expect(rawUrlDecode('50%+%E9')).toBe('50%+\uFFFD');
  });

  it('encodes targets for a Location header, and reads back only the escapes it would write', () => {
    expect(encodeTarget('/a b/é?q="x"&r=%2F#top')).toBe('/a%20b/%C3%A9?q=%22x%22&r=%2F#top');
    expect(decodeTarget('/a%20b/%C3%A9?q=%22x%22&r=%2F%25#top')).toBe('/a b/é?q="x"&r=%2F%25#top');
    expect(decodeTarget('/bad%C3%28/%e6%97%a5')).toBe('/bad%C3%28/日');
  });

  it('dates the files in RFC 2822, UTC, as PHP\'s date("r")', () => {
    expect(rfc2822(new Date('2026-11-02T03:04:05Z'))).toBe('Mon, 02 Nov 2026 03:04:05 +0000');
  });
});
