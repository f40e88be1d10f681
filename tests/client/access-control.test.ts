/**
 * The client's access-control provider for each demo account (password demo1234).
 * It must answer from the same table the server checks, via each resource's meta.area.
 */
import { describe, expect, it } from 'vitest';
import { areaOf, canAccess, createAccessControlProvider } from '../../client/src/app/providers/access-control.js';
import type { Profile } from '../../client/src/app/providers/profile.js';
import { APP_RESOURCES, findResource, toRefineResources } from '../../client/src/app/resources.js';

type Demo = Pick<Profile, 'type' | 'level' | 'roles'>;

const DEMO: Record<'super' | 'hq' | 'branch' | 'center' | 'carrier', Demo> = {
  super: { type: 1, level: 1, roles: [{ name: 'super_admin' }] },
  hq: { type: 2, level: 1, roles: [] },
  branch: { type: 3, level: 3, roles: [] },
  center: { type: 2, level: 4, roles: [] },
  carrier: { type: 2, level: 5, roles: [] },
};

function providerFor(profile: Demo | null) {
  return createAccessControlProvider(async () => profile);
}

/** Ask the way Refine's buttons and <CanAccess> do: resource name plus the resource item. */
async function ask(profile: Demo | null, identifier: string, action: string): Promise<boolean> {
  const resource = toRefineResources().find((item) => item.identifier === identifier);
  if (!resource) throw new Error(`no resource ${identifier}`);
  const { icon: _icon, ...meta } = resource.meta ?? {};
  const answer = await providerFor(profile).can({
    resource: resource.name,
    action,
    params: { resource: { ...resource, meta } as never },
  });
  return answer.can;
}

const CRUD = ['list', 'show', 'create', 'edit', 'delete', 'import'];

describe('access-control provider', () => {
  it('super (type 1, level 1) may do everything on every screen', async () => {
    for (const resource of APP_RESOURCES) {
      for (const action of CRUD) expect(await ask(DEMO.super, resource.identifier, action)).toBe(true);
    }
  });

  it('the super_admin role sees everything even when its type says otherwise', async () => {
    const role = { type: 3, level: 5, roles: [{ name: 'super_admin' }] };
    expect(await ask(role, 'departments', 'delete')).toBe(true);
    expect(await ask(role, 'store-direct', 'list')).toBe(true);
    expect(await ask(role, 'users', 'create')).toBe(true);
  });

  it('hq (type 2, level 1) edits departments but does not plan allocation', async () => {
    for (const action of CRUD) expect(await ask(DEMO.hq, 'departments', action)).toBe(true);
    expect(await ask(DEMO.hq, 'store-direct', 'list')).toBe(false);
    expect(await ask(DEMO.hq, 'between-centers-before', 'list')).toBe(false);
    expect(await ask(DEMO.hq, 'deliveries', 'list')).toBe(true);
  });

  it('branch (type 3, level 3) reads departments only, and enters allocation', async () => {
    expect(await ask(DEMO.branch, 'departments', 'list')).toBe(true);
    expect(await ask(DEMO.branch, 'departments', 'show')).toBe(true);
    for (const action of ['create', 'edit', 'delete', 'import', 'clone']) {
      expect(await ask(DEMO.branch, 'departments', action)).toBe(false);
    }
    expect(await ask(DEMO.branch, 'store-direct', 'list')).toBe(true);
    expect(await ask(DEMO.branch, 'vehicle-allocations', 'create')).toBe(true);
    // Allocation staff have no access to admin accounts.
    expect(await ask(DEMO.branch, 'users', 'list')).toBe(false);
  });

  it('center (type 2, level 4) enters allocation and edits masters', async () => {
    expect(await ask(DEMO.center, 'store-direct', 'list')).toBe(true);
    expect(await ask(DEMO.center, 'between-centers-today', 'list')).toBe(true);
    expect(await ask(DEMO.center, 'departments', 'create')).toBe(true);
  });

  it('carrier (type 2, level 5) cannot enter the department master but can vehicles, users and drivers', async () => {
    for (const action of CRUD) expect(await ask(DEMO.carrier, 'departments', action)).toBe(false);
    for (const identifier of ['vehicles', 'users', 'drivers']) {
      expect(await ask(DEMO.carrier, identifier, 'list'), identifier).toBe(true);
      expect(await ask(DEMO.carrier, identifier, 'edit'), identifier).toBe(true);
    }
    for (const identifier of ['delivery-companies', 'delivery-destinations', 'districts']) {
      expect(await ask(DEMO.carrier, identifier, 'list'), identifier).toBe(false);
    }
    // Vehicle types: read so that the carrier can register its vehicles, never changed.
    for (const action of CRUD) expect(await ask(DEMO.carrier, 'vehicle-types', action), action).toBe(['list', 'show'].includes(action));
    expect(await ask(DEMO.carrier, 'store-direct', 'list')).toBe(false);
    expect(await ask(DEMO.carrier, 'deliveries', 'list')).toBe(true);
    expect(await ask(DEMO.carrier, 'destination-shares', 'list')).toBe(true);
    expect(await ask(DEMO.carrier, 'report-delivery-operation', 'list')).toBe(true);
  });

  it('grants nothing without a profile', async () => {
    expect(await ask(null, 'deliveries', 'list')).toBe(false);
    expect(await ask(null, 'departments', 'list')).toBe(false);
  });

  it('finds the area by resource name or identifier when Refine passes no resource item', async () => {
    const provider = providerFor(DEMO.branch);
    expect((await provider.can({ resource: 'department', action: 'list' })).can).toBe(true);
    expect((await provider.can({ resource: 'departments', action: 'edit' })).can).toBe(false);
    expect(areaOf({ resource: 'department' })).toBe('department');
    expect(areaOf({ resource: 'x', params: { resource: { name: 'x', meta: { area: 'vehicle' } } } })).toBe('vehicle');
  });

  it('maps clone to create and refuses actions the table does not know', () => {
    expect(canAccess(DEMO.hq, 'department', 'clone')).toBe(true);
    expect(canAccess(DEMO.branch, 'department', 'clone')).toBe(false);
    expect(canAccess(DEMO.super, 'department', 'field')).toBe(false);
  });

  it('hides, rather than disables, the buttons a user may not use', () => {
    expect(providerFor(DEMO.hq).options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
  });

  it('gives every menu screen a permission area', () => {
    for (const resource of APP_RESOURCES.filter((item) => item.menu)) {
      expect(resource.area, resource.identifier).toBeDefined();
      expect(toRefineResources().find((item) => item.identifier === resource.identifier)?.meta?.area).toBe(resource.area);
    }
    expect(findResource('departments')?.area).toBe('department');
  });
});
