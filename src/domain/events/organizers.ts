/**
 * Organizers (tribe_organizer): their fields, and the archive/read/write entry points of
 * linked.ts bound to them.
 */
import type { DomainContext } from '../context';
import { createLinked, deleteLinked, getLinked, listLinked, postFieldsOf, textField, updateLinked, type LinkedKindDef, type LinkedList, type LinkedListQuery, type PostFieldsWithName } from './linked';
import { organizerById } from './loaders';
import { ORGANIZER_TYPE, type OrganizerInput, type OrganizerRecord } from './types';

const TEXT_FIELDS = ['phone', 'website', 'email'] as const;

function detailData(input: OrganizerInput): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) if (input[field] !== undefined) data[field] = input[field] ?? '';
  return data;
}

export const ORGANIZERS: LinkedKindDef<OrganizerRecord, OrganizerInput & PostFieldsWithName> = {
  kind: 'organizer',
  type: ORGANIZER_TYPE,
  label: 'organizer',
  byId: organizerById,
  detailData,
  sameAs: (record, input) => TEXT_FIELDS.every((field) => input[field] === undefined || (input[field] ?? '') === record.detail[field]) && (input.description === undefined || input.description === record.row.content),
  writeDetail: async (tx, id, data, create) => {
    if (create) await tx.organizerDetail.create({ data: { contentId: id, ...data } });
    else if (Object.keys(data).length) await tx.organizerDetail.update({ where: { contentId: id }, data });
  },
};

export const getOrganizer = (ctx: DomainContext, id: number): Promise<OrganizerRecord> => getLinked(ctx, ORGANIZERS, id);
export const listOrganizers = (ctx: DomainContext, query: LinkedListQuery): Promise<LinkedList<OrganizerRecord>> => listLinked(ctx, ORGANIZERS, query);
export const createOrganizer = (ctx: DomainContext, input: OrganizerInput): Promise<OrganizerRecord> => createLinked(ctx, ORGANIZERS, input);
export const updateOrganizer = (ctx: DomainContext, id: number, input: OrganizerInput): Promise<OrganizerRecord> => updateLinked(ctx, ORGANIZERS, id, input);
export const deleteOrganizer = (ctx: DomainContext, id: number): Promise<OrganizerRecord> => deleteLinked(ctx, ORGANIZERS, id);

/** An organizer input from a raw map of TEC's arguments. */
export function organizerInputOf(raw: Record<string, unknown>): OrganizerInput & PostFieldsWithName {
  const input: OrganizerInput & PostFieldsWithName = { ...postFieldsOf(raw) };
  for (const field of TEXT_FIELDS) {
    const value = textField(raw, field);
    if (value !== undefined) input[field] = value;
  }
  return input;
}
