/**
 * What a site owner starts (our addition to the plugin's callbacks): an iCalendar import of an
 * uploaded document or of an address, or a pending record an aggregator service will push batches
 * to (its first batch hash is in the record).
 */
import type { DomainContext } from '../../context';
import { DomainError } from '../../errors';
import { importIcal, type IcalImportOptions } from './ical';
import { assertCanImport, createImportRecord } from './records';
import type { ImportOrigin, ImportRecord } from './types';

export interface StartImport {
  /** Defaults to ics-url with an address, ics-file with a document. */
  origin?: ImportOrigin;
  url?: string;
  /** An uploaded document and its file name. */
  document?: { name: string; text: string };
  /** What an aggregator import imports (shown in the record). */
  source?: string;
}

export async function startImport(ctx: DomainContext, input: StartImport, options: IcalImportOptions = {}): Promise<ImportRecord> {
  assertCanImport(ctx);
  const origin = input.origin ?? (input.url ? 'ics-url' : input.document ? 'ics-file' : undefined);
  if (origin === 'aggregator') return createImportRecord(ctx, { origin, source: input.source ?? '' });
  if (origin === 'ics-url') {
    if (!input.url) throw new DomainError('rest_missing_callback_param', 'Missing parameter(s): url', 400, { params: ['url'] });
    return importIcal(ctx, { kind: 'url', url: input.url }, options);
  }
  if (origin === 'ics-file' && input.document && input.document.text.trim() !== '') {
    return importIcal(ctx, { kind: 'file', name: input.document.name, text: input.document.text }, options);
  }
  throw new DomainError('event-import-no-source', 'Send the iCalendar document as the request body (Content-Type: text/calendar) or in `ics`, or its address in `url`.', 400);
}
