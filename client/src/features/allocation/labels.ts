/** How the allocation screens write figures, vehicles and drivers, and which driver a vehicle's new trip starts with. */
import type { Translate } from '../../app/providers/translate.js';
import { timeOf } from '../../shared/times.js';

/** A load or capacity figure: whole numbers as they are, others to one decimal, grouped by the locale. */
export const formatNumber = (n: number) => (Number.isInteger(n) ? n.toLocaleString() : n.toLocaleString(undefined, { maximumFractionDigits: 1 }));

/** A vehicle's next round that day (2回転目), as the board offers it: its number, when it loads, and the driver of its rounds. */
export interface NextRound {
  round: number;
  planned_loading_start: string;
  planned_departure: string;
  driver_id: number | null;
}

/**
 * A vehicle as the trip forms offer it: 車番, its type, and 「使用中」 when it is out on another trip that
 * day, or, when it can run another round after it, that round and when it is free from (「2回転目 12:30〜」).
 */
export function vehicleLabel(v: { vehicle_number: string; vehicle_type_name: string | null; busy: boolean; next_round?: NextRound | null }, t: Translate) {
  const text = `${v.vehicle_number} ${v.vehicle_type_name ?? ''}`;
  if (!v.busy) return text;
  const note = v.next_round
    ? t('allocationScreens.board.nextRound', { round: v.next_round.round, time: timeOf(v.next_round.planned_loading_start) })
    : t('allocationScreens.board.busy');
  return t('app.withNote', { text, note });
}

/** A driver as the new-trip form offers them: the name, and 「他便あり」 when on another trip that day. */
export function driverLabel(d: { name: string; busy: boolean }, t: Translate) {
  return d.busy ? t('app.withNote', { text: d.name, note: t('allocationScreens.board.driverBusy') }) : d.name;
}

/** The driver a new trip of this vehicle starts with: the one whose regular vehicle (担当車両) it is, when not on another trip that day. */
export function regularDriver<D extends { default_vehicle_id: number | null; busy: boolean }>(drivers: readonly D[], vehicleId: number): D | undefined {
  return drivers.find((d) => d.default_vehicle_id === vehicleId && !d.busy);
}

/**
 * What 新規便 creates a trip of this vehicle with: the next round's times for a vehicle out that day
 * (from its return), else the center's (稼働時間), in the unit most of the day's deliveries come in.
 */
export function newTripStart(
  board: { new_trip: { planned_loading_start: string; planned_departure: string; load_unit: number }; vehicles: { id: number; next_round: NextRound | null }[] },
  vehicleId: number,
) {
  const round = board.vehicles.find((v) => v.id === vehicleId)?.next_round;
  const times = round ?? board.new_trip;
  return { planned_loading_start: times.planned_loading_start, planned_departure: times.planned_departure, load_unit: board.new_trip.load_unit };
}
