/**
 * Who is asking. Every domain function receives a Viewer and checks capabilities itself, so the
 * REST and GraphQL adapters cannot disagree about permissions.
 */
import type { User } from '../generated/prisma-sqlite/client';
import { isRoleName, ROLE_CAPABILITIES } from './users/roles';

export interface Viewer {
  readonly user: User | null;
  readonly isAnonymous: boolean;
  readonly id: number;
  /** The application password that authenticated this request, if any (for introspection). */
  readonly applicationPasswordUuid: string | null;
  /** Primitive capability check (meta capabilities are mapped by each resource). */
  can(capability: string): boolean;
}

export function viewerFor(user: User | null, applicationPasswordUuid: string | null = null): Viewer {
  const caps = user && isRoleName(user.role) ? ROLE_CAPABILITIES[user.role] : new Set<string>();
  return {
    user,
    isAnonymous: user === null,
    id: user?.id ?? 0,
    applicationPasswordUuid,
    can: (capability) => caps.has(capability),
  };
}

export const anonymous: Viewer = viewerFor(null);
