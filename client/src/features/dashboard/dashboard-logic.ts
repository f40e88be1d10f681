/**
 * The home page's rules, pure: the figures as the cards and charts show them, and the page each opens.
 */
import type { Area } from '../../../../common/permissions.js';
import type { DashboardType } from '../../../../server/dashboard/schemas.js';

export type DashboardFigures = DashboardType;

/** Each figure's card: its test id, the page it opens and the permission area that page needs. */
export const FIGURE_PAGES = {
  trips: { path: '/vehicle-allocation', area: 'vehicle_allocation' },
  deliveries: { path: '/delivery', area: 'delivery' },
  onTime: { path: '/download/daily-summary', area: 'report' },
  efficiency: { path: '/download/load-efficiency', area: 'report' },
  handling: { path: '/download/waiting-loading-record', area: 'report' },
  workRules: { path: '/download/working-time-record', area: 'report' },
  vehicles: { path: '/vehicles', area: 'vehicle' },
} as const satisfies Record<string, { path: string; area: Area }>;

export type Figure = keyof typeof FIGURE_PAGES;

/** The trips' statuses in the order a day runs them, with their counts (the chart's slices). */
export const TRIP_STATUSES = ['planned', 'loading', 'in_transit', 'completed'] as const;
export type TripStatusName = (typeof TRIP_STATUSES)[number];
/** Each status's name in TRIP_STATUS (common/allocation.ts), whose numbers name the statuses' labels. */
export const STATUS_KEYS = { planned: 'planned', loading: 'loading', in_transit: 'inTransit', completed: 'completed' } as const;

export function tripSlices(figures: DashboardFigures, label: (status: TripStatusName) => string) {
  return TRIP_STATUSES.map((status) => ({ status: label(status), trips: figures.trips[status] }));
}

export const tripCount = (figures: DashboardFigures) => TRIP_STATUSES.reduce((sum, status) => sum + figures.trips[status], 0);

/** The deliveries' bars: delivered (of which late), and to come. */
export function deliveryBars(figures: DashboardFigures, label: (part: 'delivered' | 'late' | 'toCome') => string) {
  return [
    { part: label('delivered'), count: figures.deliveries.delivered },
    { part: label('late'), count: figures.deliveries.late },
    { part: label('toCome'), count: figures.deliveries.to_come },
  ];
}

/** A per cent as shown (one decimal, `%`), or the placeholder without data. */
export const percentText = (value: number | null, none: string) => (value === null ? none : `${value.toFixed(1)}%`);

/** Whether a figure meets its target: at or above it; unknown without data. */
export const meetsTarget = (value: number | null, target: number) => (value === null ? null : value >= target);
