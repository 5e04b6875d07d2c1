/** JSON printed inside a script element: nothing in it may close the element or break a line in old parsers. */
import { scriptJson, scriptSafe } from '../../src/domain/seo/head-html';

describe('scriptSafe', () => {
  it('escapes <, U+2028 and U+2029 wherever they are, and nothing else', () => {
    const value = { name: 'a</script><script>alert(1)</script>', line: 'x\u2028y\u2029z', plain: 'Ünïcödé & "quotes"' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(text).toContain('\\u003c/script>');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('hands back the very text when nothing needs escaping', () => {
    const json = JSON.stringify({ '@id': 'https://example.test/#website', name: 'Site > 1' });
    expect(scriptSafe(json)).toBe(json);
    expect(scriptSafe('"\u2029"')).toBe('"\\u2029"');
  });
});
