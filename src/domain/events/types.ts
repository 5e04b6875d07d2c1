/**
 * The vocabulary of the calendar: post types, the records the domain returns (rows plus what
 * every face prints: permalink, global ids, featured image), and the inputs of writes.
 */
import type { Content, EventDetail, OrganizerDetail, Term, VenueDetail } from '../../generated/prisma-sqlite/client';
import type { SeoFieldChanges } from '../seo/meta-fields';

export const EVENT_TYPE = 'tribe_events';
export const VENUE_TYPE = 'tribe_venue';
export const ORGANIZER_TYPE = 'tribe_organizer';
export const EVENT_CATEGORY = 'tribe_events_cat';
export const EVENT_TAG = 'post_tag';

export type LinkedKind = 'venue' | 'organizer';
export const LINKED_TYPE: Record<LinkedKind, string> = { venue: VENUE_TYPE, organizer: ORGANIZER_TYPE };

/** Meta key of the ids an imported record had elsewhere (Event Aggregator's global id lineage). */
export const LINEAGE_KEY = '_tribe_global_id_lineage';

/** Statuses a calendar record may be written with. */
export const EVENT_WRITE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;
/** Registered statuses a list may ask for (`any` is expanded by the query). */
export const EVENT_FILTER_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit'] as const;

/** A featured image: the attachment's full-size address and file extension. */
export interface EventImage {
  id: number;
  url: string;
  extension: string;
}

/** What events, venues and organizers share. */
export interface CalendarPost {
  row: Content;
  /** get_permalink(). */
  link: string;
  /** `<site host+path>?id=<id>`. */
  globalId: string;
  /** The global id followed by the ids the record had where it was imported from. */
  lineage: string[];
  image: EventImage | null;
}

export interface EventRecord extends CalendarPost {
  detail: EventDetail;
}

export interface VenueRecord extends CalendarPost {
  detail: VenueDetail;
}

export interface OrganizerRecord extends CalendarPost {
  detail: OrganizerDetail;
}

/** An event category or tag attached to an event. */
export type EventTerm = Term;

/** A venue or organizer given inline with an event: an existing id, or the fields of a new record. */
export type LinkedInput = number | { id: number } | Record<string, unknown>;

/** Writable fields of a venue (TEC's argument names). `undefined` leaves a field unchanged. */
export interface VenueInput {
  venue?: string;
  author?: number;
  date?: string;
  date_utc?: string;
  description?: string;
  status?: string;
  show_map?: boolean;
  show_map_link?: boolean;
  address?: string;
  city?: string;
  country?: string;
  province?: string;
  state?: string;
  zip?: string;
  phone?: string;
  stateprovince?: string;
  website?: string;
  image?: string | number;
  /** Coordinates (not a TEC REST argument; set by imports and the seed). */
  lat?: number | null;
  lng?: number | null;
}

/** Writable fields of an organizer. */
export interface OrganizerInput {
  organizer?: string;
  author?: number;
  date?: string;
  date_utc?: string;
  description?: string;
  status?: string;
  phone?: string;
  website?: string;
  email?: string;
  image?: string | number;
}

/** Writable fields of an event. `undefined` leaves a field unchanged (on create: its default). */
export interface EventInput {
  title?: string;
  description?: string;
  excerpt?: string;
  slug?: string;
  status?: string;
  author?: number;
  /** Publication date (site time) or its UTC form. */
  date?: string;
  date_utc?: string;
  /** Start and end as any time string, read in `timezone` (or the site's zone). */
  start_date?: string;
  end_date?: string;
  /** An IANA zone or `UTC±N`; "" means the site's zone. */
  timezone?: string;
  all_day?: boolean;
  /** An attachment id or an image address. "" or 0 removes the image. */
  image?: string | number;
  cost?: string;
  website?: string | null;
  show_map?: boolean;
  show_map_link?: boolean;
  hide_from_listings?: boolean;
  sticky?: boolean;
  featured?: boolean;
  /** Term ids or names; names that do not exist are created. An empty list clears. */
  categories?: Array<number | string>;
  tags?: Array<number | string>;
  /** Ids or inline records (created or reused). An empty list clears. */
  venue?: LinkedInput[];
  organizer?: LinkedInput[];
  /** Yoast's SEO fields (validated; null deletes), stored as on posts. */
  seo?: SeoFieldChanges;
}
