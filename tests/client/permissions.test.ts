/**
 * The permission table (common/permissions.ts) against the specification, section 6, and
 * DOMAIN.md: every area, every action, every user type at every level.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS, AREAS, assignableUserTypes, belongsToOne, can, canEnter, isCarrier, needsBaseCenter, type Action, type Area } from '../../common/permissions.js';

const ALL = [1, 2, 3, 4, 5];
const DEPARTMENTS = [1, 2, 3, 4];
const ALLOCATION = [3, 4];

/**
 * Who may open each area (levels), how type 3 (allocation staff) is treated there, and the levels that
 * may only read it (readLevels).
 */
const EXPECTED: Record<Area, { levels: number[]; allocationStaff: 'full' | 'read' | 'none'; readLevels?: number[] }> = {
  delivery: { levels: ALL, allocationStaff: 'full' },
  destination_share: { levels: ALL, allocationStaff: 'full' },
  report: { levels: ALL, allocationStaff: 'full' },
  sales_report: { levels: DEPARTMENTS, allocationStaff: 'full' },
  system: { levels: [], allocationStaff: 'full' },
  driver_time: { levels: ALL, allocationStaff: 'full' },
  notification: { levels: ALL, allocationStaff: 'full' },
  vehicle_allocation: { levels: ALLOCATION, allocationStaff: 'full' },
  trip: { levels: ALLOCATION, allocationStaff: 'full', readLevels: [5] },
  department: { levels: DEPARTMENTS, allocationStaff: 'read' },
  delivery_company: { levels: DEPARTMENTS, allocationStaff: 'read' },
  vehicle_type: { levels: DEPARTMENTS, allocationStaff: 'read', readLevels: [5] },
  delivery_destination: { levels: DEPARTMENTS, allocationStaff: 'read' },
  district: { levels: DEPARTMENTS, allocationStaff: 'read' },
  direction: { levels: DEPARTMENTS, allocationStaff: 'read' },
  direction_base: { levels: DEPARTMENTS, allocationStaff: 'read' },
  operation_time: { levels: DEPARTMENTS, allocationStaff: 'read' },
  customer: { levels: DEPARTMENTS, allocationStaff: 'read' },
  unit_price: { levels: DEPARTMENTS, allocationStaff: 'read' },
  vehicle: { levels: ALL, allocationStaff: 'read' },
  driver: { levels: ALL, allocationStaff: 'read' },
  user: { levels: ALL, allocationStaff: 'none' },
};

const AREA_NAMES = Object.keys(EXPECTED) as Area[];
const READ: Action[] = ['list', 'show'];

describe('permission table', () => {
  it('has exactly the areas this test knows about', () => {
    expect(Object.keys(AREAS).sort()).toEqual([...AREA_NAMES].sort());
  });

  describe.each(AREA_NAMES)('%s', (area) => {
    const { levels, allocationStaff, readLevels = [] } = EXPECTED[area];

    it.each(ALL)('super admin (type 1) at level %i may do everything', (level) => {
      const actor = { type: 1, level };
      expect(canEnter(actor, area)).toBe(true);
      for (const action of ACTIONS) expect(can(actor, area, action)).toBe(true);
    });

    it.each(ALL)('admin manage (type 2) at level %i: every action inside its levels, reads at its read levels', (level) => {
      const actor = { type: 2, level };
      const inside = levels.includes(level);
      const reader = readLevels.includes(level);
      expect(canEnter(actor, area)).toBe(inside || reader);
      for (const action of ACTIONS) expect(can(actor, area, action), action).toBe(inside || (reader && READ.includes(action)));
    });

    it.each(ALL)('allocation staff (type 3) at level %i', (level) => {
      const actor = { type: 3, level };
      const enters = (levels.includes(level) || readLevels.includes(level)) && allocationStaff !== 'none';
      const full = levels.includes(level) && allocationStaff === 'full';
      expect(canEnter(actor, area)).toBe(enters);
      for (const action of ACTIONS) {
        const allowed = enters && (full || READ.includes(action));
        expect(can(actor, area, action), action).toBe(allowed);
      }
    });
  });

  it('lets only a super admin create super admins; allocation staff create no users', () => {
    expect(assignableUserTypes({ type: 1, level: 1 })).toEqual([1, 2, 3]);
    expect(assignableUserTypes({ type: 2, level: 1 })).toEqual([2, 3]);
    expect(assignableUserTypes({ type: 2, level: 5 })).toEqual([2, 3]);
    expect(assignableUserTypes({ type: 3, level: 3 })).toEqual([]);
  });

  it('knows carriers, and asks only department users for a base center', () => {
    expect(isCarrier({ type: 2, level: 5 })).toBe(true);
    expect(isCarrier({ type: 1, level: 5 })).toBe(false);
    expect(isCarrier({ type: 2, level: 4 })).toBe(false);
    expect(needsBaseCenter({ type: 2, level: 4 })).toBe(true);
    expect(needsBaseCenter({ type: 3, level: 3 })).toBe(true);
    expect(needsBaseCenter({ type: 2, level: 5 })).toBe(false);
    expect(needsBaseCenter({ type: 1, level: 1 })).toBe(false);
  });

  it('puts an admin user in a department or a delivery company, exactly one', () => {
    expect(belongsToOne(3, null)).toBe(true);
    expect(belongsToOne(null, 7)).toBe(true);
    expect(belongsToOne(3, 7)).toBe(false);
    expect(belongsToOne(null, undefined)).toBe(false);
    expect(belongsToOne('', 7)).toBe(true);
  });
});
