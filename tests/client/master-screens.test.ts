/**
 * Which page serves each master route of the specification (client/src/features/masters/screens.ts):
 * list/add/edit/detail of every master, the approval screens, customers and unit prices without pages
 * of their own; and the data provider's one-request getMany.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MASTER_DECLARATIONS } from '../../client/src/features/masters/declarations.js';
import { masterScreenOf, type MasterScreen } from '../../client/src/features/masters/screens.js';
import { dataProvider } from '../../client/src/app/providers/data-provider.js';
import { http } from '../../client/src/app/providers/http.js';
import { APP_RESOURCES, findResource, resourceNameKey, routesOf } from '../../client/src/app/resources.js';

function screenAt(path: string): MasterScreen | undefined {
  for (const resource of APP_RESOURCES) {
    const route = routesOf(resource).find((candidate) => candidate.path === path);
    if (route) return masterScreenOf(resource, route);
  }
  throw new Error(`no route ${path}`);
}

/** The specification's master routes (section 2) and the page each one shows. */
const EXPECTED: Record<string, MasterScreen> = {
  '/departments': { page: 'list', master: 'departments' },
  '/departments/add': { page: 'create', master: 'departments' },
  '/departments/edit/:id': { page: 'edit', master: 'departments' },
  '/delivery-company': { page: 'list', master: 'delivery-companies' },
  '/delivery-company/add': { page: 'create', master: 'delivery-companies' },
  '/delivery-company/edit/:id': { page: 'edit', master: 'delivery-companies' },
  '/vehicle-type': { page: 'list', master: 'vehicle-types' },
  '/vehicle-type/add': { page: 'create', master: 'vehicle-types' },
  '/vehicle-type/edit/:id': { page: 'edit', master: 'vehicle-types' },
  '/vehicles': { page: 'list', master: 'vehicles' },
  '/vehicles/add': { page: 'create', master: 'vehicles' },
  '/vehicles/edit/:id': { page: 'edit', master: 'vehicles' },
  '/vehicles/temp': { page: 'list', master: 'vehicles', temporaryOnly: true },
  '/vehicles/temp/:id': { page: 'approval', master: 'vehicles' },
  '/users': { page: 'list', master: 'users' },
  '/users/add': { page: 'create', master: 'users' },
  '/users/edit/:id': { page: 'edit', master: 'users' },
  '/drivers': { page: 'list', master: 'drivers' },
  '/drivers/add': { page: 'create', master: 'drivers' },
  '/drivers/edit/:id': { page: 'edit', master: 'drivers' },
  '/delivery-destination': { page: 'list', master: 'delivery-destinations' },
  '/delivery-destination/add': { page: 'create', master: 'delivery-destinations' },
  '/delivery-destination/edit/:id': { page: 'edit', master: 'delivery-destinations' },
  '/delivery-destination/temp/:id': { page: 'approval', master: 'delivery-destinations' },
  '/district-master': { page: 'list', master: 'districts' },
  '/district-master/add': { page: 'create', master: 'districts' },
  '/district-master/edit/:id': { page: 'edit', master: 'districts' },
  '/direction-master': { page: 'list', master: 'directions' },
  '/direction-master/add': { page: 'create', master: 'directions' },
  '/direction-master/edit/:id': { page: 'edit', master: 'directions' },
  '/direction-master/temp/:id': { page: 'approval', master: 'directions' },
  '/direction-base': { page: 'list', master: 'direction-bases' },
  '/direction-base/add': { page: 'create', master: 'direction-bases' },
  '/direction-base/edit/:id': { page: 'edit', master: 'direction-bases' },
  '/operation-time': { page: 'list', master: 'operation-times' },
  '/operation-time/edit/:id': { page: 'edit', master: 'operation-times' },
  '/customers': { page: 'list', master: 'customers' },
  '/download/set-init-price': { page: 'list', master: 'unit-prices', title: 'screens.setInitPrice' },
  // Read-only detail views (docs/decisions/ui.md, "Details, and records out of reach").
  '/departments/detail/:id': { page: 'show', master: 'departments' },
  '/vehicle-type/detail/:id': { page: 'show', master: 'vehicle-types' },
  '/delivery-destination/detail/:id': { page: 'show', master: 'delivery-destinations' },
  '/operation-time/detail/:id': { page: 'show', master: 'operation-times' },
};

describe('master screens', () => {
  it.each(Object.entries(EXPECTED))('%s', (path, screen) => {
    expect(screenAt(path)).toEqual(screen);
  });

  it('serves every route of a master resource (no placeholder left)', () => {
    for (const master of MASTER_DECLARATIONS) {
      const resource = findResource(master.identifier);
      for (const route of resource ? routesOf(resource) : []) {
        expect(masterScreenOf(resource!, route), route.path).toBeDefined();
      }
    }
  });

  it('shows no master on other screens', () => {
    expect(screenAt('/delivery')).toBeUndefined();
    expect(screenAt('/download/daily-summary')).toBeUndefined();
    expect(screenAt('/store-direct')).toBeUndefined();
  });

  it('adds and edits customers and unit prices in a modal over their list (their only route)', () => {
    for (const identifier of ['customers', 'unit-prices']) {
      const master = MASTER_DECLARATIONS.find((m) => m.identifier === identifier);
      expect(master?.modalForm).toBe(true);
    }
    expect(findResource('customers')?.create).toBeUndefined();
    expect(findResource('unit-prices')?.list).toBeUndefined();
    expect(findResource('unit-prices')?.area).toBe('unit_price');
  });

  it('offers operation times no add route', () => {
    expect(findResource('operation-times')?.create).toBeUndefined();
  });
});

describe("Refine's resource names in toasts", () => {
  it('come from the label of the resource', () => {
    expect(resourceNameKey('vehicle-types.vehicle-types')).toBe('menu.vehicleType');
    expect(resourceNameKey('vehicles.vehicles')).toBe('menu.vehicle');
    expect(resourceNameKey('vehicles.titles')).toBeUndefined();
    expect(resourceNameKey('unknown.unknown')).toBeUndefined();
    expect(resourceNameKey('a.a.a')).toBeUndefined();
  });
});

describe('data provider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fetches several records in one list request, as long as the ids', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: [{ id: 1 }, { id: 3 }] });
    const { data } = await dataProvider.getMany!({ resource: 'vehicle', ids: [1, 3] });
    expect(data).toEqual([{ id: 1 }, { id: 3 }]);
    expect(get).toHaveBeenCalledTimes(1);
    const url = String(get.mock.calls[0]![0]);
    expect(url.startsWith('/api/vehicle?')).toBe(true);
    const query = new URLSearchParams(url.split('?')[1]);
    expect(query.getAll('id')).toEqual(['1', '3']);
    expect(query.get('_start')).toBe('0');
    expect(query.get('_end')).toBe('2');
  });

  it('asks nothing for no ids', async () => {
    const get = vi.spyOn(http, 'get');
    expect((await dataProvider.getMany!({ resource: 'vehicle', ids: [] })).data).toEqual([]);
    expect(get).not.toHaveBeenCalled();
  });
});
