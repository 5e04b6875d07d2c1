/** iCalendar (RFC 5545) support for calendar events: pure parsing, serializing and a safe fetch. */
export type { CalendarEvent, CalendarLocation, CalendarOrganizer, EventStatus, EventTime, ParsedCalendar, RecurrenceRule, RecurrenceWeekday } from './types';
export { parseIcal, parseIcalEvents } from './parse';
export type { ParseOptions } from './parse';
export { eventUid, serializeCalendar } from './serialize';
export type { SerializeOptions } from './serialize';
export { expandRecurrences } from './recurrence';
export type { ExpandOptions } from './recurrence';
export { htmlToText } from './html-text';
export { fetchIcs } from './fetch';
export type { FetchIcsOptions, FetchedIcs } from './fetch';
