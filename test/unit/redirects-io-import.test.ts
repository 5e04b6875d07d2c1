/**
 * Whatever a client uploads, reading it answers (no exception, no runaway regular expression):
 * the import route must never turn a file into a 5xx.
 */
import fc from 'fast-check';
import { parseImport } from '../../src/domain/redirects/io';

const NAMES = ['a.csv', 'a.txt', 'a.json', '.htaccess', 'a.nginx', 'a.conf', 'noextension'];
const PIECES = ['RewriteRule ', 'RewriteCond ', '%{HTTP_USER_AGENT} ', 'Redirect ', 'RedirectMatch ', 'rewrite ', 'server {', '}', '{', ';', 'if (',
  ' ) ', '$uri ~ ', 'return 410', '"', "'", '\\', '[R=301,L]', '[F]', '(?:)', '^', '$', '/', ',', ';', '|', '\n', '\r\n', ' ', '\t', '#', 'é', '%C3', '%',
  '{"groups":[', '"redirects":[', '{"id":1,', '"url":', 'null', ']', '}', '\u0000', '\uFEFF', '\uD800'];

describe('parseImport on hostile input', () => {
  it('never throws, whatever the file and its name', () => {
    fc.assert(fc.property(
      fc.constantFrom(...NAMES),
      fc.oneof(fc.string({ maxLength: 300 }), fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join(''))),
      (name, text) => {
        const parsed = parseImport(name, text);
        expect(Array.isArray(parsed.redirects)).toBe(true);
        expect(parsed.skipped).toBeGreaterThanOrEqual(0);
      },
    ), { numRuns: 2000 });
  });

  it('reads large files in linear time (these would stall a backtracking reader)', () => {
    const long = (s: string) => s.repeat(200_000);
    for (const name of NAMES) {
      for (const text of [long(' '), long('/'), long('rewrite a b '), long('\n \n'), long('"'), long('a,'), `RewriteRule ^${long('/')}x$ /y [R=301,L]`]) {
        expect(() => parseImport(name, text)).not.toThrow();
      }
    }
  });
});
