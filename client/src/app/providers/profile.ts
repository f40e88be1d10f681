import { SUPER_ADMIN_ROLE, USER_TYPE } from '../../../../common/enums.js';
import type { Actor } from '../../../../common/permissions.js';
import type { ProfileWire } from '../../../../server/auth/schemas.js';

/** `GET /api/auth/profile` (docs/api.md): the server's schema, imported as a type only. */
export type Profile = ProfileWire;

/** The specification lets the `super_admin` role see everything, whatever the stored type. */
export function actorOf(profile: Pick<Profile, 'type' | 'level' | 'roles'>): Actor {
  const superAdmin = profile.roles?.some((role) => role.name === SUPER_ADMIN_ROLE);
  return { type: superAdmin ? USER_TYPE.superAdmin : profile.type, level: profile.level };
}

/** What the header shows under the user's name. */
export function affiliationOf(profile: Profile): string {
  return profile.delivery_company?.name ?? profile.department?.name ?? '';
}
