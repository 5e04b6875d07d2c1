/**
 * The security area (graphql/security-additions.graphql): the security settings for
 * administrators, read and written through src/domain/security/settings-write.ts (the functions
 * security/v1's config route uses), under the same option names.
 */
import type { SecuritySettings } from '../../../domain/security/settings';
import { securitySettingsForViewer, updateSecuritySettingsAsViewer } from '../../../domain/security/settings-write';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { Model, type Area } from '../../model';

export class SecuritySettingsModel extends Model {
  constructor(private readonly settings: SecuritySettings) {
    super();
  }
  get __typename(): string {
    return 'SecuritySettings';
  }
  get loginSecurityEnabled() { return this.settings.loginSecurityEnabled; }
  get loginSec_maxFailures() { return this.settings.loginSec_maxFailures; }
  get loginSec_countFailMins() { return this.settings.loginSec_countFailMins; }
  get loginSec_lockoutMins() { return this.settings.loginSec_lockoutMins; }
  get loginSec_lockInvalidUsers() { return this.settings.loginSec_lockInvalidUsers; }
  get loginSec_disableAuthorScan() { return this.settings.loginSec_disableAuthorScan; }
  get hideUserRoutesFromIndex() { return this.settings.hideUserRoutesFromIndex; }
  get whitelisted() { return this.settings.whitelisted; }
  get blockedIPs() { return this.settings.blockedIPs; }
  get blockedTime() { return this.settings.blockedTime; }
  get maxGlobalRequests() { return String(this.settings.maxGlobalRequests); }
  get maxGlobalRequests_action() { return this.settings.maxGlobalRequests_action; }
  get maxRequestsAuthenticated() { return String(this.settings.maxRequestsAuthenticated); }
  get maxRequestsAuthenticated_action() { return this.settings.maxRequestsAuthenticated_action; }
  get howGetIPs() { return this.settings.howGetIPs; }
  get howGetIPs_trusted_proxies() { return this.settings.howGetIPs_trusted_proxies; }
}

type Input = Record<string, unknown> & { clientMutationId?: string | null };

/** The input's settings (the same names), without the mutation id and the fields left out. */
function fieldsOf(input: Input): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(input)) if (name !== 'clientMutationId' && value !== null && value !== undefined) out[name] = value;
  return out;
}

export const securityArea: Area = {
  resolvers: {
    RootQuery: {
      securitySettings: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
        const settings = await orNull(() => securitySettingsForViewer(ctx.domain));
        return settings ? new SecuritySettingsModel(settings) : null;
      },
    },
    RootMutation: {
      updateSecuritySettings: async (_: unknown, { input }: { input: Input }, ctx: GraphQLContext) => {
        const settings = await updateSecuritySettingsAsViewer(ctx.domain, fieldsOf(input));
        return { clientMutationId: input.clientMutationId ?? null, securitySettings: new SecuritySettingsModel(settings) };
      },
    },
  } as Area['resolvers'],
  models: { SecuritySettings: SecuritySettingsModel },
};
