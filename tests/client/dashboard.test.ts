/** The home page's rules: the charts' data, the per cents as shown, a target met or not. */
import { describe, expect, it } from 'vitest';
import { deliveryBars, meetsTarget, percentText, tripCount, tripSlices, type DashboardFigures } from '../../client/src/features/dashboard/dashboard-logic.js';

const figures = {
  trips: { planned: 4, loading: 1, in_transit: 2, completed: 3 },
  deliveries: { total: 42, delivered: 30, late: 2, to_come: 12 },
} as DashboardFigures;

describe('the dashboard', () => {
  it('slices the day’s trips by status in the order a day runs them, and counts them', () => {
    expect(tripSlices(figures, (status) => status.toUpperCase())).toEqual([
      { status: 'PLANNED', trips: 4 },
      { status: 'LOADING', trips: 1 },
      { status: 'IN_TRANSIT', trips: 2 },
      { status: 'COMPLETED', trips: 3 },
    ]);
    expect(tripCount(figures)).toBe(10);
  });

  it('bars the deliveries: delivered, late, to come', () => {
    expect(deliveryBars(figures, (part) => part)).toEqual([
      { part: 'delivered', count: 30 },
      { part: 'late', count: 2 },
      { part: 'toCome', count: 12 },
    ]);
  });

  it('shows a per cent with one decimal, a placeholder without data, and a target met at or above it', () => {
    expect(percentText(44, '—')).toBe('44.0%');
    expect(percentText(null, '—')).toBe('—');
    expect(meetsTarget(44, 44)).toBe(true);
    expect(meetsTarget(43.9, 44)).toBe(false);
    expect(meetsTarget(null, 44)).toBe(null);
  });
});
