/**
 * The HTML of the authorisation page: small, accessible documents (labelled fields, one main
 * landmark, errors announced with role=alert), no script. Texts are WordPress's.
 */
import type { AuthorizeRequest } from '../../domain/users/authorize-application';
import { addQueryArgs } from '../../domain/users/authorize-application';

export const TITLE = 'Authorize Application';
export const ERROR_TITLE = 'Cannot Authorize Application';

export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f0f0f1;color:#1d2327}
main{max-width:34rem;margin:3rem auto;padding:1.5rem 2rem;background:#fff;border:1px solid #c3c4c7}
label{display:block;font-weight:600;margin-top:1rem}input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
button{font:inherit;padding:.5rem 1rem;margin-top:1rem;cursor:pointer}.primary{background:#2271b1;color:#fff;border:1px solid #2271b1}
.notice{border-left:4px solid #d63638;padding:.5rem 1rem;background:#fcf0f1}.success{border-color:#00a32a;background:#edfaef}
.description{color:#50575e;font-size:.9rem;overflow-wrap:anywhere}code{overflow-wrap:anywhere}.session{margin-top:2rem;border-top:1px solid #dcdcde}`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const notice = (message: string): string => `<div class="notice" role="alert"><p>${esc(message)}</p></div>`;

const hidden = (name: string, value: string): string => `<input type="hidden" name="${name}" value="${esc(value)}">`;

/** wp_die(): a message, and a link back to the application when there is one. */
export function errorPage(message: string, back?: string): string {
  return layout(ERROR_TITLE, `${notice(message)}${back ? `<p><a href="${esc(back)}">Go Back</a></p>` : ''}`);
}

/** wp_nonce_ays(): a form whose CSRF token does not match the session. */
export const EXPIRED_MESSAGE = 'The link you followed has expired.';

export function signInPage(input: { action: string; csrf: string; appName: string; login?: string; error?: string }): string {
  const intro = input.appName
    ? `<p>Sign in to decide whether <strong>${esc(input.appName)}</strong> may access your account.</p>`
    : '<p>Sign in to decide whether the application may access your account.</p>';
  return layout(
    TITLE,
    `${input.error ? notice(input.error) : ''}${intro}
<form method="post" action="${esc(input.action)}">
${hidden('action', 'sign_in')}${hidden('_wpnonce', input.csrf)}
<label for="user_login">Username or Email Address</label>
<input type="text" id="user_login" name="log" value="${esc(input.login ?? '')}" autocomplete="username" autocapitalize="off" spellcheck="false" required>
<label for="user_pass">Password</label>
<input type="password" id="user_pass" name="pwd" autocomplete="current-password" required>
<button type="submit" class="primary">Log In</button>
</form>`,
  );
}

function signOutForm(action: string, csrf: string, login: string): string {
  return `<form method="post" action="${esc(action)}" class="session">
<p>Signed in as <strong>${esc(login)}</strong>.</p>
${hidden('action', 'sign_out')}${hidden('_wpnonce', csrf)}
<button type="submit">Log Out</button>
</form>`;
}

export interface ConsentInput {
  action: string;
  csrf: string;
  signOutAction: string;
  signOutCsrf: string;
  request: AuthorizeRequest;
  siteUrl: string;
  userLogin: string;
  error?: string;
}

/** The approve / reject form of authorize-application.php. */
export function consentPage(input: ConsentInput): string {
  const { request } = input;
  const question = request.appName
    ? `<p>Would you like to give the application identifying itself as <strong>${esc(request.appName)}</strong> access to your account? You should only do this if you trust the application in question.</p>`
    : '<p>Would you like to give this application access to your account? You should only do this if you trust the application in question.</p>';
  const approveNote = request.successUrl
    ? `You will be sent to <strong><code>${esc(addQueryArgs(request.successUrl, { site_url: input.siteUrl, user_login: input.userLogin, password: '[------]' }))}</code></strong>`
    : 'You will be given a password to manually enter into the application in question.';
  const rejectNote = request.rejectUrl
    ? `You will be sent to <strong><code>${esc(addQueryArgs(request.rejectUrl, { success: 'false' }))}</code></strong>`
    : 'You will be returned to the site, and no changes will be made.';
  return layout(
    TITLE,
    `${input.error ? notice(input.error) : ''}<h2>An application would like to connect to your account.</h2>
${question}
<form method="post" action="${esc(input.action)}">
${hidden('action', 'authorize_application_password')}${hidden('_wpnonce', input.csrf)}${hidden('app_id', request.appId)}${hidden('success_url', request.successUrl)}${hidden('reject_url', request.rejectUrl)}
<label for="app_name">New Application Password Name</label>
<input type="text" id="app_name" name="app_name" value="${esc(request.appName)}" required>
<p><button type="submit" name="approve" value="1" class="primary" aria-describedby="description-approve">Yes, I approve of this connection</button></p>
<p class="description" id="description-approve">${approveNote}</p>
<p><button type="submit" name="reject" value="1" formnovalidate aria-describedby="description-reject">No, I do not approve of this connection</button></p>
<p class="description" id="description-reject">${rejectNote}</p>
</form>
${signOutForm(input.signOutAction, input.signOutCsrf, input.userLogin)}`,
  );
}

/** No success_url: the new password is shown once. */
export function passwordPage(input: { appName: string; password: string }): string {
  return layout(
    TITLE,
    `<div class="notice success" role="status">
<p><label for="new-application-password-value">Your new password for <strong>${esc(input.appName)}</strong> is:</label>
<input id="new-application-password-value" type="text" readonly value="${esc(input.password)}"></p>
<p>Be sure to save this in a safe location. You will not be able to retrieve it.</p>
</div>`,
  );
}
