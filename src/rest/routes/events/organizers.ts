/**
 * `/events/v1/organizers` routes: the organizer fields as Single_Organizer declares them.
 */
import { createOrganizer, deleteOrganizer, getOrganizer, listOrganizers, organizerInputOf, updateOrganizer, type OrganizerRecord } from '../../../domain/events';
import { ORGANIZER_RULES } from '../../../domain/events/fields';
import { ORGANIZER_TYPE } from '../../../domain/events/types';
import { isOrganizerId } from '../../../domain/events/validators';
import type { ArgSchema } from '../../../schema/types';
import type { RouteDef } from '../../server/types';
import { linkedRoutes } from './linked';
import { organizerJson } from './records';
import { organizerSchema } from './schemas';

const field = (type: 'string' | 'integer', description: string, required = false): ArgSchema => ({ type, default: null, description, ...(required ? { required } : {}) });

export const ORGANIZER_CREATE_SCHEMAS: Record<string, ArgSchema> = {
  author: field('integer', 'The organizer author ID'),
  date: field('string', 'The organizer publication date'),
  date_utc: field('string', 'The organizer publication date (UTC time zone)'),
  organizer: field('string', 'The organizer name', true),
  description: field('string', 'The organizer description'),
  status: field('string', 'The organizer post status'),
  phone: field('string', 'The organizer phone number'),
  website: field('string', 'The organizer website'),
  email: field('string', 'The organizer e-mail address'),
  image: field('string', 'The organizer featured image ID or URL'),
};

export function organizerRoutes(): RouteDef[] {
  return linkedRoutes<OrganizerRecord>({
    base: 'organizers',
    type: ORGANIZER_TYPE,
    label: 'organizer',
    rules: ORGANIZER_RULES,
    createSchemas: ORGANIZER_CREATE_SCHEMAS,
    schema: organizerSchema,
    idCheck: isOrganizerId,
    list: listOrganizers,
    get: getOrganizer,
    create: (ctx, values) => createOrganizer(ctx, organizerInputOf(values)),
    update: (ctx, id, values) => updateOrganizer(ctx, id, organizerInputOf(values)),
    remove: deleteOrganizer,
    json: organizerJson,
  });
}
