/**
 * The security log area (graphql/security-log-additions.graphql): `securityLog`, a connection over
 * src/domain/security/log-read.ts, and `node(id)` for its entries. A viewer who may not read the log
 * gets an empty connection and null nodes (WPGraphQL answers what the viewer may not see with nothing).
 */
import { DomainError } from '../../../domain/errors';
import {
  countSecurityLog, listSecurityLog, securityLogEntry, securityLogPosition, securityLogType, type SecurityLogQuery, type SecurityLogRecord,
} from '../../../domain/security/log-read';
import { connectionOf, connectionOfList, type Connection, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { toGlobalId } from '../../global-id';
import { Model, type Area } from '../../model';

export class SecurityLogEntryModel extends Model {
  constructor(readonly record: SecurityLogRecord) {
    super();
  }
  get __typename(): string {
    return 'SecurityLogEntry';
  }
  get id(): string {
    return toGlobalId('security_log', this.record.id);
  }
  get databaseId(): number {
    return this.record.id;
  }
  get date(): string {
    return this.record.createdAt.toISOString();
  }
  get type(): string {
    return this.record.type;
  }
  get message(): string {
    return this.record.message;
  }
  get ip(): string | null {
    return this.record.ip || null;
  }
  get user(): string | null {
    return this.record.user || null;
  }
  get details(): string {
    return this.record.details;
  }
}

async function entryById(ctx: GraphQLContext, id: number): Promise<SecurityLogEntryModel | null> {
  const record = await orNull(() => securityLogEntry(ctx.domain, id));
  return record ? new SecurityLogEntryModel(record) : null;
}

async function securityLogConnection(ctx: GraphQLContext, args: ConnectionArgs, where: { type?: string | null } | null | undefined): Promise<Connection<SecurityLogEntryModel>> {
  const query: SecurityLogQuery = { type: securityLogType(where?.type) };
  const idOf = (model: SecurityLogEntryModel) => model.record.id;
  try {
    return await connectionOf(args, {
      window: async (offset, limit) => (await listSecurityLog(ctx.domain, query, offset, limit)).map((record) => new SecurityLogEntryModel(record)),
      count: () => countSecurityLog(ctx.domain, query),
      positionOf: (id) => securityLogPosition(ctx.domain, query, id),
      idOf,
    });
  } catch (error) {
    if (error instanceof DomainError && (error.status === 401 || error.status === 403)) return connectionOfList(args, [], idOf);
    throw error;
  }
}

export const securityLogArea: Area = {
  resolvers: {
    RootQuery: {
      securityLog: (_: unknown, args: ConnectionArgs & { where?: { type?: string | null } | null }, ctx: GraphQLContext) => securityLogConnection(ctx, args, args.where),
    },
  } as Area['resolvers'],
  models: { SecurityLogEntry: SecurityLogEntryModel },
  nodes: { byKind: { security_log: entryById } },
};
