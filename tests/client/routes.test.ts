/**
 * Every route of the specification's section 2 is declared (resources.tsx), and the top
 * menu has the specification's items, disabled (not hidden) where the user lacks permission.
 */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildMenuItems, selectedMenuKeys } from '../../client/src/app/layout/menu-items.js';
import type { Profile } from '../../client/src/app/providers/profile.js';
import { APP_RESOURCES, routesOf } from '../../client/src/app/resources.js';
import { profile } from './profiles.js';
import { REPORT_SLUGS } from '../../common/reports.js';

const REPORTS = [
  'delivery-operation',
  'working-time-record',
  'dalivery-daily-report-all',
  'daily-summary',
  'weekly-summary',
  'monthly-summary',
  'attendance-record',
  'daily-expense',
  'daily-sales-report',
  'invoice-between-center',
  'invoice-store-directly',
  'payroll-accounting',
  'set-init-price',
];

/** Not in the specification: the records the rules ask for (荷待ち・荷役記録, 積載効率, CO2). */
const RECORD_REPORTS = ['waiting-loading-record', 'load-efficiency', 'co2-emissions'];

/** Not in the specification either: the day's 配車表 by vehicle, printed from the board too. */
const PLANNING_REPORTS = ['vehicle-chart'];

/** Section 2, with `{id}` written as React Router parameters and "{id optional}" as both forms. */
const SPEC_ROUTES = [
  '/auth', '/check-map', '/places', '/test', '/debug', '/debug/caculator_data_allocation',
  '/attendance-departure-of-the-driver', '/driver-time-in-out',
  '/between-centers-before', '/between-centers-today', '/store-direct', '/store-direct/detail/:id',
  '/vehicle-allocation', '/vehicle-allocation/add', '/vehicle-allocation/edit/:id',
  '/customers',
  '/delivery', '/delivery/add', '/delivery/detail', '/delivery/detail/:id',
  '/delivery-company', '/delivery-company/add', '/delivery-company/edit/:id',
  '/delivery-destination', '/delivery-destination/add', '/delivery-destination/edit/:id', '/delivery-destination/temp/:id',
  '/delivery-destination-share', '/delivery-destination-share/:id/comments', '/delivery-destination-share/:id/comment/:idx',
  '/departments', '/departments/add', '/departments/edit', '/departments/edit/:id',
  '/direction-base', '/direction-base/add', '/direction-base/edit/:id',
  '/direction-master', '/direction-master/add', '/direction-master/edit/:id', '/direction-master/temp/:id',
  '/district-master', '/district-master/add', '/district-master/edit/:id',
  '/drivers', '/drivers/add', '/drivers/edit', '/drivers/edit/:id',
  '/operation-time', '/operation-time/edit/:id',
  '/users', '/users/add', '/users/edit', '/users/edit/:id',
  '/vehicle-type', '/vehicle-type/add', '/vehicle-type/edit/:id',
  '/vehicles', '/vehicles/add', '/vehicles/edit', '/vehicles/edit/:id', '/vehicles/temp', '/vehicles/temp/:id',
  ...REPORTS.map((slug) => `/download/${slug}`),
];

/**
 * Not in the specification: a read-only detail view of every master with its own pages (read-only
 * users could not see a record's other fields), beside its edit route (docs/decisions/ui.md, "Details, and records out of reach").
 */
const DETAIL_ROUTES = [
  '/departments/detail', '/departments/detail/:id', '/delivery-company/detail/:id', '/vehicle-type/detail/:id',
  '/vehicles/detail', '/vehicles/detail/:id', '/users/detail', '/users/detail/:id', '/drivers/detail', '/drivers/detail/:id',
  '/delivery-destination/detail/:id', '/district-master/detail/:id', '/direction-master/detail/:id',
  '/direction-base/detail/:id', '/operation-time/detail/:id',
];

/** Not in the specification either: the audit log of every write (super admins, in the user menu beside システム情報). */
const OPERATIONS_ROUTES = ['/audit-log'];

const declared = APP_RESOURCES.flatMap(routesOf).map((route) => route.path);

