/**
 * Refine's access control, read from the same permission table the server checks
 * (common/permissions.ts). Each resource names its area in `meta.area` (resources.tsx).
 */
import type { AccessControlProvider, CanParams } from '@refinedev/core';
import { can, canEnter, type Action, type Area } from '../../../../common/permissions.js';
import { findResource } from '../resources.js';
import { actorOf, type Profile } from './profile.js';

/** Refine's action names → the table's. `clone` creates a record; `field` is never granted. */
const ACTIONS: Record<string, Action> = {
  list: 'list',
  show: 'show',
  create: 'create',
  clone: 'create',
  edit: 'edit',
  delete: 'delete',
  import: 'import',
};

type ProfileLike = Pick<Profile, 'type' | 'level' | 'roles'>;

/**
 * May this user do `action` in `area`? No profile: nothing. No area (a screen every user
 * has, or a menu group): any logged-in user. Entering (list) is `canEnter`, the rest `can`.
 */
export function canAccess(profile: ProfileLike | null | undefined, area: Area | undefined, action: string): boolean {
  if (!profile) return false;
  if (area === undefined) return true;
  const mapped = ACTIONS[action];
  if (mapped === undefined) return false;
  const actor = actorOf(profile);
  return mapped === 'list' ? canEnter(actor, area) : can(actor, area, mapped);
}

/** `meta.area` of the resource Refine passes, else looked up by name/identifier. */
export function areaOf({ resource, params }: Pick<CanParams, 'resource' | 'params'>): Area | undefined {
  const fromMeta = params?.resource?.meta?.area as Area | undefined;
  return fromMeta ?? findResource(params?.resource?.identifier ?? resource)?.area;
}

export function createAccessControlProvider(loadProfile: () => Promise<ProfileLike | null>): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      const allowed = canAccess(await loadProfile(), areaOf({ resource, params }), action);
      return { can: allowed };
    },
    options: {
      // Read-only users (allocation staff on masters) do not see buttons they cannot use.
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    },
  };
}
