/**
 * WPGraphQL's UserRole: a role by name, seen by those who may list users and by the role's own
 * members (domain: canSeeRole); its global id is "user_role:<name>".
 */
import { canSeeRole } from '../../../domain/users/users';
import { ROLE_CAPABILITIES, ROLE_LABELS, ROLE_NAMES, isRoleName, type RoleName } from '../../../domain/users/roles';
import type { Viewer } from '../../../domain/viewer';
import { connectionOfList, type ConnectionArgs } from '../../connection';
import { Model } from '../../model';

const PREFIX = 'user_role:';

export class UserRoleModel extends Model {
  constructor(readonly role: RoleName) {
    super();
  }
  get __typename(): string {
    return 'UserRole';
  }
  get id(): string {
    return Buffer.from(PREFIX + this.role, 'utf8').toString('base64');
  }
  get name(): string {
    return this.role;
  }
  get displayName(): string {
    return ROLE_LABELS[this.role];
  }
  get capabilities(): string[] {
    return [...ROLE_CAPABILITIES[this.role]];
  }
  get isRestricted(): boolean {
    return false;
  }
}

/** The role a global id names, when the viewer may see it. */
export function roleByGlobalId(viewer: Viewer, globalId: string): UserRoleModel | null {
  const text = Buffer.from(globalId, 'base64').toString('utf8');
  if (!text.startsWith(PREFIX)) return null;
  const name = text.slice(PREFIX.length);
  return isRoleName(name) && canSeeRole(viewer, name) ? new UserRoleModel(name) : null;
}

/** A connection over roles (cursors name a role by its place in WordPress's role list). */
export function roleConnection(args: ConnectionArgs, roles: readonly RoleName[]) {
  return connectionOfList(
    args,
    roles.map((role) => new UserRoleModel(role)),
    (model) => ROLE_NAMES.indexOf(model.role) + 1,
  );
}

export function visibleRoles(viewer: Viewer): RoleName[] {
  return ROLE_NAMES.filter((role) => canSeeRole(viewer, role));
}
