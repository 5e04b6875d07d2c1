/** iCalendar (RFC 5545) support for calendar events on ical.js: parsing, expanding, serializing, and a safe fetch. */
export type { CalendarEvent, CalendarLocation, CalendarOrganizer, EventStatus, EventTime, ParsedCalendar, RecurrenceRule } from './types';
export { parseIcal, parseIcalEvents } from './parse';
export type { ParseOptions } from './parse';
export { eventUid, serializeCalendar } from './serialize';
export type { SerializeOptions } from './serialize';
export { DEFAULT_MAX_OCCURRENCES } from './expand';
export type { ExpandOptions } from './expand';
export { htmlToText } from './html-text';
export { fetchIcs } from './fetch';
export type { FetchIcsOptions, FetchedIcs } from './fetch';