describe('routes', () => {
  it('declares every route of the specification, the masters\' detail views, the records\' reports, the 配車表 and the audit log, and nothing else', () => {
    const extra = [...[...RECORD_REPORTS, ...PLANNING_REPORTS].map((slug) => `/download/${slug}`), ...OPERATIONS_ROUTES];
    expect([...declared].sort()).toEqual([...SPEC_ROUTES, ...DETAIL_ROUTES, ...extra].sort());
  });

  it('declares each path once', () => {
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('guards each route with the action it performs', () => {
    const actionOf = (path: string) => APP_RESOURCES.flatMap(routesOf).find((route) => route.path === path)?.action;
    expect(actionOf('/departments')).toBe('list');
    expect(actionOf('/departments/add')).toBe('create');
    expect(actionOf('/departments/edit/:id')).toBe('edit');
    expect(actionOf('/delivery/detail/:id')).toBe('show');
    expect(actionOf('/vehicle-type/detail/:id')).toBe('show');
    expect(actionOf('/vehicles/temp/:id')).toBe('edit');
  });
});

const t = ((key: string) => key) as unknown as TFunction;

interface Item {
  key: string;
  label: unknown;
  disabled?: boolean;
  children?: Item[];
}

const menuOf = (user: Profile | undefined) => buildMenuItems(user, t) as unknown as Item[];
/** Every item, the groups' and their sections' entries too. */
const flat = (items: Item[]): Item[] => items.flatMap((item) => [item, ...flat(item.children ?? [])]);
const find = (items: Item[], key: string) => flat(items).find((item) => item.key === key);

describe('top menu', () => {
  it('has the specification’s items and sub-items, in order', () => {
    const items = menuOf(profile(1, 1));
    expect(items.map((item) => item.key)).toEqual([
      '/delivery',
      'group:allocation',
      '/delivery-destination-share',
      'group:masters',
      'group:reports',
    ]);
    // The allocation screens, the day's and the maps too, in titled sections: what is planned, what runs today, where.
    expect(items[1]?.children?.map((section) => [section.label, section.children?.map((item) => item.key)])).toEqual([
      ['menu.sections.plan', ['/store-direct', '/vehicle-allocation', '/debug/caculator_data_allocation', '/between-centers-before']],
      ['menu.sections.today', ['/between-centers-today', '/driver-time-in-out', '/attendance-departure-of-the-driver']],
      ['menu.sections.maps', ['/check-map', '/places']],
    ]);
    expect(items[3]?.children?.map((item) => item.key)).toEqual([
      '/departments',
      '/delivery-company',
      '/vehicle-type',
      '/vehicles',
      '/vehicles/temp',
      '/users',
      '/drivers',
      '/delivery-destination',
      '/district-master',
      '/direction-master',
      '/direction-base',
      '/operation-time',
      '/customers',
      '/download/set-init-price',
    ]);
    // Every report, in titled sections; the specification's three first.
    const sections = items[4]?.children ?? [];
    expect(sections.map((section) => [section.label, section.children?.map((item) => item.key)])).toEqual([
      ['menu.sections.operations', ['/download/delivery-operation', '/download/vehicle-chart', '/download/dalivery-daily-report-all']],
      ['menu.sections.workTime', ['/download/working-time-record', '/download/attendance-record', '/download/payroll-accounting']],
      ['menu.sections.summaries', ['/download/daily-summary', '/download/weekly-summary', '/download/monthly-summary']],
      ['menu.sections.money', ['/download/daily-expense', '/download/daily-sales-report', '/download/invoice-store-directly', '/download/invoice-between-center']],
      ['menu.sections.records', RECORD_REPORTS.map((slug) => `/download/${slug}`)],
    ]);
  });

  it('has an entry for every report', () => {
    const keys = flat(menuOf(profile(1, 1))).map((item) => item.key);
    for (const slug of REPORT_SLUGS) expect(keys, slug).toContain(`/download/${slug}`);
  });

  it('disables 日次売上報告 for a carrier, the other reports not', () => {
    const items = menuOf(profile(2, 5));
    expect(find(items, '/download/daily-sales-report')?.disabled).toBe(true);
    expect(find(items, '/download/daily-expense')?.disabled).toBe(false);
    expect(find(menuOf(profile(2, 4)), '/download/daily-sales-report')?.disabled, 'a center').toBe(false);
  });

  it('enables everything for the super admin', () => {
    const items = menuOf(profile(1, 1));
    expect(flat(items).every((item) => !item.disabled)).toBe(true);
  });

  it('shows a carrier the department master and allocation disabled, not hidden; its trips and drivers’ times open', () => {
    const items = menuOf(profile(2, 5));
    expect(find(items, '/departments')?.disabled).toBe(true);
    expect(find(items, '/store-direct')?.disabled).toBe(true);
    for (const path of ['/debug/caculator_data_allocation', '/between-centers-before', '/between-centers-today', '/check-map', '/places']) {
      expect(find(items, path)?.disabled, path).toBe(true);
    }
    for (const path of ['/vehicle-allocation', '/driver-time-in-out', '/attendance-departure-of-the-driver', 'group:allocation']) {
      expect(find(items, path)?.disabled, path).toBe(false);
    }
    expect(find(items, '/vehicles')?.disabled).toBe(false);
    expect(find(items, '/users')?.disabled).toBe(false);
    expect(find(items, '/drivers')?.disabled).toBe(false);
    expect(find(items, 'group:masters')?.disabled).toBe(false);
  });

  it('enables allocation for levels 3 and 4 only', () => {
    expect(find(menuOf(profile(3, 3)), '/store-direct')?.disabled).toBe(false);
    expect(find(menuOf(profile(2, 4)), '/store-direct')?.disabled).toBe(false);
    expect(find(menuOf(profile(2, 2)), '/store-direct')?.disabled).toBe(true);
  });

  it('disables every item until the profile is known', () => {
    const entries = flat(menuOf(undefined)).filter((item) => !item.key.startsWith('section:'));
    expect(entries.every((item) => item.disabled)).toBe(true);
  });

  it("lights a screen's own entry: each allocation page its own, a trip's detail 配車設定", () => {
    expect(selectedMenuKeys('/vehicles/edit/3')).toEqual(['/vehicles']);
    expect(selectedMenuKeys('/delivery-destination')).toEqual(['/delivery-destination']);
    expect(selectedMenuKeys('/store-direct/detail/5')).toEqual(['/store-direct']);
    for (const path of ['/vehicle-allocation', '/vehicle-allocation/edit/9']) expect(selectedMenuKeys(path), path).toEqual(['/vehicle-allocation']);
    for (const path of ['/between-centers-today', '/debug/caculator_data_allocation', '/check-map', '/driver-time-in-out']) {
      expect(selectedMenuKeys(path), path).toEqual([path]);
    }
    expect(selectedMenuKeys('/no/such/page')).toEqual([]);
  });
});
