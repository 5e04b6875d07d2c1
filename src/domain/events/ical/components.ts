/** The component tree of an iCalendar document: BEGIN/END nesting checked, with line numbers. */
import { icalParseError } from './errors';
import type { ContentLine } from './lines';
import { parseContentLine, unfold } from './lines';

export interface Component {
  name: string;
  /** Line of the BEGIN. */
  line: number;
  properties: ContentLine[];
  children: Component[];
}

/** Parses a document into its top-level components (normally VCALENDARs). */
export function readComponents(text: string): Component[] {
  const roots: Component[] = [];
  const stack: Component[] = [];
  for (const { text: raw, line } of unfold(text)) {
    const content = parseContentLine(raw, line);
    if (content.name === 'BEGIN' || content.name === 'END') {
      const name = content.value.trim().toUpperCase();
      if (!/^[A-Z0-9-]+$/.test(name)) throw icalParseError(line, `bad component name "${content.value}"`);
      if (content.name === 'BEGIN') {
        const component: Component = { name, line, properties: [], children: [] };
        (stack.length ? stack[stack.length - 1].children : roots).push(component);
        stack.push(component);
      } else {
        const open = stack.pop();
        if (!open) throw icalParseError(line, `END:${name} without a matching BEGIN:${name}`);
        if (open.name !== name) throw icalParseError(line, `END:${name} found where END:${open.name} (for BEGIN:${open.name} on line ${open.line}) was expected`);
      }
      continue;
    }
    const current = stack[stack.length - 1];
    if (!current) throw icalParseError(line, `property ${content.name} outside of any component (a document starts with BEGIN:VCALENDAR)`);
    current.properties.push(content);
  }
  const unclosed = stack.pop();
  if (unclosed) throw icalParseError(unclosed.line, `BEGIN:${unclosed.name} is never closed (END:${unclosed.name} missing)`);
  return roots;
}

export function property(component: Component, name: string): ContentLine | undefined {
  return component.properties.find((p) => p.name === name);
}

export function properties(component: Component, name: string): ContentLine[] {
  return component.properties.filter((p) => p.name === name);
}
