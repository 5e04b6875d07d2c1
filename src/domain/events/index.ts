/**
 * The calendar: events, venues, organizers, event categories and tags (The Events Calendar's
 * model). Both faces go through these functions; they take a DomainContext, check permissions
 * themselves, throw DomainError with the plugin's codes, and return records (not JSON).
 *
 * Records (types.ts): EventRecord, VenueRecord, OrganizerRecord — `row` (Content), `detail`
 * (EventDetail / VenueDetail / OrganizerDetail), `link`, `globalId`, `lineage`, `image`.
 * Texts as the plugin prints them: titleText, descriptionText, excerptText (records.ts);
 * dateDetails, formatCost/costValues for the derived fields.
 *
 * Nested data — per-request DataLoaders, the one way relations are read (loaders.ts):
 *   eventById(ctx), venueById(ctx), organizerById(ctx)             .load(id) -> record | null
 *   venuesByEvent(ctx), organizersByEvent(ctx)                     .load(eventId) -> records, in order
 *   eventTermsByEvent(ctx)                                         .load(eventId) -> { categories, tags }
 *   eventsByVenue(ctx), eventsByOrganizer(ctx)                     .load(id) -> readable events by start
 *
 * Events:
 *   listEventArchive(ctx, args)        the archive as the plugin reads its arguments (defaults, whole days...)
 *   resolveEventArchive(ctx, args) + listEvents(ctx, query)         the same in two steps (typed query)
 *   eventListSql / eventCountSql(provider, query, options)          the list statements (for EXPLAIN)
 *   getEvent(ctx, id, {password, context}), getEventBySlug, eventIdBySlug, findEvent
 *   createEvent(ctx, input), updateEvent(ctx, id, input), deleteEvent(ctx, id), canWriteEvent
 *   canAccessPassword(ctx, row, options)                            password-protected content
 * Venues / organizers:
 *   listVenues / listOrganizers(ctx, query), getVenue / getOrganizer(ctx, id),
 *   createVenue / createOrganizer(ctx, input), updateVenue / updateOrganizer(ctx, id, input),
 *   deleteVenue / deleteOrganizer(ctx, id), venueInputOf / organizerInputOf(raw map),
 *   canCreateLinked(ctx, type), canWriteLinked(ctx, type, id, 'edit' | 'delete')
 * Categories and tags (taxonomies tribe_events_cat and post_tag):
 *   listEventTerms, getEventTerm, createEventTerm, updateEventTerm, deleteEventTerm, canWriteEventTerms
 * Validation: the plugin's argument validators (validators.ts) and write rules (fields.ts).
 * Many events at once (benchmarks, demos): insertManyEvents(db, { count }) (bulk.ts).
 */
export * from './types';
export { titleText, descriptionText, excerptText, calendarPermalink, globalIdOf } from './records';
export { dateDetails, parseTimeString, siteTimezoneName } from './dates';
export { formatCost, costValues, parseCost } from './cost';
export { eventById, venueById, organizerById, venuesByEvent, organizersByEvent, eventTermsByEvent, eventsByVenue, eventsByOrganizer, type EventTerms } from './loaders';
export { listEventArchive, resolveEventArchive, listEvents, eventListSql, eventCountSql, type EventArchiveArgs, type EventListQuery, type EventList } from './query';
export { getEvent, getEventBySlug, eventIdBySlug, findEvent, canAccessPassword, descriptionVisibleWithoutPassword } from './events';
export { createEvent, updateEvent, deleteEvent, canWriteEvent } from './write';
export { canEditEvents } from './permissions';
export { canCreateLinked, canWriteLinked, type LinkedListQuery, type LinkedList } from './linked';
export { listVenues, getVenue, createVenue, updateVenue, deleteVenue, venueInputOf } from './venues';
export { listOrganizers, getOrganizer, createOrganizer, updateOrganizer, deleteOrganizer, organizerInputOf } from './organizers';
export { listEventTerms, getEventTerm, createEventTerm, updateEventTerm, deleteEventTerm, canWriteEventTerms, describeEventTerms, type EventTaxonomy } from './terms';
export { insertManyEvents, type BulkEventOptions } from './bulk';
