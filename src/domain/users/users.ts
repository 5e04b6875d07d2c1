/**
 * The users resource: who may list, see, create, edit and delete which users, and how a user is
 * written. Rules follow WordPress's WP_REST_Users_Controller, map_meta_cap (edit_user,
 * delete_user, promote_user) and wp_insert_user; every function takes a DomainContext and returns
 * User rows or throws DomainError with WordPress's code, message and status.
 *
 * Meta capabilities, as map_meta_cap maps them on a single site:
 * - edit_user(id): the user themselves, or anybody with edit_users;
 * - delete_user(id): delete_users (administrators may delete themselves);
 * - promote_user(id): promote_users.
 */
import { listTag } from '../../cache/tags';
import { idsContaining } from '../search/text-match';
import { windowOffset } from '../paging';
import type { Prisma, PrismaClient } from '../../db/client';
import type { ReadClient } from '../../db/fast/reader';
import type { User } from '../../generated/prisma-sqlite/client';
import { sanitizeSlug } from '../content/slug';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';
import { userById, visibleStatusesLoaderFor } from './loaders';
import { hashPassword } from './passwords';
import { ROLE_CAPABILITIES, ROLE_NAMES, capabilitiesOf, isRoleName, type RoleName } from './roles';
import { writeUserSeoFields, type UserSeoChanges } from '../seo/user-seo-fields';
import { assertMayListUsers, assertMayReadUser, mayListUsers } from '../security/enumeration';

type Client = PrismaClient | Prisma.TransactionClient;

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

export type UserContext = 'view' | 'embed' | 'edit';
export type UserOrderBy = 'id' | 'include' | 'name' | 'registered_date' | 'slug' | 'include_slugs' | 'email' | 'url' | 'login' | 'login_in' | 'nicename_in';
export type UserSearchColumn = 'email' | 'name' | 'id' | 'username' | 'slug' | 'url';

/** Post types whose published items make their author public (WordPress: every REST-visible type). */
export const PUBLISHED_AUTHOR_TYPES: readonly string[] = ['post', 'page'];
const visibleStatusesByAuthor = visibleStatusesLoaderFor(PUBLISHED_AUTHOR_TYPES);

/** Roles WP_User_Query's `who=authors` keeps (user_level above 0). */
const AUTHOR_ROLES: readonly RoleName[] = ['administrator', 'editor', 'author', 'contributor'];

/** The largest id the Int columns hold; anything above cannot exist. */
const MAX_ID = 2147483647;

export interface UserListQuery {
  context?: string;
  page?: number;
  perPage?: number;
  offset?: number;
  search?: string;
  searchColumns?: readonly string[];
  include?: readonly number[];
  exclude?: readonly number[];
  order?: 'asc' | 'desc';
  orderby?: string;
  slugs?: readonly string[];
  roles?: readonly string[];
  /** role__not_in. */
  rolesNotIn?: readonly string[];
  /** nicename__not_in (`slugs` is nicename__in). */
  slugsNotIn?: readonly string[];
  /** login / login__in. */
  logins?: readonly string[];
  loginsNotIn?: readonly string[];
  capabilities?: readonly string[];
  who?: string;
  /** true: any published post; a list: published items of those post types. */
  hasPublishedPosts?: boolean | readonly string[];
}

export interface UserList {
  users: User[];
  /** Matching users, ignoring the page window. */
  total: number;
  /** The page the window starts on (from `offset` when one is given). */
  page: number;
  perPage: number;
}

/** Writable fields, WordPress's names mapped to ours; `undefined` leaves a field unchanged. */
export interface UserChanges {
  username?: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  url?: string;
  description?: string;
  locale?: string;
  nickname?: string;
  slug?: string;
  roles?: readonly string[];
  password?: string;
  /** Yoast's author-archive SEO fields (user meta), already checked (user-seo-fields.ts). */
  seo?: UserSeoChanges;
}

export interface NewUser extends UserChanges {
  username: string;
  email: string;
  password: string;
  /** An id sent along with a create request (WordPress refuses it: rest_user_exists). */
  id?: unknown;
}

export interface DeleteUserOptions {
  /** `force` as the client gave it: false asks for a trash these records do not have (501, as
   * WordPress's REST answers); left unsaid — WPGraphQL's delete mutation for them takes no
   * forceDelete — it deletes. */
  force?: boolean;
  /** The user who receives the deleted user's content, or false to trash/delete that content. */
  reassign: number | false;
}

