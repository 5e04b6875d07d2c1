/**
 * RedirectSettings: the redirects settings (redirects/v1's /setting) under camel-cased names, read
 * and written by the domain's settings functions. The names are the one table both ways.
 */
import type { RedirectSettings } from '../../../domain/redirects/settings';
import { GraphQLError } from 'graphql';
import { Model } from '../../model';
import { QUERY_FLAG_ENUM, QUERY_FLAG_OF } from './models';

/** GraphQL field → the setting's name. */
const NAMES = {
  monitorPost: 'monitor_post', monitorTypes: 'monitor_types', associatedRedirect: 'associated_redirect', autoTarget: 'auto_target',
  expireRedirect: 'expire_redirect', expire404: 'expire_404', logExternal: 'log_external', logHeader: 'log_header', trackHits: 'track_hits',
  redirectCache: 'redirect_cache', ipLogging: 'ip_logging', ipHeaders: 'ip_headers', ipProxy: 'ip_proxy', lastGroupId: 'last_group_id',
  restApi: 'rest_api', https: 'https', preferredDomain: 'preferred_domain', aliases: 'aliases', permalinks: 'permalinks', relocate: 'relocate',
  flagQuery: 'flag_query', flagCase: 'flag_case', flagTrailing: 'flag_trailing', flagRegex: 'flag_regex', support: 'support', token: 'token',
  pluginUpdate: 'plugin_update', headers: 'headers',
} as const satisfies Record<string, keyof RedirectSettings>;


export class RedirectSettingsModel extends Model {
  constructor(readonly settings: RedirectSettings) {
    super();
  }
  get __typename(): string {
    return 'RedirectSettings';
  }
  private value(field: keyof typeof NAMES): unknown {
    return this.settings[NAMES[field]];
  }
  get monitorPost() { return this.value('monitorPost'); }
  get monitorTypes() { return this.value('monitorTypes'); }
  get associatedRedirect() { return this.value('associatedRedirect'); }
  get autoTarget() { return this.value('autoTarget'); }
  get expireRedirect() { return this.value('expireRedirect'); }
  get expire404() { return this.value('expire404'); }
  get logExternal() { return this.value('logExternal'); }
  get logHeader() { return this.value('logHeader'); }
  get trackHits() { return this.value('trackHits'); }
  get redirectCache() { return this.value('redirectCache'); }
  get ipLogging() { return this.value('ipLogging'); }
  get ipHeaders() { return this.value('ipHeaders'); }
  get ipProxy() { return this.value('ipProxy'); }
  get lastGroupId() { return this.value('lastGroupId'); }
  get restApi() { return this.value('restApi'); }
  get https() { return this.value('https'); }
  get preferredDomain() { return this.value('preferredDomain'); }
  get aliases() { return this.value('aliases'); }
  get permalinks() { return this.value('permalinks'); }
  get relocate() { return this.value('relocate'); }
  get flagQuery() { return QUERY_FLAG_ENUM[this.settings.flag_query] ?? null; }
  get flagCase() { return this.value('flagCase'); }
  get flagTrailing() { return this.value('flagTrailing'); }
  get flagRegex() { return this.value('flagRegex'); }
  get support() { return this.value('support'); }
  get token() { return this.value('token'); }
  get pluginUpdate() { return this.value('pluginUpdate'); }
  get headers() { return JSON.stringify(this.settings.headers ?? []); }
}

/** An UpdateRedirectSettingsInput as the settings' own names (what updateRedirectSettings validates). */
export function settingsInputOf(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [field, name] of Object.entries(NAMES)) {
    if (!Object.prototype.hasOwnProperty.call(input, field) || input[field] === null || input[field] === undefined) continue;
    out[name] = input[field];
  }
  if (typeof out.flag_query === 'string') out.flag_query = QUERY_FLAG_OF[out.flag_query];
  if (typeof out.headers === 'string') out.headers = jsonOf(out.headers, 'headers');
  return out;
}

/** A JSON argument, or a GraphQL input error naming it. */
export function jsonOf(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new GraphQLError(`${field} is not valid JSON.`, { extensions: { code: 'BAD_USER_INPUT', status: 400 } });
  }
}
