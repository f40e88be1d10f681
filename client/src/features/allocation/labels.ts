/** How the allocation screens write figures, vehicles and drivers, and which driver a vehicle's new trip starts with. */
import type { Translate } from '../../app/providers/translate.js';

/** A load or capacity figure: whole numbers as they are, others to one decimal, grouped by the locale. */
export const formatNumber = (n: number) => (Number.isInteger(n) ? n.toLocaleString() : n.toLocaleString(undefined, { maximumFractionDigits: 1 }));

/** A vehicle as the trip forms offer it: 車番, its type, and 「使用中」 when it is out on another trip that day. */
export function vehicleLabel(v: { vehicle_number: string; vehicle_type_name: string | null; busy: boolean }, t: Translate) {
  const text = `${v.vehicle_number} ${v.vehicle_type_name ?? ''}`;
  return v.busy ? t('app.withNote', { text, note: t('allocationScreens.board.busy') }) : text;
}

/** A driver as the new-trip form offers them: the name, and 「他便あり」 when on another trip that day. */
export function driverLabel(d: { name: string; busy: boolean }, t: Translate) {
  return d.busy ? t('app.withNote', { text: d.name, note: t('allocationScreens.board.driverBusy') }) : d.name;
}

/** The driver a new trip of this vehicle starts with: the one whose regular vehicle (担当車両) it is, when not on another trip that day. */
export function regularDriver<D extends { default_vehicle_id: number | null; busy: boolean }>(drivers: readonly D[], vehicleId: number): D | undefined {
  return drivers.find((d) => d.default_vehicle_id === vehicleId && !d.busy);
}