// ---------------------------------------------------------------------------------------------
// Capabilities
// ---------------------------------------------------------------------------------------------

/** edit_user: users may edit themselves; editing anybody else needs edit_users. */
export function canEditUserRecord(viewer: Viewer, userId: number): boolean {
  if (viewer.isAnonymous) return false;
  return viewer.id === userId || viewer.can('edit_users');
}

/**
 * Whether the viewer sees a user's account fields (login, e-mail, nickname, locale, registration
 * date, roles, capabilities): the user themself and those who may list users. Everybody else who
 * may see the user at all gets the public profile only (WPGraphQL's restricted User model).
 */
export function canSeeUserAccount(viewer: Viewer, userId: number): boolean {
  if (viewer.isAnonymous) return false;
  return viewer.id === userId || viewer.can('list_users');
}

/** Who may see a role (WPGraphQL's UserRole model): those who list users, and the role's own members. */
export function canSeeRole(viewer: Viewer, role: string): boolean {
  return viewer.can('list_users') || (!viewer.isAnonymous && viewer.user?.role === role);
}

export function canCreateUsers(viewer: Viewer): boolean {
  return viewer.can('create_users');
}

/** The roles a user has, as WordPress lists them (one role per user here). */
export function userRoles(user: Pick<User, 'role'>): string[] {
  return user.role ? [user.role] : [];
}

/** WP_User::$allcaps: every capability of the role plus the role name itself. */
export function userCapabilities(user: Pick<User, 'role'>): Record<string, boolean> {
  return capabilitiesOf(user.role);
}

/** WP_User::$caps: the role itself (the capabilities stored on the user). */
export function userExtraCapabilities(user: Pick<User, 'role'>): Record<string, boolean> {
  return user.role ? { [user.role]: true } : {};
}

// ---------------------------------------------------------------------------------------------
// Input rules shared by every adapter (WordPress runs them as argument sanitisers)
// ---------------------------------------------------------------------------------------------

function removeAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/Æ/g, 'AE').replace(/ø/g, 'o').replace(/Ø/g, 'O');
}

/** sanitize_user( $username, true ): ASCII letters, digits, space, `_`, `.`, `-` and `@` only. */
export function sanitizeUsername(raw: string): string {
  let text = raw.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '').replace(/<[^>]*>/g, '');
  text = removeAccents(text);
  text = text.replace(/%[a-fA-F0-9]{2}/g, '').replace(/&.+?;/g, '');
  text = text.replace(/[^a-z0-9 _.\-@]/gi, '');
  return text.trim().replace(/\s+/g, ' ');
}

/** WordPress's check_username (validate_username): the login must survive strict sanitising unchanged. */
export function checkUsername(value: unknown): string {
  const username = typeof value === 'string' ? value : String(value ?? '');
  const sanitized = sanitizeUsername(username);
  if (sanitized !== username || sanitized === '' || sanitized === '0') {
    throw new DomainError('rest_user_invalid_username', 'This username is invalid because it uses illegal characters. Please enter a valid username.', 400);
  }
  return username;
}

/** WordPress's check_user_password: not empty, no backslash. */
export function checkUserPassword(value: unknown): string {
  const password = typeof value === 'string' ? value : String(value ?? '');
  if (password === '' || password === '0') {
    throw new DomainError('rest_user_invalid_password', 'Passwords cannot be empty.', 400);
  }
  if (password.includes('\\')) {
    throw new DomainError('rest_user_invalid_password', 'Passwords cannot contain the "\\" character.', 400);
  }
  return password;
}

/**
 * WordPress's check_reassign: a number (the user receiving the content), or false/""/"false"
 * (delete the content instead); anything else is refused.
 */
export function parseReassign(value: unknown): number | false {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.abs(Math.trunc(value));
  if (typeof value === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) return Math.abs(Math.trunc(Number(value)));
  if (value === false || value === '' || value === 'false' || value === null || value === undefined) return false;
  throw new DomainError('rest_invalid_param', 'Invalid user parameter(s).', 400);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

function invalidId(): DomainError {
  return new DomainError('rest_user_invalid_id', 'Invalid user ID.', 404);
}

/** The user with this id, or rest_user_invalid_id (404). */
export async function findUserOrFail(client: Client, id: number): Promise<User> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw invalidId();
  const user = await client.user.findUnique({ where: { id } });
  if (!user) throw invalidId();
  return user;
}

