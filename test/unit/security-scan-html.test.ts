/**
 * The scanner's reading of stored HTML and URLs (src/domain/security/scan): what a browser would
 * run is found however it is spelled (case, entities, spacing, unclosed elements), what only looks
 * like code is not, and links are matched against the block list by host.
 */
import { blockedHostOf, hostOf, normaliseHost } from '../../src/domain/security/scan/hosts';
import { isScriptUrl, scanHtml } from '../../src/domain/security/scan/html-scan';
import { obfuscationInCode, obfuscationInText } from '../../src/domain/security/scan/obfuscation';
import { textFieldFindings, urlFieldFindings } from '../../src/domain/security/scan/field-findings';

const kinds = (html: string) => scanHtml(html).injections.map((i) => i.kind).sort();

describe('scanHtml', () => {
  it.each([
    ['<p>Hello <strong>world</strong></p>', []],
    ['Text about <code>eval(x)</code> and onerror= in prose', []],
    ['<a href="https://example.org/?q=javascript:">link</a>', []],
    ['<SCRIPT>alert(1)</SCRIPT>', ['script']],
    ['<p>unclosed <script>var a = 1', ['script']],
    ['<img src=x OnError=alert(1)>', ['event-handler']],
    ['<svg><a xlink:href="javascript:alert(1)">x</a></svg>', ['javascript-url']],
    ['<a href="jav&#x09;ascript&#58;alert(1)">x</a>', ['javascript-url']],
    ['<a href="  JAVASCRIPT:alert(1)">x</a>', ['javascript-url']],
    ['<form action="data:text/html;base64,PHNjcmlwdD4=">', ['javascript-url']],
    ['<iframe src="https://example.org"></iframe>', ['iframe']],
    ['<embed src="x.swf">', ['iframe']],
    ['<script>eval(atob("YWxlcnQoMSk="))</script>', ['obfuscated', 'script']],
    ['<script>document.write(unescape("%3Cscript%3E"))</script>', ['obfuscated', 'script']],
    [`<script>var p="${'QUJD'.repeat(50)}";</script>`, ['obfuscated', 'script']],
    ['<div onclick="String.fromCharCode(97,108)">x</div>', ['event-handler', 'obfuscated']],
    // Inside a raw-text element, markup is text: no element there.
    ['<textarea><script>alert(1)</script></textarea>', []],
  ])('%s', (html, expected) => {
    expect(kinds(html)).toEqual(expected);
  });

  it('collects the links of a fragment', () => {
    expect(scanHtml('<a href="https://a.example/x">a</a><img src="//b.example/i.png"><a href="/local">l</a>').links).toEqual(['https://a.example/x', '//b.example/i.png', '/local']);
  });
});

describe('script URLs and obfuscation', () => {
  it('knows the schemes that run code', () => {
    expect(isScriptUrl('javascript:void(0)')).toBe(true);
    expect(isScriptUrl('\u0001java\nscript:x')).toBe(true);
    expect(isScriptUrl('VBScript:x')).toBe(true);
    expect(isScriptUrl('https://example.org/javascript:')).toBe(false);
    expect(isScriptUrl('mailto:someone@example.org')).toBe(false);
  });

  it('tells decoding calls in plain text from encoded blobs, which only count in code', () => {
    const blob = 'QUJD'.repeat(60);
    expect(obfuscationInText(blob)).toBeNull();
    expect(obfuscationInCode(blob)).toBe('a long base64 blob');
    expect(obfuscationInText("eval ( atob('x') )")).toBe('eval(');
    expect(obfuscationInText('Evaluate the medieval (old) texts')).toBeNull();
  });
});

describe('hosts', () => {
  it('reads hosts as WHATWG URLs do and matches subdomains of a listed host', () => {
    expect(hostOf('HTTP://Evil.Example.:8080/path')).toBe('evil.example');
    expect(hostOf('//cdn.example/x')).toBe('cdn.example');
    expect(hostOf('/relative')).toBeNull();
    expect(hostOf('ftp://files.example/')).toBeNull();
    expect(blockedHostOf('https://a.b.evil.example/', ['evil.example'])).toBe('evil.example');
    expect(blockedHostOf('https://notevil.example/', ['evil.example'])).toBeNull();
    expect(normaliseHost(' Evil.Example. ')).toBe('evil.example');
    expect(normaliseHost('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normaliseHost('bad host')).toBeNull();
  });
});

describe('field findings', () => {
  const field = { record: { kind: 'option' as const, id: 'x' }, label: 'setting "x"', field: 'value', blockedHosts: ['evil.example'] };

  it('give one finding per kind of problem, keyed by field and kind', () => {
    const found = textFieldFindings(field, '<script>eval(1)</script><a href="https://evil.example/a">a</a><a href="https://evil.example/b">b</a>');
    expect(found.map((f) => f.key).sort()).toEqual(['value:host:evil.example', 'value:obfuscated', 'value:script']);
  });

  it('read a stored URL as one', () => {
    expect(urlFieldFindings({ ...field, field: 'url' }, 'https://www.evil.example/x').map((f) => [f.type, f.key])).toEqual([['blockedHost', 'url:host:evil.example']]);
    expect(urlFieldFindings({ ...field, field: 'url' }, 'https://example.org/')).toEqual([]);
  });
});
