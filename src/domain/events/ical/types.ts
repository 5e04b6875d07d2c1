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

/** An RRULE as written (ical.js reads and expands it). */
export interface RecurrenceRule {
  text: string;
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
  /** RDATE instants of a recurring event (dates added to its rule). */
  recurrenceDates?: Date[];
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
  /** Non-fatal oddities met while parsing (unresolvable TZIDs and the like). */
  warnings: string[];
  /**
   * What an import of this calendar leaves out, one sentence each: components other than events,
   * invalid RRULEs, occurrences past the expansion horizon or the per-series cap.
   */
  notices: string[];
}