/** findUserOrFail through the request's loader: cheap when many checks ask about the same users. */
export async function loadUserOrFail(ctx: DomainContext, id: number): Promise<User> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw invalidId();
  const user = await userById(ctx).load(id);
  if (!user) throw invalidId();
  return user;
}

/** Authors with at least one published item of these types (and private ones the viewer may read). */
async function publishedAuthorIds(reads: ReadClient, types: readonly string[]): Promise<number[]> {
  const rows = await reads.content.findMany({
    where: { type: { in: [...types] }, status: 'publish', authorId: { gt: 0 } },
    distinct: ['authorId'],
    select: { authorId: true },
  });
  return rows.map((row) => row.authorId);
}

/** count_user_posts() over the public types, counting private items when the viewer can read them. */
async function hasVisiblePosts(ctx: DomainContext, userId: number): Promise<boolean> {
  const statuses = await visibleStatusesByAuthor(ctx).load(userId);
  return statuses.has('publish') || (statuses.has('private') && ctx.viewer.can('read_private_posts'));
}

/** Why this viewer may not run this users query (get_items_permissions_check), or null. */
export function listUsersPermissionError(viewer: Viewer, query: Pick<UserListQuery, 'roles' | 'rolesNotIn' | 'capabilities' | 'context' | 'orderby' | 'who'>): DomainError | null {
  const lister = viewer.can('list_users');
  if ((query.roles?.length || query.rolesNotIn?.length) && !lister) return forbidden('rest_user_cannot_view', 'Sorry, you are not allowed to filter users by role.', viewer);
  if (query.capabilities?.length && !lister) return forbidden('rest_user_cannot_view', 'Sorry, you are not allowed to filter users by capability.', viewer);
  if (query.context === 'edit' && !lister) return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to list users.', viewer);
  if ((query.orderby === 'email' || query.orderby === 'registered_date') && !lister) {
    return forbidden('rest_forbidden_orderby', 'Sorry, you are not allowed to order users by this parameter.', viewer);
  }
  // `who=authors` needs edit rights on some author-supporting type (posts: edit_posts, pages: edit_pages).
  if (query.who === 'authors' && !viewer.can('edit_posts') && !viewer.can('edit_pages')) {
    return forbidden('rest_forbidden_who', 'Sorry, you are not allowed to query users by this parameter.', viewer);
  }
  return null;
}

export function canListUsers(viewer: Viewer, query: Pick<UserListQuery, 'roles' | 'rolesNotIn' | 'capabilities' | 'context' | 'orderby' | 'who'>): boolean {
  return listUsersPermissionError(viewer, query) === null;
}

const SEARCH_COLUMNS: Record<UserSearchColumn, string> = { id: 'ID', username: 'user_login', slug: 'user_nicename', email: 'user_email', name: 'display_name', url: 'user_url' };

