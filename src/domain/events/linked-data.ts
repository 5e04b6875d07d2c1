/**
 * The schema.org JSON-LD The Events Calendar prints for events, venues and organizers
 * (Tribe__Events__JSON_LD__Event / __Venue / __Organizer over Tribe__JSON_LD__Abstract), as values:
 * names and descriptions as plain text, start and end in the event's zone with its offset
 * (`c` format), the first venue as `location`, the first organizer as `organizer`, and the
 * `performer` placeholder TEC sets to keep search consoles quiet. Empty values are null, as
 * ql-events answers them.
 */
import { stripAllTags, wpTrimWords } from '../content/format';
import { decodeEntities } from './ical/html-text';
import { parseUtc } from './dates';
import type { EventRecord, OrganizerRecord, VenueRecord } from './types';

const orNull = (value: string | null | undefined): string | null => (value ? value : null);
const plain = (html: string): string | null => orNull(stripAllTags(decodeEntities(html)).trim());

/** tribe_events_get_the_excerpt(): the excerpt, or the first 55 words of the description. */
function excerptOf(row: { excerpt: string; content: string }): string | null {
  const source = row.excerpt.trim() !== '' ? row.excerpt : wpTrimWords(row.content, 55, '');
  return plain(source);
}

/** `Y-m-d H:i:s` in its zone, with the zone's offset at that instant, as PHP's `c` format. */
export function isoWithOffset(local: string, utc: string): string {
  const offset = Math.round((parseUtc(local).getTime() - parseUtc(utc).getTime()) / 60000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local.replace(' ', 'T')}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface AddressLinkedData {
  type: string;
  streetAddress: string | null;
  addressLocality: string | null;
  addressRegion: string | null;
  postalCode: string | null;
  addressCountry: string | null;
}

export interface VenueLinkedData {
  type: string;
  name: string | null;
  description: string | null;
  url: string | null;
  address: AddressLinkedData | null;
  telephone: string | null;
  sameAs: string | null;
}

export interface OrganizerLinkedData {
  type: string;
  name: string | null;
  description: string | null;
  url: string | null;
  telephone: string | null;
  email: string | null;
  sameAs: string | null;
}

export interface EventLinkedData {
  context: string;
  type: string;
  name: string | null;
  description: string | null;
  url: string | null;
  startDate: string;
  endDate: string;
  location: VenueLinkedData | null;
  organizer: OrganizerLinkedData | null;
  performer: string;
}

export function venueLinkedData(venue: VenueRecord): VenueLinkedData {
  const d = venue.detail;
  const address: AddressLinkedData = {
    type: 'PostalAddress',
    streetAddress: orNull(d.address),
    addressLocality: orNull(d.city),
    // tribe_get_region(): the state or province.
    addressRegion: orNull(d.stateprovince || d.state || d.province),
    postalCode: orNull(d.zip),
    addressCountry: orNull(d.country),
  };
  const hasAddress = [address.streetAddress, address.addressLocality, address.addressRegion, address.postalCode, address.addressCountry].some((v) => v !== null);
  return {
    type: 'Place',
    name: plain(venue.row.title),
    description: excerptOf(venue.row),
    url: orNull(venue.link),
    address: hasAddress ? address : null,
    telephone: orNull(d.phone),
    sameAs: orNull(d.website),
  };
}

export function organizerLinkedData(organizer: OrganizerRecord): OrganizerLinkedData {
  const d = organizer.detail;
  return {
    type: 'Person',
    name: plain(organizer.row.title),
    description: excerptOf(organizer.row),
    url: orNull(organizer.link),
    telephone: orNull(d.phone),
    email: orNull(d.email),
    sameAs: orNull(d.website),
  };
}

export function eventLinkedData(event: EventRecord, venue: VenueRecord | null, organizer: OrganizerRecord | null): EventLinkedData {
  return {
    context: 'http://schema.org',
    type: 'Event',
    name: plain(event.row.title),
    description: excerptOf(event.row),
    url: orNull(event.link),
    startDate: isoWithOffset(event.detail.startLocal, event.detail.startUtc),
    endDate: isoWithOffset(event.detail.endLocal, event.detail.endUtc),
    location: venue ? venueLinkedData(venue) : null,
    organizer: organizer ? organizerLinkedData(organizer) : null,
    performer: 'Organization',
  };
}
