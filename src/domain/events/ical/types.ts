/**
 * The neutral shape of a calendar event shared by the iCalendar parser and serializer, so that a
 * feed produced here and parsed back gives the same events. Nothing here knows about the database.
 */

/** One end of an event: the wall-clock time in its zone, the IANA zone, and the instant. */
export interface EventTime {
  /** Wall-clock time in `timezone`, `YYYY-MM-DD HH:MM:SS`. Always equals `utc` seen in `timezone`. */
  local: string;
  /** IANA time zone name (e.g. `Europe/Berlin`, `UTC`). */
  timezone: string;
  utc: Date;
}

export interface CalendarLocation {
  /** Venue name; for a foreign feed's plain LOCATION, the whole LOCATION text. */
  name: string;
  address?: string;
  city?: string;
  country?: string;
  lat?: number;
  lng?: number;
}

export interface CalendarOrganizer {
  name: string;
  email?: string;
}

export type RecurrenceFrequency = 'SECONDLY' | 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** A weekday in a BYDAY list: `2TU` is {nth: 2, day: 'TU'}, `-1FR` is {nth: -1, day: 'FR'}. */
export interface RecurrenceWeekday {
  nth?: number;
  day: 'SU' | 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA';
}

/** An RRULE as written (`text`) and the parts this library understands. */
export interface RecurrenceRule {
  text: string;
  freq: RecurrenceFrequency;
  interval: number;
  count?: number;
  /** UNTIL as an instant (a DATE UNTIL is taken as the end of that day in the event's zone). */
  until?: Date;
  byDay?: RecurrenceWeekday[];
  byMonthDay?: number[];
  byMonth?: number[];
}

export type EventStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

export interface CalendarEvent {
  /** Globally unique id (`<id>@<host>` for our own events). */
  uid: string;
  title: string;
  /** HTML or plain text. Feeds carry a plain-text DESCRIPTION and, when this has markup, the HTML too. */
  description: string;
  start: EventTime;
  /** For all-day events the last day at 23:59:59 (inclusive), as The Events Calendar stores it. */
  end: EventTime;
  allDay: boolean;
  url?: string;
  location?: CalendarLocation;
  organizers: CalendarOrganizer[];
  categories: string[];
  lastModified?: Date;
  sequence: number;
  status?: EventStatus;
  recurrence?: RecurrenceRule;
  /** EXDATE instants of a recurring event. */
  exceptionDates?: Date[];
  /** Set on an overridden occurrence of a recurring event (a VEVENT with RECURRENCE-ID). */
  recurrenceId?: Date;
}

/** One VCALENDAR of a parsed document. */
export interface ParsedCalendar {
  /** X-WR-CALNAME. */
  name?: string;
  /** The calendar's default zone: X-WR-TIMEZONE when it names a zone we can resolve. */
  timezone?: string;
  prodId?: string;
  method?: string;
  events: CalendarEvent[];
  /** Non-fatal oddities met while parsing (unresolvable TZIDs and the like), with line numbers. */
  warnings: string[];
}
