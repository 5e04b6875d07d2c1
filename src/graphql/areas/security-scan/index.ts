/**
 * The security scanner area (graphql/security-scan-additions.graphql): its state, its findings as
 * a connection with filters, and start/stop/mark/options mutations, for administrators, over
 * src/domain/security/scan (the functions security/v1 uses). Others get null and an empty list.
 */
import type { RootQueryToSecurityFindingConnectionWhereArgs, UpdateSecurityFindingInput, UpdateSecurityScanOptionsInput } from '../../../generated/graphql';
import { DomainError } from '../../../domain/errors';
import type { FindingFilter } from '../../../domain/security/scan/findings';
import { finding, findingCount, findingNotFound, findings, markFinding, positionOfFinding, scanStatus, startScan, stopScan, updateScanOptions } from '../../../domain/security/scan/scans';
import { connectionOf, connectionOfList, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import type { Area } from '../../model';
import { severityOf, STATUS_OF, TYPE_OF } from './enums';
import { SecurityFindingModel, SecurityFindingRecordModel, SecurityScanOptionsModel, SecurityScanStatusModel } from './models';

type Input = { clientMutationId?: string | null };

const present = <T>(values: ReadonlyArray<T | null> | null | undefined): T[] | undefined => (values ? values.filter((v): v is T => v !== null) : undefined);

function filterOf(where: RootQueryToSecurityFindingConnectionWhereArgs | null | undefined): FindingFilter {
  return {
    statuses: present(where?.status)?.map((s) => STATUS_OF.get(s)!),
    severities: present(where?.severity)?.map(severityOf),
    types: present(where?.type)?.map((t) => TYPE_OF.get(t)!),
  };
}

async function findingConnection(ctx: GraphQLContext, args: ConnectionArgs & { where?: RootQueryToSecurityFindingConnectionWhereArgs | null }) {
  const filter = filterOf(args.where);
  const idOf = (model: SecurityFindingModel) => model.finding.id;
  try {
    return await connectionOf(args, {
      window: async (offset, limit) => (await findings(ctx.domain, filter, offset, limit)).map((record) => new SecurityFindingModel(record)),
      count: () => findingCount(ctx.domain, filter),
      positionOf: (id) => positionOfFinding(ctx.domain, filter, id),
      idOf,
    });
  } catch (error) {
    // WPGraphQL answers what the viewer may not see with nothing.
    if (error instanceof DomainError && (error.status === 401 || error.status === 403)) return connectionOfList(args, [], idOf);
    throw error;
  }
}

const status = async (ctx: GraphQLContext) => new SecurityScanStatusModel(await scanStatus(ctx.domain));

export const securityScanArea: Area = {
  resolvers: {
    RootQuery: {
      securityScan: async (_: unknown, __: unknown, ctx: GraphQLContext) => orNull(() => status(ctx)),
      securityFindings: (_: unknown, args: ConnectionArgs & { where?: RootQueryToSecurityFindingConnectionWhereArgs | null }, ctx: GraphQLContext) => findingConnection(ctx, args),
    },
    RootMutation: {
      startSecurityScan: async (_: unknown, { input }: { input: Input }, ctx: GraphQLContext) => {
        const started = await startScan(ctx.domain);
        return { clientMutationId: input.clientMutationId ?? null, started, securityScan: await status(ctx) };
      },
      stopSecurityScan: async (_: unknown, { input }: { input: Input }, ctx: GraphQLContext) => {
        const wasRunning = await stopScan(ctx.domain);
        return { clientMutationId: input.clientMutationId ?? null, wasRunning, securityScan: await status(ctx) };
      },
      updateSecurityFinding: async (_: unknown, { input }: { input: UpdateSecurityFindingInput }, ctx: GraphQLContext) => {
        if (!(await markFinding(ctx.domain, input.id, STATUS_OF.get(input.status)!))) throw findingNotFound();
        const record = await finding(ctx.domain, input.id);
        return { clientMutationId: input.clientMutationId ?? null, finding: record ? new SecurityFindingModel(record) : null };
      },
      updateSecurityScanOptions: async (_: unknown, { input }: { input: UpdateSecurityScanOptionsInput }, ctx: GraphQLContext) => {
        await updateScanOptions(ctx.domain, { blockedHosts: input.blockedHosts, inactiveAdminDays: input.inactiveAdminDays, unusedApplicationPasswordDays: input.unusedApplicationPasswordDays });
        return { clientMutationId: input.clientMutationId ?? null, securityScan: await status(ctx) };
      },
    },
  } as Area['resolvers'],
  models: {
    SecurityFinding: SecurityFindingModel,
    SecurityFindingRecord: SecurityFindingRecordModel,
    SecurityScanOptions: SecurityScanOptionsModel,
    SecurityScanStatus: SecurityScanStatusModel,
  },
  nodes: {
    // node(id:): a finding for administrators, null for everybody else.
    byKind: { security_finding: async (ctx: GraphQLContext, id: number) => orNull(async () => {
      const record = await finding(ctx.domain, id);
      return record ? new SecurityFindingModel(record) : null;
    }) },
  },
};
