/**
 * Every screen of the specification (section 2), as plain data: its routes, label key,
 * icon, menu position and the permission area (common/permissions.ts) that guards it.
 * Routes, the top menu, page titles and access control are all derived from this list.
 */
import {
  ApartmentOutlined,
  AppstoreOutlined,
  CarOutlined,
  ClockCircleOutlined,
  CommentOutlined,
  CompassOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  IdcardOutlined,
  NodeIndexOutlined,
  ScheduleOutlined,
  ShopOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { ReactNode } from 'react';
import type { Action, Area } from '../../../common/permissions.js';
import type { MessageKey } from '../../../common/locales/index.js';
import { reportArea } from '../../../common/reports.js';

export type MenuGroup = 'allocation' | 'masters' | 'reports';
/** A titled part of a group's dropdown (配車: 計画, 当日, 地図; the reports': 運行, 勤怠, 集計, 経費・売上・請求). */
export type MenuSection = 'plan' | 'today' | 'maps' | 'operations' | 'workTime' | 'summaries' | 'money' | 'records';

/** A route of a resource that is none of list/create/edit/show. */
export interface ExtraRoute {
  path: string;
  label: MessageKey;
  action: Action;
}

export interface AppResource {
  /** Refine identifier; also the i18n namespace of screens with their own keys (`departments.titles.list`). */
  identifier: string;
  /** Path under /api (simple-rest conventions). */
  name: string;
  /** Permission area; none means any logged-in user. */
  area?: Area;
  /** i18n key of the menu label and page title. */
  label: MessageKey;
  icon?: ReactNode;
  parent?: MenuGroup;
  /** its section in the group's dropdown */
  section?: MenuSection;
  /** Shown in the top menu. */
  menu?: boolean;
  list?: string;
  create?: string;
  edit?: string;
  show?: string;
  /** edit/show also exist without an id (the specification's "{id optional}"). */
  optionalId?: boolean;
  extra?: ExtraRoute[];
}

export const MENU_GROUPS: Record<MenuGroup, { label: MessageKey; icon: ReactNode }> = {
  allocation: { label: 'menu.allocationGroup', icon: <CarOutlined /> },
  masters: { label: 'menu.masters', icon: <DatabaseOutlined /> },
  reports: { label: 'menu.reports', icon: <FileTextOutlined /> },
};

export const MENU_SECTIONS: Record<MenuSection, MessageKey> = {
  plan: 'menu.sections.plan',
  today: 'menu.sections.today',
  maps: 'menu.sections.maps',
  operations: 'menu.sections.operations',
  workTime: 'menu.sections.workTime',
  summaries: 'menu.sections.summaries',
  money: 'menu.sections.money',
  records: 'menu.sections.records',
};

/** A report's page, in the menu's 帳票出力 under its section; its permission area is the one its declaration names (common/reports.ts), else `report`. */
function report(slug: string, label: MessageKey, section?: MenuSection, area: Area = reportArea(slug)): AppResource {
  return {
    section,
    identifier: `report-${slug}`,
    name: `download/${slug}`,
    area,
    label,
    icon: <FileTextOutlined />,
    parent: 'reports',
    menu: true,
    list: `/download/${slug}`,
  };
}

/** In menu order. */
export const APP_RESOURCES: AppResource[] = [
  {
    identifier: 'deliveries',
    name: 'delivery',
    area: 'delivery',
    label: 'menu.delivery',
    icon: <UnorderedListOutlined />,
    menu: true,
    list: '/delivery',
    create: '/delivery/add',
    show: '/delivery/detail/:id',
    optionalId: true,
  },
  {
    identifier: 'store-direct',
    name: 'vehicle_allocation/store_direct',
    area: 'vehicle_allocation',
    label: 'menu.allocation',
    icon: <CarOutlined />,
    parent: 'allocation',
    section: 'plan',
    menu: true,
    list: '/store-direct',
  },
  {
    // 配車一覧 and a trip's detail (the specification puts it under 店舗直送): carriers read their own company's trips here.
    identifier: 'vehicle-allocations',
    name: 'vehicle_allocation',
    area: 'trip',
    label: 'screens.vehicleAllocation',
    parent: 'allocation',
    section: 'plan',
    menu: true,
    icon: <UnorderedListOutlined />,
    list: '/vehicle-allocation',
    create: '/vehicle-allocation/add',
    edit: '/vehicle-allocation/edit/:id',
    show: '/store-direct/detail/:id',
  },
  {
    identifier: 'allocation-calculator',
    name: 'vehicle_allocation/calculator',
    area: 'vehicle_allocation',
    label: 'screens.allocationCalculator',
    parent: 'allocation',
    section: 'plan',
    menu: true,
    icon: <ToolOutlined />,
    list: '/debug/caculator_data_allocation',
  },
  {
    identifier: 'between-centers-before',
    name: 'vehicle_allocation/between_centers_before',
    area: 'vehicle_allocation',
    label: 'screens.betweenCentersBefore',
    parent: 'allocation',
    section: 'plan',
    menu: true,
    icon: <SwapOutlined />,
    list: '/between-centers-before',
  },
  {
    identifier: 'between-centers-today',
    name: 'vehicle_allocation/between_centers_today',
    area: 'vehicle_allocation',
    label: 'screens.betweenCentersToday',
    parent: 'allocation',
    section: 'today',
    menu: true,
    icon: <SwapOutlined />,
    list: '/between-centers-today',
  },
  {
    identifier: 'driver-times',
    name: 'driver_time',
    area: 'driver_time',
    label: 'screens.driverTimeInOut',
    parent: 'allocation',
    section: 'today',
    menu: true,
    icon: <ScheduleOutlined />,
    list: '/driver-time-in-out',
  },
  {
    identifier: 'driver-attendance',
    name: 'driver_time/attendance',
    area: 'driver_time',
    label: 'screens.attendanceDeparture',
    parent: 'allocation',
    section: 'today',
    menu: true,
    icon: <ScheduleOutlined />,
    list: '/attendance-departure-of-the-driver',
  },
  {
    identifier: 'check-map',
    name: 'check_map',
    area: 'delivery_destination',
    label: 'screens.checkMap',
    parent: 'allocation',
    section: 'maps',
    menu: true,
    icon: <EnvironmentOutlined />,
    list: '/check-map',
  },
  {
    identifier: 'places',
    name: 'places',
    area: 'delivery_destination',
    label: 'screens.places',
    parent: 'allocation',
    section: 'maps',
    menu: true,
    icon: <EnvironmentOutlined />,
    list: '/places',
  },
  {
    identifier: 'destination-shares',
    name: 'destination_share',
    area: 'destination_share',
    label: 'menu.addressSharing',
    icon: <CommentOutlined />,
    menu: true,
    list: '/delivery-destination-share',
    extra: [
      { path: '/delivery-destination-share/:id/comments', label: 'screens.shareComments', action: 'show' },
      { path: '/delivery-destination-share/:id/comment/:idx', label: 'screens.shareComment', action: 'show' },
    ],
  },
  {
    identifier: 'departments',
    name: 'department',
    area: 'department',
    label: 'menu.department',
    icon: <ApartmentOutlined />,
    parent: 'masters',
    menu: true,
    list: '/departments',
    create: '/departments/add',
    edit: '/departments/edit/:id',
    show: '/departments/detail/:id',
    optionalId: true,
  },
  {
    identifier: 'delivery-companies',
    name: 'delivery_company',
    area: 'delivery_company',
    label: 'menu.deliveryCompany',
    icon: <ShopOutlined />,
    parent: 'masters',
    menu: true,
    list: '/delivery-company',
    create: '/delivery-company/add',
    edit: '/delivery-company/edit/:id',
    show: '/delivery-company/detail/:id',
  },
  {
    identifier: 'vehicle-types',
    name: 'vehicle_type',
    area: 'vehicle_type',
    label: 'menu.vehicleType',
    icon: <AppstoreOutlined />,
    parent: 'masters',
    menu: true,
    list: '/vehicle-type',
    create: '/vehicle-type/add',
    edit: '/vehicle-type/edit/:id',
    show: '/vehicle-type/detail/:id',
  },
  {
    identifier: 'vehicles',
    name: 'vehicle',
    area: 'vehicle',
    label: 'menu.vehicle',
    icon: <CarOutlined />,
    parent: 'masters',
    menu: true,
    list: '/vehicles',
    create: '/vehicles/add',
    edit: '/vehicles/edit/:id',
    show: '/vehicles/detail/:id',
    optionalId: true,
    extra: [{ path: '/vehicles/temp/:id', label: 'screens.temporaryVehicle', action: 'edit' }],
  },
  {
    // The vehicles waiting for approval (仮登録), in the menu beside the vehicles: the vehicles' list, filtered.
    identifier: 'temporary-vehicles',
    name: 'vehicle',
    area: 'vehicle',
    label: 'screens.temporaryVehicles',
    icon: <CarOutlined />,
    parent: 'masters',
    menu: true,
    list: '/vehicles/temp',
  },
  {
    identifier: 'users',
    name: 'user',
    area: 'user',
    label: 'menu.user',
    icon: <UserOutlined />,
    parent: 'masters',
    menu: true,
    list: '/users',
    create: '/users/add',
    edit: '/users/edit/:id',
    show: '/users/detail/:id',
    optionalId: true,
  },
  {
    identifier: 'drivers',
    name: 'driver',
    area: 'driver',
    label: 'menu.driver',
    icon: <IdcardOutlined />,
    parent: 'masters',
    menu: true,
    list: '/drivers',
    create: '/drivers/add',
    edit: '/drivers/edit/:id',
    show: '/drivers/detail/:id',
    optionalId: true,
  },
  {
    identifier: 'delivery-destinations',
    name: 'delivery_destination',
    area: 'delivery_destination',
    label: 'menu.deliveryDestination',
    icon: <EnvironmentOutlined />,
    parent: 'masters',
    menu: true,
    list: '/delivery-destination',
    create: '/delivery-destination/add',
    edit: '/delivery-destination/edit/:id',
    show: '/delivery-destination/detail/:id',
    extra: [{ path: '/delivery-destination/temp/:id', label: 'screens.temporaryDestination', action: 'edit' }],
  },
  {
    identifier: 'districts',
    name: 'district',
    area: 'district',
    label: 'menu.district',
    icon: <CompassOutlined />,
    parent: 'masters',
    menu: true,
    list: '/district-master',
    create: '/district-master/add',
    edit: '/district-master/edit/:id',
    show: '/district-master/detail/:id',
  },
  {
    identifier: 'directions',
    name: 'direction',
    area: 'direction',
    label: 'menu.direction',
    icon: <NodeIndexOutlined />,
    parent: 'masters',
    menu: true,
    list: '/direction-master',
    create: '/direction-master/add',
    edit: '/direction-master/edit/:id',
    show: '/direction-master/detail/:id',
    extra: [{ path: '/direction-master/temp/:id', label: 'screens.temporaryDirection', action: 'edit' }],
  },
  {
    identifier: 'direction-bases',
    name: 'direction_base',
    area: 'direction_base',
    label: 'menu.directionBase',
    icon: <NodeIndexOutlined />,
    parent: 'masters',
    menu: true,
    list: '/direction-base',
    create: '/direction-base/add',
    edit: '/direction-base/edit/:id',
    show: '/direction-base/detail/:id',
  },
  {
    identifier: 'operation-times',
    name: 'operation_time',
    area: 'operation_time',
    label: 'menu.operationTime',
    icon: <ClockCircleOutlined />,
    parent: 'masters',
    menu: true,
    list: '/operation-time',
    edit: '/operation-time/edit/:id',
    show: '/operation-time/detail/:id',
  },
  {
    identifier: 'customers',
    name: 'customer',
    area: 'customer',
    label: 'menu.customer',
    icon: <TeamOutlined />,
    parent: 'masters',
    menu: true,
    list: '/customers',
  },
  {
    // Shown on 初期単価設定 (/download/set-init-price): the specification gives unit prices no route of their own.
    identifier: 'unit-prices',
    name: 'unit_price',
    area: 'unit_price',
    label: 'menu.unitPrice',
    icon: <FileTextOutlined />,
  },
  // Every report has an entry, in sections: the specification's three first (運行, 勤怠), then the
  // summaries and the money reports.
  report('delivery-operation', 'menu.deliveryOperation', 'operations'),
  report('vehicle-chart', 'menu.vehicleChart', 'operations'),
  report('dalivery-daily-report-all', 'menu.dailyReportAll', 'operations'),
  report('working-time-record', 'menu.workingTimeRecord', 'workTime'),
  report('attendance-record', 'screens.attendanceRecord', 'workTime'),
  report('payroll-accounting', 'screens.payrollAccounting', 'workTime'),
  report('daily-summary', 'screens.dailySummary', 'summaries'),
  report('weekly-summary', 'screens.weeklySummary', 'summaries'),
  report('monthly-summary', 'screens.monthlySummary', 'summaries'),
  report('daily-expense', 'screens.dailyExpense', 'money'),
  report('daily-sales-report', 'screens.dailySalesReport', 'money'),
  report('invoice-store-directly', 'screens.invoiceStoreDirectly', 'money'),
  report('invoice-between-center', 'screens.invoiceBetweenCenter', 'money'),
  report('waiting-loading-record', 'records.screens.waitingLoading', 'records'),
  report('load-efficiency', 'records.screens.loadEfficiency', 'records'),
  report('co2-emissions', 'records.screens.co2', 'records'),
  // Unit prices are a master: planners look for 初期単価設定 under マスタ管理, not among the reports.
  { ...report('set-init-price', 'screens.setInitPrice', undefined, 'unit_price'), parent: 'masters' },
  { identifier: 'auth', name: 'auth', label: 'screens.auth', list: '/auth' },
  { identifier: 'test', name: 'test', label: 'screens.test', list: '/test' },
  { identifier: 'debug', name: 'system/status', area: 'system', label: 'screens.debug', list: '/debug' },
  { identifier: 'audit-log', name: 'audit_log', area: 'system', label: 'screens.auditLog', list: '/audit-log' },
];

export type PageAction = 'list' | 'create' | 'edit' | 'show';

/** One route of a resource: a CRUD page (also its id-less form) or an extra screen. */
export interface ResourceRoute {
  path: string;
  action: Action;
  label: MessageKey;
  /** The CRUD page it shows; absent for extra screens. */
  page?: PageAction;
  /** edit/show reached without an id. */
  withoutId?: boolean;
}

export function routesOf(resource: AppResource): ResourceRoute[] {
  const routes: ResourceRoute[] = [];
  for (const page of ['list', 'create', 'edit', 'show'] as const) {
    const path = resource[page];
    if (!path) continue;
    routes.push({ path, action: page, label: resource.label, page });
    if (resource.optionalId && path.endsWith('/:id')) {
      routes.push({ path: path.slice(0, -'/:id'.length), action: page, label: resource.label, page, withoutId: true });
    }
  }
  for (const extra of resource.extra ?? []) routes.push({ ...extra });
  return routes;
}

/** By identifier, and by API name for the first resource of that name (`vehicle`: the vehicles, not the temporary ones). */
const BY_KEY = new Map<string, AppResource>();
for (const resource of APP_RESOURCES) {
  BY_KEY.set(resource.identifier, resource);
  if (!BY_KEY.has(resource.name)) BY_KEY.set(resource.name, resource);
}

/** By Refine identifier or API name. */
export function findResource(key: string | undefined): AppResource | undefined {
  return key === undefined ? undefined : BY_KEY.get(key);
}

/**
 * Refine names a resource in its toasts by the key `<identifier>.<identifier>` ("…を更新できませんでした");
 * a resource without that key in the catalogue is named by its label key.
 */
export function resourceNameKey(key: string): string | undefined {
  const [first, second, ...rest] = key.split('.');
  if (rest.length > 0 || first !== second) return undefined;
  return findResource(first)?.label;
}

/** What `<Refine resources>` expects; `meta.area` is what the access-control provider reads. */
export function toRefineResources(resources: AppResource[] = APP_RESOURCES): ResourceProps[] {
  const groups: ResourceProps[] = Object.entries(MENU_GROUPS).map(([name, group]) => ({
    name,
    meta: { label: group.label, icon: group.icon },
  }));
  return [
    ...groups,
    ...resources.map((resource) => ({
      name: resource.name,
      identifier: resource.identifier,
      list: resource.list,
      create: resource.create,
      edit: resource.edit,
      show: resource.show,
      meta: {
        label: resource.label,
        icon: resource.icon,
        parent: resource.parent,
        area: resource.area,
        hide: !resource.menu,
        canDelete: Boolean(resource.edit),
      },
    })),
  ];
}
