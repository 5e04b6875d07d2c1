/**
 * `/events/v1/organizers` routes: the organizer fields as Single_Organizer declares them.
 */
import { createOrganizer, deleteOrganizer, getOrganizer, listOrganizers, organizerInputOf, updateOrganizer, type OrganizerRecord } from '../../../domain/events';
import { ORGANIZER_RULES } from '../../../domain/events/fields';
import { ORGANIZER_CREATE_SCHEMAS } from '../../../domain/events/linked-contract';
import { ORGANIZER_TYPE } from '../../../domain/events/types';
import { isOrganizerId } from '../../../domain/events/validators';
import type { RouteDef } from '../../server/types';
import { linkedRoutes } from './linked';
import { organizerJson } from './records';
import { organizerSchema } from './schemas';

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
