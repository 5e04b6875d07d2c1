/**
 * The users domain's input rules and permission table, without HTTP: what GraphQL will rely on too.
 */
import type { User } from '../../src/generated/prisma-sqlite/client';
import { DomainError } from '../../src/domain/errors';
import { anonymous, viewerFor } from '../../src/domain/viewer';
import {
  canCreateUsers,
  canEditUserRecord,
  checkUserPassword,
  checkUsername,
  listUsersPermissionError,
  parseReassign,
  sanitizeUsername,
  userCapabilities,
  userExtraCapabilities,
  userRoles,
} from '../../src/domain/users/users';

function user(id: number, role: string): User {
  const now = new Date();
  return {
    id, login: `u${id}`, email: `u${id}@example.com`, passwordHash: '', name: '', slug: `u${id}`, firstName: '', lastName: '',
    nickname: '', description: '', url: '', locale: '', role, registeredAt: now,
  };
}

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? `${error.code} ${error.status}` : 'not a DomainError';
  }
}

describe('users domain rules', () => {
  const admin = viewerFor(user(1, 'administrator'));
  const editor = viewerFor(user(2, 'editor'));
  const subscriber = viewerFor(user(3, 'subscriber'));

  it('sanitizes usernames strictly, as sanitize_user( $name, true )', () => {
    expect(sanitizeUsername('  José <b>Doe</b>  ')).toBe('Jose Doe');
    expect(sanitizeUsername('a%20b&amp;c')).toBe('abc');
    expect(sanitizeUsername('ok.name-1@x_y')).toBe('ok.name-1@x_y');
  });

  it('accepts only usernames that survive sanitising unchanged', () => {
    expect(checkUsername('jane.doe')).toBe('jane.doe');
    expect(checkUsername('Jane Doe')).toBe('Jane Doe');
    for (const bad of ['¯\\_(ツ)_/¯', ' lead', 'two  spaces', '', '0', 'josé']) {
      expect(codeOf(() => checkUsername(bad))).toBe('rest_user_invalid_username 400');
    }
  });

  it('refuses empty passwords and backslashes', () => {
    expect(checkUserPassword('s3cret')).toBe('s3cret');
    expect(codeOf(() => checkUserPassword(''))).toBe('rest_user_invalid_password 400');
    expect(codeOf(() => checkUserPassword('a\\b'))).toBe('rest_user_invalid_password 400');
  });

  it('reads reassign as check_reassign does', () => {
    expect(parseReassign('12')).toBe(12);
    expect(parseReassign(7)).toBe(7);
    expect(parseReassign('0')).toBe(0);
    expect(parseReassign('false')).toBe(false);
    expect(parseReassign(false)).toBe(false);
    expect(parseReassign('')).toBe(false);
    expect(codeOf(() => parseReassign('abc'))).toBe('rest_invalid_param 400');
    expect(codeOf(() => parseReassign(true))).toBe('rest_invalid_param 400');
  });

  it('maps edit_user: self, or edit_users', () => {
    expect(canEditUserRecord(subscriber, 3)).toBe(true);
    expect(canEditUserRecord(subscriber, 1)).toBe(false);
    expect(canEditUserRecord(editor, 3)).toBe(false);
    expect(canEditUserRecord(admin, 3)).toBe(true);
    expect(canEditUserRecord(anonymous, 0)).toBe(false);
    expect(canCreateUsers(admin)).toBe(true);
    expect(canCreateUsers(editor)).toBe(false);
  });

  it('decides which list queries a viewer may run, with 401 for anonymous and 403 for users', () => {
    expect(listUsersPermissionError(anonymous, {})).toBeNull();
    expect(listUsersPermissionError(anonymous, { context: 'edit' })?.status).toBe(401);
    expect(listUsersPermissionError(subscriber, { context: 'edit' })?.code).toBe('rest_forbidden_context');
    expect(listUsersPermissionError(subscriber, { context: 'edit' })?.status).toBe(403);
    expect(listUsersPermissionError(editor, { roles: ['author'] })?.code).toBe('rest_user_cannot_view');
    expect(listUsersPermissionError(editor, { orderby: 'registered_date' })?.code).toBe('rest_forbidden_orderby');
    expect(listUsersPermissionError(editor, { who: 'authors' })).toBeNull();
    expect(listUsersPermissionError(subscriber, { who: 'authors' })?.code).toBe('rest_forbidden_who');
    expect(listUsersPermissionError(admin, { context: 'edit', roles: ['x'], capabilities: ['y'], orderby: 'email', who: 'authors' })).toBeNull();
  });

  it('describes roles and capabilities as WP_User does', () => {
    const u = user(5, 'author');
    expect(userRoles(u)).toEqual(['author']);
    expect(userExtraCapabilities(u)).toEqual({ author: true });
    expect(userCapabilities(u)).toMatchObject({ publish_posts: true, upload_files: true, author: true });
    expect(userCapabilities(u).edit_others_posts).toBeUndefined();
    const none = user(6, '');
    expect(userRoles(none)).toEqual([]);
    expect(userExtraCapabilities(none)).toEqual({});
    expect(userCapabilities(none)).toEqual({});
  });
});
