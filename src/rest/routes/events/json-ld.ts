/**
 * The schema.org data single-record reads carry (`json_ld`), as The Events Calendar's
 * Tribe__JSON_LD__Event / Venue / Organizer build it: texts through esc_js, addresses as
 * PostalAddress, e-mail addresses through antispambot.
 */
import { offsetMinutes } from '../../../domain/content/dates';
import { instantOfLocal, zoneNamed } from '../../../domain/events/dates';
import { descriptionText, titleText, type EventRecord, type OrganizerRecord, type VenueRecord } from '../../../domain/events';
import type { SiteOptions } from '../../../domain/settings/options';

/** esc_js(): special characters as entities (existing ones kept), newlines as `\n`, quotes escaped. */
export function escJs(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, "\\'")
    .replace(/\r/g, '')
    .replace(/\n/g, '\\n');
}

/** antispambot(): each character randomly as itself or a decimal entity; `@` always encoded. */
export function antispambot(email: string): string {
  let out = '';
  for (const ch of email) out += Math.random() < 0.5 ? `&#${ch.codePointAt(0)};` : ch;
  return out.replace(/@/g, '&#64;');
}

/** The description TEC gives schema.org: the excerpt, else the content, as HTML with a final newline. */
function summary(row: { excerpt: string; content: string }): string {
  const html = row.excerpt !== '' ? row.excerpt.trim() : descriptionText(row);
  return html === '' ? '' : escJs(`${html}\n`);
}

export function venueJsonLd(venue: VenueRecord): Record<string, unknown> {
  const d = venue.detail;
  const address: Record<string, unknown> = { '@type': 'PostalAddress' };
  const parts: Array<[string, string]> = [['streetAddress', d.address], ['addressLocality', d.city], ['addressRegion', d.state || d.province], ['postalCode', d.zip], ['addressCountry', d.country]];
  for (const [key, value] of parts) if (value) address[key] = value;
  const data: Record<string, unknown> = { '@type': 'Place', name: escJs(titleText(venue.row)), description: summary(venue.row), url: d.website };
  if (venue.image) data.image = venue.image.url;
  data.address = address;
  if (d.lat !== null && d.lng !== null) data.geo = { '@type': 'GeoCoordinates', latitude: d.lat, longitude: d.lng };
  data.telephone = d.phone;
  data.sameAs = d.website;
  return data;
}

export function organizerJsonLd(organizer: OrganizerRecord): Record<string, unknown> {
  const d = organizer.detail;
  const data: Record<string, unknown> = { '@type': 'Person', name: escJs(titleText(organizer.row)), description: summary(organizer.row), url: d.website };
  if (organizer.image) data.image = organizer.image.url;
  data.telephone = d.phone;
  data.email = d.email ? antispambot(d.email) : '';
  data.sameAs = d.website;
  return data;
}

/** An event time as ISO 8601 with the offset of the event's zone. */
function isoTime(local: string, timezone: string, options: SiteOptions): string {
  const zone = zoneNamed(timezone, options);
  const minutes = offsetMinutes(instantOfLocal(local, zone), zone);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local.replace(' ', 'T')}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function eventJsonLd(event: EventRecord, venues: VenueRecord[], organizers: OrganizerRecord[], options: SiteOptions): Record<string, unknown> {
  const d = event.detail;
  const data: Record<string, unknown> = { '@context': 'http://schema.org', '@type': 'Event', name: escJs(titleText(event.row)), description: summary(event.row) };
  if (event.image) data.image = event.image.url;
  data.url = event.link;
  data.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  data.eventStatus = 'https://schema.org/EventScheduled';
  data.startDate = isoTime(d.startLocal, d.timezone, options);
  data.endDate = isoTime(d.endLocal, d.timezone, options);
  if (venues.length) data.location = venueJsonLd(venues[0]);
  if (organizers.length) data.organizer = organizerJsonLd(organizers[0]);
  data.performer = 'Organization';
  return data;
}
