/**
 * The redirects area's object types over the domain's records (src/domain/redirects/types.ts):
 * Redirect, RedirectGroup, the two log entries, and the `redirection` list's value objects.
 * Dates are ISO 8601 in UTC; enums are the domain's values upper-cased.
 */
import { effectiveFlags } from '../../../domain/redirects/source-flags';
import type { RedirectionEntry } from '../../../domain/redirects/redirection-list';
import { moduleNameOf } from '../../../domain/redirects/records';
import type { LogRecord, QueryFlag, RedirectGroupRecord, RedirectRecord, SourceFlags } from '../../../domain/redirects/types';
import type { ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { toGlobalId } from '../../global-id';
import { Model } from '../../model';
import { groupModelById, redirectModelById } from './lookups';
import { redirectConnection } from './connections';
import type { RedirectWhere } from './where';

/** RedirectQueryFlagEnum values by the domain's query flags, and back. */
export const QUERY_FLAG_ENUM: Record<QueryFlag, string> = { exact: 'EXACT', exactorder: 'EXACT_ORDER', ignore: 'IGNORE', pass: 'PASS' };
/** The enum's values back to the plugin's flags (inputs). */
export const QUERY_FLAG_OF: Record<string, string> = Object.fromEntries(Object.entries(QUERY_FLAG_ENUM).map(([flag, name]) => [name, flag]));

const iso = (date: Date | null): string | null => (date && date.getTime() > 0 ? date.toISOString() : null);

export class RedirectSourceFlagsModel extends Model {
  constructor(readonly flags: SourceFlags) {
    super();
  }
  get __typename(): string {
    return 'RedirectSourceFlags';
  }
  get query(): string {
    return QUERY_FLAG_ENUM[this.flags.flag_query];
  }
  get caseInsensitive(): boolean {
    return this.flags.flag_case;
  }
  get ignoreTrailingSlash(): boolean {
    return this.flags.flag_trailing;
  }
  get regex(): boolean {
    return this.flags.flag_regex;
  }
}

export class RedirectModel extends Model {
  /** `defaults`: the site's default source flags, which the redirect's own flags are shown over. */
  constructor(
    readonly record: RedirectRecord,
    readonly defaults: SourceFlags,
  ) {
    super();
  }
  get __typename(): string {
    return 'Redirect';
  }
  get id(): string {
    return toGlobalId('redirect', this.record.id);
  }
  get databaseId(): number {
    return this.record.id;
  }
  get url(): string {
    return this.record.url;
  }
  get matchUrl(): string {
    return this.record.matchUrl;
  }
  get matchType(): string {
    return this.record.matchType.toUpperCase();
  }
  get actionType(): string {
    return this.record.actionType.toUpperCase();
  }
  get actionCode(): number {
    return this.record.actionCode;
  }
  get target(): string | null {
    const url = this.record.actionData?.url;
    return typeof url === 'string' && url !== '' ? url : null;
  }
  get actionData(): string | null {
    return this.record.actionData ? JSON.stringify(this.record.actionData) : null;
  }
  get sourceFlags(): RedirectSourceFlagsModel {
    return new RedirectSourceFlagsModel(effectiveFlags(this.record.matchData, this.record.regex, this.defaults));
  }
  get logExcluded(): boolean {
    return this.record.matchData?.options?.log_exclude === true;
  }
  get title(): string | null {
    return this.record.title;
  }
  get hits(): number {
    return this.record.hits;
  }
  get lastAccess(): string | null {
    return iso(this.record.lastAccess);
  }
  get enabled(): boolean {
    return this.record.enabled;
  }
  get regex(): boolean {
    return this.record.regex;
  }
  get position(): number {
    return this.record.position;
  }
  get groupDatabaseId(): number {
    return this.record.groupId;
  }
  group(_args: unknown, ctx: GraphQLContext): Promise<RedirectGroupModel | null> {
    return groupModelById(ctx, this.record.groupId);
  }
}

export class RedirectGroupModel extends Model {
  constructor(
    readonly record: RedirectGroupRecord,
    private readonly defaultGroup: boolean,
  ) {
    super();
  }
  get isDefault(): boolean {
    return this.defaultGroup;
  }
  get __typename(): string {
    return 'RedirectGroup';
  }
  get id(): string {
    return toGlobalId('redirect_group', this.record.id);
  }
  get databaseId(): number {
    return this.record.id;
  }
  get name(): string {
    return this.record.name;
  }
  get moduleId(): number {
    return this.record.moduleId;
  }
  get moduleName(): string {
    return moduleNameOf(this.record.moduleId);
  }
  get enabled(): boolean {
    return this.record.enabled;
  }
  get redirectCount(): number {
    return this.record.redirects;
  }
  redirects(args: ConnectionArgs & { where?: RedirectWhere | null }, ctx: GraphQLContext) {
    return redirectConnection(ctx, args, { ...(args.where ?? {}), groupId: String(this.record.id) });
  }
}

/** What both log entries show. */
abstract class LogEntryModel extends Model {
  constructor(readonly record: LogRecord) {
    super();
  }
  get databaseId(): number {
    return this.record.id;
  }
  get created(): string | null {
    return iso(this.record.createdAt);
  }
  get url(): string {
    return this.record.url;
  }
  get domain(): string {
    return this.record.domain;
  }
  get agent(): string {
    return this.record.agent;
  }
  get referrer(): string {
    return this.record.referrer;
  }
  get ip(): string {
    return this.record.ip;
  }
  get httpCode(): number {
    return this.record.httpCode;
  }
  get requestMethod(): string {
    return this.record.requestMethod;
  }
}

export class RedirectLogEntryModel extends LogEntryModel {
  get __typename(): string {
    return 'RedirectLogEntry';
  }
  get id(): string {
    return toGlobalId('redirect_log', this.record.id);
  }
  get sentTo(): string {
    return this.record.sentTo ?? '';
  }
  get redirectBy(): string {
    return this.record.redirectBy ?? '';
  }
  get redirectDatabaseId(): number {
    return this.record.redirectId ?? 0;
  }
  redirect(_args: unknown, ctx: GraphQLContext): Promise<RedirectModel | null> {
    const id = this.record.redirectId ?? 0;
    return id > 0 ? redirectModelById(ctx, id) : Promise.resolve(null);
  }
}

export class NotFoundLogEntryModel extends LogEntryModel {
  get __typename(): string {
    return 'NotFoundLogEntry';
  }
  get id(): string {
    return toGlobalId('not_found_log', this.record.id);
  }
  get sentTo(): null {
    return null;
  }
  redirect(): null {
    return null;
  }
}

export class RedirectionRedirectModel extends Model {
  constructor(readonly entry: RedirectionEntry) {
    super();
  }
  get __typename(): string {
    return 'RedirectionRedirect';
  }
  get origin(): string {
    return this.entry.origin;
  }
  get target(): string | null {
    return this.entry.target;
  }
  get type(): string {
    return this.entry.type;
  }
  get code(): number {
    return this.entry.code;
  }
  get groupId(): number {
    return this.entry.groupId;
  }
  get groupName(): string {
    return this.entry.groupName;
  }
  get matchType(): string {
    return this.entry.matchType;
  }
}

export class RedirectionRedirectsModel extends Model {
  constructor(readonly entries: RedirectionEntry[]) {
    super();
  }
  get __typename(): string {
    return 'RedirectionRedirects';
  }
  /** Null when there are none, as the plugin answers. */
  get redirects(): RedirectionRedirectModel[] | null {
    return this.entries.length ? this.entries.map((entry) => new RedirectionRedirectModel(entry)) : null;
  }
}
