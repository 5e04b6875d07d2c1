/**
 * Venues (tribe_venue): their fields, and the archive/read/write entry points of linked.ts bound
 * to them. `stateprovince` falls back to the state, then the province, as the plugin fills it.
 */
import type { DomainContext } from '../context';
import { createLinked, deleteLinked, getLinked, listLinked, postFieldsOf, textField, updateLinked, type LinkedKindDef, type LinkedList, type LinkedListQuery, type PostFieldsWithName } from './linked';
import { venueById } from './loaders';
import { isTruthy } from './validators';
import { VENUE_TYPE, type VenueInput, type VenueRecord } from './types';

const TEXT_FIELDS = ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website', 'stateprovince'] as const;

function detailData(input: VenueInput, existing: VenueRecord | null): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) if (input[field] !== undefined) data[field] = input[field] ?? '';
  if (input.stateprovince === undefined && (input.state !== undefined || input.province !== undefined || !existing)) {
    const state = input.state ?? existing?.detail.state ?? '';
    const province = input.province ?? existing?.detail.province ?? '';
    if (!existing || existing.detail.stateprovince === '' || existing.detail.stateprovince === existing.detail.state || existing.detail.stateprovince === existing.detail.province) {
      data.stateprovince = state || province;
    }
  }
  if (input.show_map !== undefined) data.showMap = input.show_map;
  if (input.show_map_link !== undefined) data.showMapLink = input.show_map_link;
  if (input.lat !== undefined) data.lat = input.lat;
  if (input.lng !== undefined) data.lng = input.lng;
  return data;
}

export const VENUES: LinkedKindDef<VenueRecord, VenueInput & PostFieldsWithName> = {
  kind: 'venue',
  type: VENUE_TYPE,
  label: 'venue',
  byId: venueById,
  detailData,
  sameAs: (record, input) => TEXT_FIELDS.every((field) => input[field] === undefined || (input[field] ?? '') === record.detail[field]) && (input.description === undefined || input.description === record.row.content),
  writeDetail: async (tx, id, data, create) => {
    if (create) await tx.venueDetail.create({ data: { contentId: id, ...data } });
    else if (Object.keys(data).length) await tx.venueDetail.update({ where: { contentId: id }, data });
  },
};

export const getVenue = (ctx: DomainContext, id: number): Promise<VenueRecord> => getLinked(ctx, VENUES, id);
export const listVenues = (ctx: DomainContext, query: LinkedListQuery): Promise<LinkedList<VenueRecord>> => listLinked(ctx, VENUES, query);
export const createVenue = (ctx: DomainContext, input: VenueInput): Promise<VenueRecord> => createLinked(ctx, VENUES, input);
export const updateVenue = (ctx: DomainContext, id: number, input: VenueInput): Promise<VenueRecord> => updateLinked(ctx, VENUES, id, input);
export const deleteVenue = (ctx: DomainContext, id: number): Promise<VenueRecord> => deleteLinked(ctx, VENUES, id);

/** A venue input from a raw map of TEC's arguments (show_map and show_map_link are strings there). */
export function venueInputOf(raw: Record<string, unknown>): VenueInput & PostFieldsWithName {
  const input: VenueInput & PostFieldsWithName = { ...postFieldsOf(raw) };
  for (const field of TEXT_FIELDS) {
    const value = textField(raw, field);
    if (value !== undefined) input[field] = value;
  }
  if (raw.show_map !== undefined && raw.show_map !== null) input.show_map = isTruthy(raw.show_map);
  if (raw.show_map_link !== undefined && raw.show_map_link !== null) input.show_map_link = isTruthy(raw.show_map_link);
  return input;
}
