/**
 * `/events/v1/venues` routes: the venue fields as Single_Venue declares them.
 */
import { createVenue, deleteVenue, getVenue, listVenues, updateVenue, venueInputOf, type VenueRecord } from '../../../domain/events';
import { VENUE_RULES } from '../../../domain/events/fields';
import { VENUE_CREATE_SCHEMAS } from '../../../domain/events/linked-contract';
import { VENUE_TYPE } from '../../../domain/events/types';
import { isVenueId } from '../../../domain/events/validators';
import type { RouteDef } from '../../server/types';
import { linkedRoutes } from './linked';
import { venueJson } from './records';
import { venueSchema } from './schemas';

export function venueRoutes(): RouteDef[] {
  return linkedRoutes<VenueRecord>({
    base: 'venues',
    type: VENUE_TYPE,
    label: 'venue',
    rules: VENUE_RULES,
    createSchemas: VENUE_CREATE_SCHEMAS,
    schema: venueSchema,
    idCheck: isVenueId,
    list: listVenues,
    get: getVenue,
    create: (ctx, values) => createVenue(ctx, venueInputOf(values)),
    update: (ctx, id, values) => updateVenue(ctx, id, venueInputOf(values)),
    remove: deleteVenue,
    json: venueJson,
  });
}
