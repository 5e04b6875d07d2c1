/**
 * `/events/v1/venues` routes: the venue fields as Single_Venue declares them.
 */
import { createVenue, deleteVenue, getVenue, listVenues, updateVenue, venueInputOf, type VenueRecord } from '../../../domain/events';
import { VENUE_RULES } from '../../../domain/events/fields';
import { VENUE_TYPE } from '../../../domain/events/types';
import { isVenueId } from '../../../domain/events/validators';
import type { ArgSchema } from '../../../schema/types';
import type { RouteDef } from '../../server/types';
import { linkedRoutes } from './linked';
import { venueJson } from './records';
import { venueSchema } from './schemas';

const text = (description: string): ArgSchema => ({ type: 'string', default: null, description });

export const VENUE_CREATE_SCHEMAS: Record<string, ArgSchema> = {
  author: { type: 'integer', description: 'The venue author ID' },
  date: { type: 'string', description: 'The venue publication date' },
  date_utc: { type: 'string', description: 'The venue publication date (UTC time zone)' },
  venue: { type: 'string', description: 'The venue name', required: true },
  description: text('The venue description'),
  status: { type: 'string', description: 'The venue post status' },
  show_map: { type: 'string', default: null },
  show_map_link: { type: 'string', default: null },
  address: text('The venue address'),
  city: text('The venue city'),
  country: text('The venue country'),
  province: text('The venue province'),
  state: text('The venue state'),
  zip: text('The venue ZIP code'),
  phone: text('The venue phone number'),
  stateprovince: text('The venue state and province'),
  website: text('The venue website URL'),
  image: text('The organizer featured image ID or URL'),
};

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
