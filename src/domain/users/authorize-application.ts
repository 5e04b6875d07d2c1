/**
 * The application authorisation flow (wp-admin/authorize-application.php): an application sends
 * the user to the site with `app_name`, `app_id`, `success_url` and `reject_url`; the signed-in
 * user approves (a new application password travels back to `success_url`) or rejects. The rules
 * are wp_is_authorize_application_password_request_valid and
 * wp_is_authorize_application_redirect_url_valid; the password is made by the same
 * createApplicationPassword as the REST route.
 */
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { readOptions } from '../settings/options';
import { createApplicationPassword, canManageApplicationPasswords } from './application-passwords';
import { normaliseApplicationPassword } from './passwords';

export interface AuthorizeRequest {
  appName: string;
  appId: string;
  successUrl: string;
  /** As given, or `success_url` with `success=false` when only that was given (as WordPress derives it). */
  rejectUrl: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The request's parameters as WordPress reads them from $_REQUEST (anything but a string is empty). */
export function readAuthorizeRequest(params: Record<string, unknown>): AuthorizeRequest {
  const successUrl = text(params.success_url);
  const given = text(params.reject_url);
  return {
    appName: text(params.app_name),
    appId: text(params.app_id),
    successUrl,
    rejectUrl: given || (successUrl ? addQueryArgs(successUrl, { success: 'false' }) : ''),
  };
}

/** wp_is_uuid(): any version, lower-case hex. */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);
const BAD_PROTOCOLS = new Set(['javascript', 'data']);

/**
 * wp_is_authorize_application_redirect_url_valid(): any scheme but javascript: and data:, a host,
 * and plain http only towards a loopback address (127.0.0.1, [::1]). Custom schemes of native
 * applications (myapp://callback) pass. An empty URL means "no redirect".
 */
export function redirectUrlError(url: string): DomainError | null {
  if (!url) return null;
  const formatError = new DomainError('invalid_redirect_url_format', 'Invalid URL format.', 400);
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url)) return formatError;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return formatError;
  }
  const scheme = parsed.protocol.slice(0, -1).toLowerCase();
  if (!parsed.hostname || BAD_PROTOCOLS.has(scheme)) return formatError;
  if (scheme === 'http' && !LOOPBACK_HOSTS.has(parsed.hostname.toLowerCase())) {
    return new DomainError('invalid_redirect_scheme', 'The URL must be served over a secure connection.', 400);
  }
  return null;
}

/**
 * wp_is_authorize_application_password_request_valid() and the page's wp_die(): null when the
 * request may be shown, else one 400 error whose message lists every problem as WordPress does.
 */
export function authorizeRequestError(request: AuthorizeRequest): DomainError | null {
  const problems: DomainError[] = [];
  for (const url of [request.successUrl, request.rejectUrl]) {
    const error = redirectUrlError(url);
    if (error) problems.push(error);
  }
  if (request.appId && !isUuid(request.appId)) problems.push(new DomainError('invalid_app_id', 'The application ID must be a UUID.', 400));
  if (problems.length === 0) return null;
  const [first, ...rest] = problems;
  const message = ['The Authorize Application request is not allowed.', ...problems.map((p) => p.message)].join(' ');
  return new DomainError(first.code, message, 400, {}, rest);
}

/**
 * wp_is_application_passwords_available_for_user(): the site has application passwords on and the
 * signed-in user may create their own; else WordPress's refusal (501).
 */
export async function assertCanAuthorizeApplications(ctx: DomainContext): Promise<void> {
  const options = await readOptions(ctx.db);
  if (!options.application_passwords_enabled) throw new DomainError('application_passwords_disabled', 'Application passwords are not available.', 501);
  if (!(await canManageApplicationPasswords(ctx, 'me'))) {
    throw new DomainError('application_passwords_disabled_for_user', 'Application passwords are not available for your account. Please contact the site administrator for assistance.', 501);
  }
}

export interface Approval {
  /** The new password, chunked as WordPress shows it ("abcd efgh …"). */
  password: string;
  /** Where to send the browser: `success_url` with site_url, user_login and password; null without one. */
  redirect: string | null;
}

/** The user approved: a new application password named `app_name`, carrying `app_id`. */
export async function approveApplication(ctx: DomainContext, request: AuthorizeRequest): Promise<Approval> {
  const invalid = authorizeRequestError(request);
  if (invalid) throw invalid;
  await assertCanAuthorizeApplications(ctx);
  const created = await createApplicationPassword(ctx, 'me', { name: request.appName, appId: request.appId || undefined });
  const redirect = request.successUrl
    ? addQueryArgs(request.successUrl, { site_url: ctx.config.siteUrl, user_login: created.user.login, password: normaliseApplicationPassword(created.password) })
    : null;
  return { password: created.password, redirect };
}

/**
 * The user rejected: `reject_url` with `success=false` (WordPress 5.6's no-script form; derived
 * from `success_url` when only that was given), or null to stay on the site.
 */
export function rejectRedirect(request: AuthorizeRequest): string | null {
  const invalid = authorizeRequestError(request);
  if (invalid) throw invalid;
  return request.rejectUrl ? addQueryArgs(request.rejectUrl, { success: 'false' }) : null;
}

/**
 * add_query_arg(): the pairs go into the query (before any `#fragment`), replacing parameters of
 * the same name; the rest of the URL is kept as written.
 */
export function addQueryArgs(url: string, args: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeFragment = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeFragment.indexOf('?');
  const base = queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const names = new Set(Object.keys(args));
  const kept = (queryAt === -1 ? '' : beforeFragment.slice(queryAt + 1)).split('&').filter((pair) => {
    if (!pair) return false;
    const name = pair.split('=')[0];
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // An undecodable name is no name of ours: keep it as written.
    }
    return !names.has(decoded);
  });
  const added = Object.entries(args).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return `${base}?${[...kept, ...added].join('&')}${fragment}`;
}
