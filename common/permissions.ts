/**
 * The one permission table. The server checks every route against it and the
 * client's access-control provider reads the same table to enable the menu.
 */
import { LEVEL, USER_TYPE, type Level } from './enums.js';

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'import';
export const ACTIONS: readonly Action[] = ['list', 'show', 'create', 'edit', 'delete', 'import'];
const READ_ACTIONS: readonly Action[] = ['list', 'show'];

/**
 * master: edited by admin-manage users (type 2), read-only for allocation staff (type 3).
 * account: admin users; type 3 has no access at all.
 * operation: day-to-day work every type may do within its levels.
 */
type Kind = 'master' | 'account' | 'operation';

const ALL_LEVELS: readonly Level[] = [1, 2, 3, 4, 5];
const DEPARTMENT_LEVELS: readonly Level[] = [1, 2, 3, 4];
/** Delivery companies' staff, who read some shared catalogues without editing them. */
const CARRIER_LEVELS: readonly Level[] = [5];

interface AreaRule {
  kind: Kind;
  /** levels that may enter the area and act there as their type allows */
  levels: readonly Level[];
  /** further levels that may only list and show (carriers pick a vehicle type for their vehicles) */
  readLevels?: readonly Level[];
}

export const AREAS = {
  department: { kind: 'master', levels: DEPARTMENT_LEVELS },
  delivery_company: { kind: 'master', levels: DEPARTMENT_LEVELS },
  vehicle_type: { kind: 'master', levels: DEPARTMENT_LEVELS, readLevels: CARRIER_LEVELS },
  vehicle: { kind: 'master', levels: ALL_LEVELS },
  user: { kind: 'account', levels: ALL_LEVELS },
  driver: { kind: 'master', levels: ALL_LEVELS },
  delivery_destination: { kind: 'master', levels: DEPARTMENT_LEVELS },
  district: { kind: 'master', levels: DEPARTMENT_LEVELS },
  direction: { kind: 'master', levels: DEPARTMENT_LEVELS },
  direction_base: { kind: 'master', levels: DEPARTMENT_LEVELS },
  operation_time: { kind: 'master', levels: DEPARTMENT_LEVELS },
  customer: { kind: 'master', levels: DEPARTMENT_LEVELS },
  unit_price: { kind: 'master', levels: DEPARTMENT_LEVELS },
  delivery: { kind: 'operation', levels: ALL_LEVELS },
  vehicle_allocation: { kind: 'operation', levels: [3, 4] },
  /** 配車一覧 and a trip's detail: the planners' (levels 3, 4), read by carriers for their own company's trips */
  trip: { kind: 'operation', levels: [3, 4], readLevels: CARRIER_LEVELS },
  driver_time: { kind: 'operation', levels: ALL_LEVELS },
  destination_share: { kind: 'operation', levels: ALL_LEVELS },
  report: { kind: 'operation', levels: ALL_LEVELS },
  /** 日次売上報告: the customers' shipping fees are the centers' business, not their carriers' */
  sales_report: { kind: 'operation', levels: DEPARTMENT_LEVELS },
  notification: { kind: 'operation', levels: ALL_LEVELS },
  /** システム情報 (/debug): no level enters it, super admins only */
  system: { kind: 'operation', levels: [] },
} as const satisfies Record<string, AreaRule>;

export type Area = keyof typeof AREAS;

export interface Actor {
  type: number;
  level: number;
}

export function isSuperAdmin(actor: Actor): boolean {
  return actor.type === USER_TYPE.superAdmin;
}

/** A delivery company's own staff (level 5): they work only with their own company's records. */
export function isCarrier(actor: Actor): boolean {
  return !isSuperAdmin(actor) && actor.level === LEVEL.deliveryCompany;
}

/**
 * Department users see vehicles and drivers by their base center, so theirs must have one, or the
 * record they just saved would vanish from their own lists. Super admins and carriers need none.
 */
export function needsBaseCenter(actor: Actor): boolean {
  return !isSuperAdmin(actor) && !isCarrier(actor);
}

/** An admin user belongs to a department or to a delivery company: exactly one of the two. */
export function belongsToOne(departmentId: unknown, deliveryCompanyId: unknown): boolean {
  const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';
  return isSet(departmentId) !== isSet(deliveryCompanyId);
}

/** May this user open the area at all (menu enabled)? */
export function canEnter(actor: Actor, area: Area): boolean {
  if (isSuperAdmin(actor)) return true;
  const rule: AreaRule = AREAS[area];
  const levels: readonly number[] = [...rule.levels, ...(rule.readLevels ?? [])];
  if (!levels.includes(actor.level)) return false;
  return !(rule.kind === 'account' && actor.type === USER_TYPE.adminVehicleAllocation);
}

/** Entered only to read: a level among the area's read levels, or allocation staff in a master. */
function readOnly(actor: Actor, rule: AreaRule): boolean {
  if (!(rule.levels as readonly number[]).includes(actor.level)) return true;
  return rule.kind === 'master' && actor.type === USER_TYPE.adminVehicleAllocation;
}

/** May this user perform the action in the area? Scope (which records) is checked separately. */
export function can(actor: Actor, area: Area, action: Action): boolean {
  if (!canEnter(actor, area)) return false;
  if (isSuperAdmin(actor)) return true;
  return !readOnly(actor, AREAS[area]) || READ_ACTIONS.includes(action);
}

/** Which user types may this user create or promote others to? Type 1 only by type 1. */
export function assignableUserTypes(actor: Actor): number[] {
  if (isSuperAdmin(actor)) return [1, 2, 3];
  return actor.type === USER_TYPE.adminManage ? [2, 3] : [];
}