/** The columns a search looks in (WP_REST_Users_Controller::get_items + WP_User_Query). */
function searchColumnsFor(viewer: Viewer, term: string, requested: readonly string[]): string[] {
  const lister = viewer.can('list_users');
  const restricted = lister ? null : ['ID', 'user_login', 'user_nicename', 'display_name'];
  const allowed = restricted ?? ['ID', 'user_login', 'user_nicename', 'user_email', 'display_name', 'user_url'];
  const wanted = requested.map((c) => SEARCH_COLUMNS[c as UserSearchColumn]).filter((c) => c && allowed.includes(c));
  if (wanted.length) return wanted;
  if (restricted) return restricted;
  if (term.includes('@')) return ['user_email'];
  if (/^[+-]?\d+(\.\d+)?$/.test(term)) return ['user_login', 'ID'];
  if (/^https?:\/\//.test(term)) return ['user_url'];
  return ['user_login', 'user_url', 'user_email', 'user_nicename', 'display_name'];
}

/** The User columns of WP_User_Query's search columns (ID is matched as a number). */
const USER_TEXT_COLUMNS: Record<string, string> = { user_login: 'login', user_nicename: 'slug', user_email: 'email', user_url: 'url', display_name: 'name' };

/** The search as a condition: the term in one of the columns, matched literally (search/text-match.ts). */
async function searchWhere(ctx: DomainContext, term: string, columns: string[]): Promise<Prisma.UserWhereInput> {
  const or: Prisma.UserWhereInput[] = [];
  if (columns.includes('ID') && /^\d+$/.test(term) && Number(term) <= MAX_ID) or.push({ id: Number(term) });
  const text = columns.map((column) => USER_TEXT_COLUMNS[column]).filter((column): column is string => column !== undefined);
  // Any user written may start or stop matching: the users list tag covers them all.
  if (text.length) or.push({ id: { in: await idsContaining(ctx, 'User', text, term, {}, [listTag('User')]) } });
  return or.length ? { OR: or } : { id: -1 };
}

const ORDER_COLUMNS: Record<string, keyof Prisma.UserOrderByWithRelationInput> = {
  id: 'id',
  name: 'name',
  registered_date: 'registeredAt',
  slug: 'slug',
  email: 'email',
  url: 'url',
  login: 'login',
};

/** How a users query reads: its condition, and its order (by columns, or by a given list). */
interface UserQueryPlan {
  where: Prisma.UserWhereInput;
  order: Prisma.SortOrder;
  /** FIELD() orderings: the order of the given list. */
  byList: { list: readonly unknown[]; key: 'id' | 'slug' | 'login' } | null;
  orderBy: Prisma.UserOrderByWithRelationInput[];
}

async function userQueryPlan(ctx: DomainContext, query: UserListQuery): Promise<UserQueryPlan> {
  const denied = listUsersPermissionError(ctx.viewer, query);
  if (denied) throw denied;
  // The tracked read path: the answer carries the tags of the users and posts it read.
  const reads = ctx.db.read;
  const lister = ctx.viewer.can('list_users');
  const order: Prisma.SortOrder = query.order === 'desc' ? 'desc' : 'asc';
  const include = query.include ?? [];
  const slugs = query.slugs ?? [];
  const logins = query.logins ?? [];

  const and: Prisma.UserWhereInput[] = [];
  if (include.length) and.push({ id: { in: [...include] } });
  if (query.exclude?.length) and.push({ id: { notIn: [...query.exclude] } });
  if (slugs.length) and.push({ slug: { in: [...slugs] } });
  if (query.slugsNotIn?.length) and.push({ slug: { notIn: [...query.slugsNotIn] } });
  if (logins.length) and.push({ login: { in: [...logins] } });
  if (query.loginsNotIn?.length) and.push({ login: { notIn: [...query.loginsNotIn] } });
  if (query.roles?.length) and.push({ role: { in: [...query.roles] } });
  if (query.rolesNotIn?.length) and.push({ role: { notIn: [...query.rolesNotIn] } });
  if (query.capabilities?.length) {
    const wanted = query.capabilities;
    const roles = ROLE_NAMES.filter((role) => wanted.some((cap) => cap === role || ROLE_CAPABILITIES[role].has(cap)));
    and.push({ role: { in: roles } });
  }
  let publishedTypes: readonly string[] | null = null;
  if (query.who === 'authors') and.push({ role: { in: [...AUTHOR_ROLES] } });
  else if (!lister) publishedTypes = PUBLISHED_AUTHOR_TYPES;
  const hpp = query.hasPublishedPosts;
  if (hpp === true) publishedTypes = PUBLISHED_AUTHOR_TYPES;
  else if (Array.isArray(hpp) && hpp.length) publishedTypes = hpp;
  if (publishedTypes) and.push({ id: { in: await publishedAuthorIds(reads, publishedTypes) } });

  const search = query.search ?? '';
  if (search !== '' && search !== '0') {
    const term = search.replace(/^\*+|\*+$/g, '');
    if (term !== '') {
      and.push(await searchWhere(ctx, term, searchColumnsFor(ctx.viewer, term, query.searchColumns ?? [])));
    }
  }
  const where: Prisma.UserWhereInput = and.length ? { AND: and } : {};

  const orderby = query.orderby ?? 'name';
  // FIELD() orderings follow the order of the given list; without one WordPress sorts by login.
  const lists: Record<string, UserQueryPlan['byList']> = {
    include: include.length ? { list: include, key: 'id' } : null,
    include_slugs: slugs.length ? { list: slugs, key: 'slug' } : null,
    nicename_in: slugs.length ? { list: slugs, key: 'slug' } : null,
    login_in: logins.length ? { list: logins, key: 'login' } : null,
  };
  const byList = lists[orderby] ?? null;
  const column = ORDER_COLUMNS[orderby] ?? 'login';
  const orderBy: Prisma.UserOrderByWithRelationInput[] = [{ [column]: order }];
  if (column !== 'id') orderBy.push({ id: 'asc' });
  return { where, order, byList, orderBy };
}

/** The users of a plan in its order, all of them or a window. */
async function usersOf(ctx: DomainContext, plan: UserQueryPlan, offset: number, limit: number | undefined): Promise<User[]> {
  const reads = ctx.db.read;
  const { byList, order, where } = plan;
  if (!byList) return reads.user.findMany({ where, orderBy: plan.orderBy, skip: offset, ...(limit === undefined ? {} : { take: limit }) });
  const all = await reads.user.findMany({ where });
  const rank = (user: User) => byList.list.indexOf(user[byList.key]);
  all.sort((a, b) => (order === 'asc' ? rank(a) - rank(b) : rank(b) - rank(a)));
  return all.slice(offset, limit === undefined ? undefined : offset + limit);
}

/** GET /users: the users this viewer may see, filtered, ordered and paged. */
export async function listUsers(ctx: DomainContext, query: UserListQuery): Promise<UserList> {
  // Blocking user enumeration (the security settings) comes first, as Wordfence's filter runs
  // before the route's own permission check.
  await assertMayListUsers(ctx);
  const plan = await userQueryPlan(ctx, query);
  const perPage = query.perPage ?? 10;
  const offset = windowOffset(query.offset || undefined, query.page, perPage);
  const total = await ctx.db.read.user.count({ where: plan.where });
  const users = await usersOf(ctx, plan, offset, perPage);
  return { users, total, page: Math.ceil(offset / perPage + 1), perPage };
}

/**
 * The ids of every user the query matches, in its order (paging is the caller's): a connection
 * pages through them and finds a cursor's user wherever inserts have moved it.
 */
export async function listUserIds(ctx: DomainContext, query: UserListQuery): Promise<number[]> {
  // Blocked user enumeration: no user is visible to this viewer, so the list is empty.
  if (!(await mayListUsers(ctx))) return [];
  const plan = await userQueryPlan(ctx, query);
  if (plan.byList) return (await usersOf(ctx, plan, 0, undefined)).map((user) => user.id);
  const rows = await ctx.db.read.user.findMany({ where: plan.where, orderBy: plan.orderBy, select: { id: true } });
  return rows.map((row) => row.id);
}

/** Why this viewer may not see this user (get_item_permissions_check), or null. */
async function viewUserError(ctx: DomainContext, user: User, context: string | undefined): Promise<DomainError | null> {
  const viewer = ctx.viewer;
  if (!viewer.isAnonymous && viewer.id === user.id) return null;
  const lister = viewer.can('list_users');
  if (context === 'edit' && !lister) return forbidden('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', viewer);
  if (!lister && !canEditUserRecord(viewer, user.id) && !(await hasVisiblePosts(ctx, user.id))) {
    return forbidden('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', viewer);
  }
  return null;
}

/** GET /users/{id}: anybody sees authors of published content; others need list_users or edit_user. */
export async function getUser(ctx: DomainContext, id: number, context: string = 'view'): Promise<User> {
  // Blocked user enumeration: only oneself, whether the user exists or not (404 first, as Wordfence).
  await assertMayReadUser(ctx, id);
  const user = await loadUserOrFail(ctx, id);
  const denied = await viewUserError(ctx, user, context);
  if (denied) throw denied;
  return user;
}

export async function canViewUser(ctx: DomainContext, id: number, context: string = 'view'): Promise<boolean> {
  return succeeds(() => getUser(ctx, id, context));
}

/** GET /users/me: the viewer's own account; anonymous callers get 401 rest_not_logged_in. */
export async function getCurrentUser(ctx: DomainContext): Promise<User> {
  if (ctx.viewer.isAnonymous) throw new DomainError('rest_not_logged_in', 'You are not currently logged in.', 401);
  return loadUserOrFail(ctx, ctx.viewer.id);
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

async function succeeds(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** check_role_update: every role must exist and be grantable; nobody demotes themselves out of edit_users. */
function checkRoleUpdate(viewer: Viewer, userId: number | null, roles: readonly string[]): void {
  for (const role of roles) {
    if (!isRoleName(role)) throw new DomainError('rest_user_invalid_role', `The role ${role} does not exist.`, 400);
    if (userId !== null && viewer.id === userId && !ROLE_CAPABILITIES[role].has('edit_users')) {
      throw forbidden('rest_user_invalid_role', 'Sorry, you are not allowed to give users that role.', viewer);
    }
    // get_editable_roles(): every role is editable by those who may promote users.
  }
}

/** Ids of users whose column equals the value, ignoring case (MySQL's collation in WordPress). */
async function idsMatching(client: Client, column: 'login' | 'email' | 'slug', value: string): Promise<number[]> {
  let rows: Array<{ id: number | bigint }>;
  if (column === 'login') rows = await client.$queryRaw`SELECT "id" FROM "User" WHERE lower("login") = lower(${value})`;
  else if (column === 'email') rows = await client.$queryRaw`SELECT "id" FROM "User" WHERE lower("email") = lower(${value})`;
  else rows = await client.$queryRaw`SELECT "id" FROM "User" WHERE lower("slug") = lower(${value})`;
  return rows.map((row) => Number(row.id));
}

function insertError(code: string, message: string): DomainError {
  // wp_insert_user() errors carry no status (WordPress would answer 500); they are the client's mistake.
  return new DomainError(code, message, 400);
}

/** The user_nicename wp_insert_user stores: sanitised, at most 50 characters, made unique with -2, -3… */
async function uniqueNicename(client: Client, login: string, wanted: string | undefined, selfId: number | null): Promise<string> {
  const base = sanitizeSlug(wanted ? sanitizeUsername(wanted) : [...login].slice(0, 50).join(''));
  if ([...base].length > 50) throw insertError('user_nicename_too_long', 'Nicename may not be longer than 50 characters.');
  const taken = async (slug: string) => (await idsMatching(client, 'slug', slug)).some((id) => id !== selfId);
  if (!(await taken(base))) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = [...base].slice(0, 49 - String(suffix).length).join('') + `-${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
}

function checkUrl(url: string): void {
  if ([...url].length > 100) throw insertError('user_url_too_long', 'User URL may not be longer than 100 characters.');
}

/** A unique index refusing a concurrent duplicate, reported as the check that lost the race would. */
function uniqueViolation(error: unknown): DomainError | null {
  const e = error as { code?: string; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: unknown } } } } };
  if (e?.code !== 'P2002') return null;
  const fields = [e.meta?.target, e.meta?.driverAdapterError?.cause?.constraint?.fields].flat().map(String).join(' ');
  if (/email/.test(fields)) return insertError('existing_user_email', 'Sorry, that email address is already used!');
  if (/slug/.test(fields)) return new DomainError('rest_user_invalid_slug', 'Invalid slug.', 400);
  if (/login/.test(fields)) return insertError('existing_user_login', 'Sorry, that username already exists!');
  return null;
}

async function inTransaction<T>(ctx: DomainContext, run: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.prisma.$transaction(run);
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** wp_insert_user's display name for a new user without one. */
function defaultDisplayName(input: NewUser): string {
  const first = input.firstName ?? '';
  const last = input.lastName ?? '';
  if (first && last) return `${first} ${last}`;
  return first || last || input.username;
}

/** POST /users (create_users). The new user's role is the first of `roles`, else subscriber. */
export async function createUser(ctx: DomainContext, input: NewUser): Promise<User> {
  const viewer = ctx.viewer;
  if (!canCreateUsers(viewer)) throw forbidden('rest_cannot_create_user', 'Sorry, you are not allowed to create new users.', viewer);
  return insertUser(ctx, input);
}

/** wp_insert_user() after the caller's permission check (createUser, or open registration). */
export async function insertUser(ctx: DomainContext, input: NewUser): Promise<User> {
  const viewer = ctx.viewer;
  if (input.id !== undefined && input.id !== null && input.id !== '' && input.id !== 0 && input.id !== '0' && input.id !== false) {
    throw new DomainError('rest_user_exists', 'Cannot create existing user.', 400);
  }
  const login = checkUsername(input.username);
  const password = checkUserPassword(input.password);
  const roles = input.roles ?? [];
  if (roles.length) checkRoleUpdate(viewer, null, roles);
  if ([...login].length > 60) throw insertError('user_login_too_long', 'Username may not be longer than 60 characters.');
  const passwordHash = await hashPassword(password);
  const url = input.url ?? '';
  return inTransaction(ctx, async (tx) => {
    if ((await idsMatching(tx, 'login', login)).length) throw insertError('existing_user_login', 'Sorry, that username already exists!');
    const slug = await uniqueNicename(tx, login, input.slug, null);
    checkUrl(url);
    if ((await idsMatching(tx, 'email', input.email)).length) throw insertError('existing_user_email', 'Sorry, that email address is already used!');
    const created = await tx.user.create({
      data: {
        login,
        email: input.email,
        passwordHash,
        name: input.name || defaultDisplayName(input),
        slug,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        nickname: input.nickname || login,
        description: input.description ?? '',
        url,
        locale: input.locale ?? '',
        role: input.roles === undefined ? 'subscriber' : (roles[0] ?? ''),
      },
    });
    await writeUserSeoFields(tx, viewer, created.id, input.seo);
    return created;
  });
}

/**
 * update_item_permissions_check: the user must exist; changing roles needs promote_user (and is
 * all that is needed when roles are the only change); anything else needs edit_user.
 */
export async function assertCanEditUser(ctx: DomainContext, id: number, changes: UserChanges = {}): Promise<User> {
  const viewer = ctx.viewer;
  const user = await loadUserOrFail(ctx, id);
  if (changes.roles?.length) {
    if (!viewer.can('promote_users')) throw forbidden('rest_cannot_edit_roles', 'Sorry, you are not allowed to edit roles of this user.', viewer);
    if (onlyRoles(changes)) return user;
  }
  if (!canEditUserRecord(viewer, user.id)) throw forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this user.', viewer);
  return user;
}

export async function canEditUser(ctx: DomainContext, id: number, changes: UserChanges = {}): Promise<boolean> {
  return succeeds(() => assertCanEditUser(ctx, id, changes));
}

/** Whether a change touches nothing but the roles (then only promote_user is required). */
function onlyRoles(changes: UserChanges): boolean {
  return Object.entries(changes).every(([key, value]) => key === 'roles' || value === undefined);
}

/** POST/PUT/PATCH /users/{id}: a partial update; username cannot change, email and slug stay unique. */
export async function updateUser(ctx: DomainContext, id: number, changes: UserChanges): Promise<User> {
  const viewer = ctx.viewer;
  const user = await assertCanEditUser(ctx, id, changes);
  if (typeof changes.email === 'string') {
    const owners = await idsMatching(ctx.db.prisma, 'email', changes.email);
    if (owners.some((owner) => owner !== user.id)) throw new DomainError('rest_user_invalid_email', 'Invalid email address.', 400);
  }
  if (changes.username && changes.username !== user.login) {
    throw new DomainError('rest_user_invalid_argument', 'Username is not editable.', 400);
  }
  if (changes.slug && changes.slug !== user.slug && (await idsMatching(ctx.db.prisma, 'slug', changes.slug)).some((other) => other !== user.id)) {
    throw new DomainError('rest_user_invalid_slug', 'Invalid slug.', 400);
  }
  if (changes.roles?.length) checkRoleUpdate(viewer, user.id, changes.roles);
  const passwordHash = changes.password !== undefined ? await hashPassword(checkUserPassword(changes.password)) : undefined;
  if (changes.url !== undefined) checkUrl(changes.url);

  return inTransaction(ctx, async (tx) => {
    const current = await findUserOrFail(tx, user.id);
    const data: Prisma.UserUpdateInput = {};
    if (changes.email !== undefined) data.email = changes.email;
    if (passwordHash !== undefined) data.passwordHash = passwordHash;
    // An empty display name or nickname falls back to the login, as wp_update_user does.
    if (changes.name !== undefined) data.name = changes.name || current.login;
    if (changes.nickname !== undefined) data.nickname = changes.nickname || current.login;
    if (changes.firstName !== undefined) data.firstName = changes.firstName;
    if (changes.lastName !== undefined) data.lastName = changes.lastName;
    if (changes.description !== undefined) data.description = changes.description;
    if (changes.url !== undefined) data.url = changes.url;
    if (changes.locale !== undefined) data.locale = changes.locale;
    if (changes.slug !== undefined && changes.slug !== current.slug) data.slug = await uniqueNicename(tx, current.login, changes.slug, current.id);
    // `roles: []` leaves the user without a role, as WordPress's set_role(false) does.
    if (changes.roles !== undefined) data.role = changes.roles[0] ?? '';
    await writeUserSeoFields(tx, viewer, current.id, changes.seo);
    if (Object.keys(data).length === 0) return current;
    return tx.user.update({ where: { id: current.id }, data });
  });
}

/** delete_item_permissions_check: the user must exist and the viewer needs delete_users. */
export async function assertCanDeleteUser(ctx: DomainContext, id: number): Promise<User> {
  const user = await loadUserOrFail(ctx, id);
  if (!ctx.viewer.can('delete_users')) throw forbidden('rest_user_cannot_delete', 'Sorry, you are not allowed to delete this user.', ctx.viewer);
  return user;
}

export async function canDeleteUser(ctx: DomainContext, id: number): Promise<boolean> {
  return succeeds(() => assertCanDeleteUser(ctx, id));
}

/** Types wp_delete_user() removes with their author; posts and pages go to the trash first. */
const DELETED_WITH_USER = ['attachment', 'revision'];
const TRASHED_WITH_USER = ['post', 'page'];

/**
 * Removes the deleted user's content as wp_delete_user( $id, null ) does: published posts and pages
 * are moved to the trash (already trashed ones are deleted), attachments and revisions are deleted.
 * Menu items and other types are left in place.
 */
async function removeContentOf(tx: Prisma.TransactionClient, userId: number): Promise<void> {
  const now = new Date();
  const trashable = await tx.content.findMany({ where: { authorId: userId, type: { in: TRASHED_WITH_USER } } });
  const doomed: number[] = [];
  for (const item of trashable) {
    if (item.status === 'trash') {
      doomed.push(item.id);
      continue;
    }
    await tx.content.update({
      where: { id: item.id },
      data: { status: 'trash', slugKey: null, slug: item.slug ? `${item.slug}__trashed` : item.slug, modified: now },
    });
    await tx.contentMeta.createMany({
      data: [
        { contentId: item.id, key: '_wp_trash_meta_status', value: item.status },
        { contentId: item.id, key: '_wp_trash_meta_time', value: String(Math.floor(now.getTime() / 1000)) },
      ],
    });
  }
  await tx.content.deleteMany({ where: { OR: [{ id: { in: doomed } }, { authorId: userId, type: { in: DELETED_WITH_USER } }] } });
}

/**
 * DELETE /users/{id}: users cannot be trashed (force must not be false). Their content goes to
 * `reassign`, or is trashed/deleted when reassign is false; application passwords go with them.
 * Returns the user as it was.
 */
export async function deleteUser(ctx: DomainContext, id: number, options: DeleteUserOptions): Promise<User> {
  const user = await assertCanDeleteUser(ctx, id);
  if (options.force === false) throw new DomainError('rest_trash_not_supported', "Users do not support trashing. Set 'force=true' to delete.", 501);
  const reassign = options.reassign;
  const invalidReassign = () => new DomainError('rest_user_invalid_reassign', 'Invalid user ID for reassignment.', 400);
  if (reassign) {
    if (reassign === user.id || reassign > MAX_ID || !(await ctx.db.read.user.findUnique({ where: { id: reassign }, select: { id: true } }))) throw invalidReassign();
  }
  return inTransaction(ctx, async (tx) => {
    const current = await findUserOrFail(tx, user.id);
    if (reassign === false) {
      await removeContentOf(tx, current.id);
    } else {
      if (reassign && !(await tx.user.findUnique({ where: { id: reassign }, select: { id: true } }))) throw invalidReassign();
      await tx.content.updateMany({ where: { authorId: current.id }, data: { authorId: reassign } });
    }
    await tx.user.delete({ where: { id: current.id } });
    return current;
  });
}
