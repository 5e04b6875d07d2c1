/**
 * The Event Aggregator callbacks under `events-import/v1` (Batch and State endpoints): open to the
 * service (no user), gated by their arguments as the plugin declares them — validate callbacks
 * first (the import must be pending, the hash the expected one...), then the typed sanitising —
 * and handled by the domain, which checks the hash again atomically where it writes.
 */
import { isEventList, isExpectedBatchHash, isPercentage, isValidImportId, isValidInterval, isValidStatusInformation, receiveBatch, receiveState, type BatchProgress, type ImportStatus } from '../../../domain/events/imports';
import { DomainError } from '../../../domain/errors';
import type { Check } from '../../../domain/events/validators';
import { validateValue } from '../../../schema';
import type { ArgSchema } from '../../../schema/types';
import type { HandlerRequest, RouteDef } from '../../server/types';
import { readArgs, type TecArgs } from '../../../domain/events/args';
import { routeArgs } from '../events/route-args';
import { NS } from './records';

const IMPORT_ID = 'The import unique ID as provided by Event Aggregator service';
const BATCH_HASH = 'The hash of the next expected batch, as previously provided by the client';
const PERCENTAGE = 'The percentage of import completed.';

/** Batch::CREATE_args (plus `events`, the payload the plugin reads without declaring it). `hashCheck` needs the request's import id. */
function batchArgs(request?: HandlerRequest): TecArgs {
  return {
    import_id: { schema: { required: true, type: 'string', description: IMPORT_ID }, check: isValidImportId },
    batch_hash: { schema: { required: true, type: 'string', description: BATCH_HASH }, check: isExpectedBatchHash(request?.params.import_id) },
    status: { schema: { required: true, type: 'object', description: 'The current status of the import.' }, check: isValidStatusInformation },
    percentage_complete: { schema: { required: true, type: 'integer', description: PERCENTAGE }, check: isPercentage },
    interval: { schema: { required: false, type: 'integer', description: 'The current interval, in seconds, between the end of a batch process and the start of the next; as set on the server.' }, check: isValidInterval },
    events: { schema: { required: false, type: 'array', items: { type: 'object' }, description: 'The events of this batch, as the service sends them.' }, check: isEventList },
  };
}

/**
 * An argument the plugin declares without a validate callback gets WordPress's default one,
 * rest_validate_request_arg: the whole schema (type, enum) is checked in the validation step.
 */
function schemaArg(name: string, schema: ArgSchema): TecArgs[string] {
  const check: Check = (_ctx, value) => {
    const issue = validateValue(value, schema, name);
    return issue ? new DomainError(issue.code, issue.message, 400, (issue.data as Record<string, unknown> | null) ?? {}) : true;
  };
  return { schema, check };
}

/** State::CREATE_args. */
function stateArgs(request?: HandlerRequest): TecArgs {
  return {
    import_id: { schema: { required: true, type: 'string', description: IMPORT_ID }, check: isValidImportId },
    batch_hash: { schema: { required: true, type: 'string', description: BATCH_HASH }, check: isExpectedBatchHash(request?.params.import_id) },
    status: schemaArg('status', { required: true, type: 'string', enum: ['success', 'failed', 'pending'], description: 'The new status of the import.' }),
    message: schemaArg('message', { required: true, type: 'string', description: 'The new status message for the user, not localized.' }),
    message_slug: schemaArg('message_slug', { required: true, type: 'string', description: 'The new status message slug, to allow for localized messages.' }),
    percentage_complete: { schema: { required: true, type: 'integer', description: PERCENTAGE }, check: isPercentage },
  };
}

const counts = (value: unknown) => {
  const record = value as Record<string, unknown>;
  return { total: Number(record.total), done: Number(record.done) };
};

export function callbackRoutes(): RouteDef[] {
  return [
    {
      namespace: 'events-import/v1',
      path: `${NS}/import/(?P<import_id>\\w+)/batch`,
      endpoints: [
        {
          methods: ['POST'],
          args: routeArgs(batchArgs()),
          handler: async (request) => {
            const v = await readArgs(request, batchArgs(request));
            const status = v.status as Record<string, unknown>;
            const progress: BatchProgress = { data: counts(status.data), batch: counts(status.batch) };
            return receiveBatch(request.domain, {
              importId: String(v.import_id),
              batchHash: String(v.batch_hash),
              status: progress,
              percentage: v.percentage_complete as number,
              interval: v.interval as number | undefined,
              events: (v.events as Array<Record<string, unknown>> | undefined) ?? [],
            });
          },
        },
      ],
    },
    {
      namespace: 'events-import/v1',
      path: `${NS}/import/(?P<import_id>\\w+)/state`,
      endpoints: [
        {
          methods: ['POST'],
          args: routeArgs(stateArgs()),
          handler: async (request) => {
            const v = await readArgs(request, stateArgs(request));
            return receiveState(request.domain, {
              importId: String(v.import_id),
              batchHash: String(v.batch_hash),
              status: v.status as ImportStatus,
              message: String(v.message),
              messageSlug: String(v.message_slug),
              percentage: v.percentage_complete as number,
            });
          },
        },
      ],
    },
  ];
}
