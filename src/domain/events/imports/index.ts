/**
 * Calendar imports and feeds (Event Aggregator's model): import records that the events-import/v1
 * callbacks advance, iCalendar imports run through the same records and batches, and every event
 * list as an iCalendar feed. Both faces and the CLI go through these functions.
 *
 *   createImportRecord(ctx, {origin, source})    a pending import with its first batch hash (needs publish rights)
 *   getImport(ctx, id), listImports(ctx, query)  import records, for those who may import
 *   receiveBatch(ctx, input), receiveState(ctx, input)    the two callbacks (the hash is the credential)
 *   importIcal(ctx, source, {onProgress})        an .ics file or address, batch by batch
 *   calendarFeed(ctx, scope)                     the feed of all upcoming events, a category, a venue, an organizer
 * Validators of the callbacks' arguments: validators.ts. Event payloads: payload.ts.
 */
export * from './types';
export { canImportEvents, createImportRecord, getImport, listImports, importNotFound, type NewImport, type ImportListQuery } from './records';
export { receiveBatch } from './batch';
export { receiveState } from './state';
export { startImport, type StartImport } from './start';
export { importIcal, payloadOf, calendarEventsOf, type IcalSource, type IcalImportOptions } from './ical';
export { calendarFeed, feedEvents, calendarEventOf, FEED_LIMIT, type FeedScope, type CalendarFeed } from './feeds';
export { isValidImportId, isExpectedBatchHash, isValidStatusInformation, isPercentage, isValidInterval, isEventList } from './validators';
export { parseActivity } from './activity';
