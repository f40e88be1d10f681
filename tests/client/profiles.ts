import type { Profile } from '../../client/src/app/providers/profile.js';

/** A signed-in profile of the given user type and level; a company makes it a level-5 carrier's. */
export const profile = (type: number, level: number, company: Profile['delivery_company'] = null): Profile => ({
  id: 1,
  name: 'x',
  login_id: 'x',
  type,
  level,
  roles: type === 1 ? [{ name: 'super_admin' }] : [],
  department: company ? null : { id: 10 + level, code: `D${level}`, name: `部署${level}`, level },
  delivery_company: company,
  config: {},
});
