import { escapeText, fold, formatContentLine, parseContentLine, splitTextList, unescapeText, unfold } from '../../src/domain/events/ical/lines';
import { DomainError } from '../../src/domain/errors';

const octets = (text: string) => Buffer.byteLength(text, 'utf8');

describe('iCalendar content lines: folding', () => {
  it('leaves a line of 75 octets alone and folds the 76th onto a continuation line', () => {
    const line = `SUMMARY:${'a'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(fold(line)).toBe(line);
    const longer = `${line}b`;
    expect(fold(longer)).toBe(`${line}\r\n b`);
  });

  it('counts octets, not characters, and never splits a multi-byte character', () => {
    // 2-, 3- and 4-byte characters (é, €, 🎉 as a surrogate pair) in a long value.
    const line = `DESCRIPTION:${'é€🎉'.repeat(40)}`;
    const folded = fold(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(5);
    for (const [index, part] of physical.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toMatch(/\uFFFD/);
      // No lone surrogate: each piece is valid UTF-16 text on its own.
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    }
    expect(unfold(folded).map((l) => l.text)).toEqual([line]);
  });

  it('fills continuation lines up to 75 octets including the leading space', () => {
    const physical = fold(`X:${'x'.repeat(300)}`).split('\r\n');
    expect(physical.slice(0, -1).map(octets)).toEqual(physical.slice(0, -1).map(() => 75));
  });

  it('unfolds CRLF, LF and tab continuations and keeps the starting line numbers', () => {
    const text = 'BEGIN:VCALENDAR\r\nSUMMARY:Hel\r\n lo\n\tthere\n\nEND:VCALENDAR';
    expect(unfold(text)).toEqual([
      { text: 'BEGIN:VCALENDAR', line: 1 },
      { text: 'SUMMARY:Hellothere', line: 2 },
      { text: 'END:VCALENDAR', line: 6 },
    ]);
  });

  it('refuses a continuation line at the very start with its line number', () => {
    expect(() => unfold(' oops')).toThrow(DomainError);
    expect(() => unfold(' oops')).toThrow(/line 1/);
  });
});

describe('iCalendar TEXT escaping', () => {
  it('escapes backslash, semicolon, comma and newlines, and reverses it', () => {
    const text = 'a\\b; c, d\ne\r\nf';
    expect(escapeText(text)).toBe('a\\\\b\\; c\\, d\\ne\\nf');
    expect(unescapeText(escapeText(text))).toBe('a\\b; c, d\ne\nf');
    expect(unescapeText('Line\\Nbreak')).toBe('Line\nbreak');
  });

  it('splits lists on unescaped commas only', () => {
    expect(splitTextList('Music,Jazz\\, Blues,A\\;B')).toEqual(['Music', 'Jazz, Blues', 'A;B']);
  });
});

describe('iCalendar parameters', () => {
  it('reads quoted values holding ; : and , and several values', () => {
    const line = parseContentLine('ORGANIZER;CN="Doe, Jane: PhD";ROLE=CHAIR;MEMBER="mailto:a@x.org","mailto:b@x.org":mailto:jane@example.org', 4);
    expect(line).toEqual({
      name: 'ORGANIZER',
      params: { CN: ['Doe, Jane: PhD'], ROLE: ['CHAIR'], MEMBER: ['mailto:a@x.org', 'mailto:b@x.org'] },
      value: 'mailto:jane@example.org',
      line: 4,
    });
  });

  it('keeps colons in the value and upper-cases names', () => {
    const line = parseContentLine('url;value=URI:https://example.org:8080/a?b=c', 1);
    expect(line.name).toBe('URL');
    expect(line.params).toEqual({ VALUE: ['URI'] });
    expect(line.value).toBe('https://example.org:8080/a?b=c');
  });

  it('decodes and encodes RFC 6868 caret escapes and quotes values that need it', () => {
    expect(parseContentLine(`X-A;CN="Say ^'hi^'^nnow ^^":v`, 1).params.CN).toEqual(['Say "hi"\nnow ^']);
    const written = formatContentLine('ORGANIZER', { CN: 'Doe, "Jane"\n^' }, 'mailto:j@x.org');
    expect(written).toBe(`ORGANIZER;CN="Doe, ^'Jane^'^n^^":mailto:j@x.org`);
    expect(parseContentLine(written, 1).params.CN).toEqual(['Doe, "Jane"\n^']);
  });

  it('reports malformed lines with their line number', () => {
    expect(() => parseContentLine('NO COLON HERE', 7)).toThrow(/line 7/);
    expect(() => parseContentLine('DTSTART;TZID="Europe/Berlin:20260101T000000', 8)).toThrow(/line 8: unterminated quoted/);
    expect(() => parseContentLine('DTSTART;TZID:20260101', 9)).toThrow(/line 9/);
  });
});
