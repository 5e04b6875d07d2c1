/**
 * The text of an iCalendar document made ready for ical.js: NULs dropped (RFC 5545 allows none and
 * PostgreSQL stores none), lines unfolded, BEGIN/END nesting checked with line numbers (ical.js
 * names none), DATE values without VALUE=DATE marked, and RRULEs ical.js would refuse (failing the
 * whole document) set aside under X-INVALID-RRULE so the import can report them.
 */
import ICAL from 'ical.js';
import { icalParseError } from './errors';

/** Where a VEVENT and its properties start in the original document. */
export interface EventLines {
  begin: number;
  /** Upper-case property name to the line of its first occurrence. */
  properties: Map<string, number>;
}

export interface PreparedDocument {
  /** Unfolded text, one logical line per line. */
  text: string;
  /** The physical line each logical line starts on. */
  lines: number[];
  /** Each VEVENT's lines, in document order. */
  events: EventLines[];
}

const DATE_LIST = /^(DTSTART|DTEND|EXDATE|RDATE|RECURRENCE-ID)((?:;[^:]*)?):(\d{8}(?:,\d{8})*)\s*$/i;

function unfold(input: string): { logical: string[]; lines: number[] } {
  const logical: string[] = [];
  const lines: number[] = [];
  input
    .replace(/^\uFEFF/, '')
    .split('\u0000')
    .join('')
    .split(/\r\n|\n|\r/)
    .forEach((raw, index) => {
      if (raw.startsWith(' ') || raw.startsWith('\t')) {
        if (!logical.length) throw icalParseError(index + 1, 'a continuation line with no line to continue');
        logical[logical.length - 1] += raw.slice(1);
      } else if (raw.trim() !== '') {
        logical.push(raw);
        lines.push(index + 1);
      }
    });
  return { logical, lines };
}

export function prepareDocument(input: string): PreparedDocument {
  if (typeof input !== 'string' || !input.trim()) throw icalParseError(1, 'the document is empty');
  const { logical, lines } = unfold(input);
  const events: EventLines[] = [];
  const open: { name: string; line: number }[] = [];
  logical.forEach((text, i) => {
    const line = lines[i];
    const nesting = /^(BEGIN|END):(.*)$/i.exec(text);
    if (nesting) {
      const name = nesting[2].trim().toUpperCase();
      if (nesting[1].toUpperCase() === 'BEGIN') {
        if (!open.length && name !== 'VCALENDAR') throw icalParseError(line, events.length || i ? `BEGIN:${name} outside of a VCALENDAR` : 'not an iCalendar document (no BEGIN:VCALENDAR)');
        open.push({ name, line });
        if (name === 'VEVENT') events.push({ begin: line, properties: new Map() });
      } else {
        const begun = open.pop();
        if (!begun) throw icalParseError(line, `END:${name} without a matching BEGIN:${name}`);
        if (begun.name !== name) throw icalParseError(line, `END:${name} found where END:${begun.name} (for BEGIN:${begun.name} on line ${begun.line}) was expected`);
      }
      return;
    }
    if (open.at(-1)?.name === 'VEVENT') {
      const name = /^[A-Za-z0-9-]+/.exec(text)?.[0].toUpperCase();
      if (name && !events.at(-1)!.properties.has(name)) events.at(-1)!.properties.set(name, line);
    }
    const bareDate = DATE_LIST.exec(text);
    if (bareDate && !/;VALUE=/i.test(bareDate[2])) logical[i] = `${bareDate[1]}${bareDate[2]};VALUE=DATE:${bareDate[3]}`;
    const rule = /^RRULE(;[^:]*)?:(.*)$/i.exec(text);
    if (!rule) return;
    try {
      ICAL.Recur.fromString(rule[2].trim());
    } catch {
      logical[i] = `X-INVALID-RRULE:${rule[2]}`;
    }
  });
  const unclosed = open[0];
  if (unclosed) throw icalParseError(unclosed.line, `BEGIN:${unclosed.name} is never closed (END:${unclosed.name} missing)`);
  return { text: logical.join('\r\n') + '\r\n', lines, events };
}

/** The line of the original document holding the line an ical.js message quotes, else 1. */
export function lineOfSnippet(document: PreparedDocument, message: string): number {
  const quoted = /"([^"]+)"|'([^']+)'/.exec(message);
  const snippet = quoted?.[1] ?? quoted?.[2];
  if (!snippet) return 1;
  const index = document.text.split('\r\n').findIndex((line) => line.includes(snippet));
  return index >= 0 ? document.lines[index] : 1;
}
