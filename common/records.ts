/**
 * The figures the rules ask for, pure: 荷待ち・荷役 a run against the 2-hour target, the load rate,
 * 実車率 and 積載効率 (物流効率化法), and CO2 by 改良トンキロ法 and 燃費法 (the 荷主 and carriers' joint
 * guideline of 経済産業省・国土交通省). The reports of 帳票出力 and the home page compute them here only.
 */
import { capacityRatio } from './allocation.js';
import { LOAD_UNIT } from './enums.js';

/** A wait of this many minutes or more is recorded (貨物自動車運送事業輸送安全規則, since 2025-04). */
export const RECORDED_WAIT_MINUTES = 30;
/** The national target: 荷待ち + 荷役 at most this many minutes a run… */
export const HANDLING_TARGET_MINUTES = 120;
/** …in at least this share of all runs (per cent). */
export const HANDLING_TARGET_SHARE = 50;
/** The national target for 積載効率 (per cent, 2028). */
export const LOAD_EFFICIENCY_TARGET = 44;

const MINUTE = 60_000;

/** Whole minutes from one instant to another; null when either is unknown or the end is before the start. */
export function minutesBetween(start: Date | string | null, end: Date | string | null): number | null {
  if (start === null || end === null) return null;
  const minutes = Math.round((new Date(end).getTime() - new Date(start).getTime()) / MINUTE);
  return minutes >= 0 ? minutes : null;
}

/** What a stop reports of its 荷待ち and 荷役. */
export interface StopHandling {
  wait_minutes: number | null;
  work_started_at: Date | string | null;
  work_ended_at: Date | string | null;
}

/** A stop's 荷待ち + 荷役 in minutes: its wait and its work (end − start); a part not reported counts 0. */
export const stopHandlingMinutes = (stop: StopHandling) => (stop.wait_minutes ?? 0) + (minutesBetween(stop.work_started_at, stop.work_ended_at) ?? 0);

/** A run's 荷待ち + 荷役: its stops' added up. */
export const runHandlingMinutes = (stops: readonly StopHandling[]) => stops.reduce((sum, stop) => sum + stopHandlingMinutes(stop), 0);

/** Per cent with one decimal of a part in a whole; null for an empty whole. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** The share (per cent) of runs whose 荷待ち + 荷役 was at most 2 hours; null without runs. */
export function withinTargetShare(runMinutes: readonly number[]): number | null {
  return percent(runMinutes.filter((minutes) => minutes <= HANDLING_TARGET_MINUTES).length, runMinutes.length);
}

export type LoadMeasure = 'pallets' | 'cage_carts' | 'weight' | 'volume';

export interface TripLoad {
  load_unit: number;
  /** pallets or cage carts, by load_unit */
  quantity: number;
  /** kg */
  weight: number;
  /** m³ */
  volume: number;
}

export interface VehicleCapacity {
  pallet_capacity: number | null;
  cage_cart_capacity: number | null;
  /** kg: the vehicle's own, else its type's */
  max_loading_capacity: number | null;
  /** m³: the vehicle's */
  volume_capacity: number | null;
}

/**
 * A trip's load rate (0..1, may pass 1): the highest of its measures against the vehicle's capacity in
 * that measure (its pallets or cage carts by its load unit, kg, m³), a measure without a capacity left
 * out; null when none has one. With the measure that gave it.
 */
export function loadRate(load: TripLoad, capacity: VehicleCapacity): { rate: number | null; measure: LoadMeasure | null } {
  const quantityMeasure: LoadMeasure = load.load_unit === LOAD_UNIT.cageCart ? 'cage_carts' : 'pallets';
  const entries: [LoadMeasure, number | null][] = [
    [quantityMeasure, capacityRatio(load.quantity, quantityMeasure === 'pallets' ? capacity.pallet_capacity : capacity.cage_cart_capacity)],
    ['weight', capacityRatio(load.weight, capacity.max_loading_capacity)],
    ['volume', capacityRatio(load.volume, capacity.volume_capacity)],
  ];
  let best: { rate: number | null; measure: LoadMeasure | null } = { rate: null, measure: null };
  for (const [measure, rate] of entries) if (rate !== null && (best.rate === null || rate > best.rate)) best = { rate, measure };
  return best;
}

/** 実車率: the share of the km driven with the load aboard (0..1); null without km. */
export function loadedShare(loadedKm: number | null, totalKm: number | null): number | null {
  if (loadedKm === null || totalKm === null || totalKm <= 0) return null;
  return Math.min(1, loadedKm / totalKm);
}

/** What 積載効率 needs of a trip: its load rate and its km. */
export interface EfficiencyTrip {
  rate: number | null;
  loadedKm: number | null;
  totalKm: number | null;
}

/**
 * Load rate, 実車率 and 積載効率 (= load rate × 実車率) of one trip or of many: over many, each trip's load
 * rate weighs by its loaded km and 実車率 is loaded km over total km, so that the product is the
 * ton-km carried over the ton-km the vehicles could have carried (the guideline's 積載効率). Trips
 * without a load rate or km are left out. Fractions (0..1).
 */
export function loadEfficiency(trips: readonly EfficiencyTrip[]): { rate: number | null; loadedShare: number | null; efficiency: number | null } {
  const known = trips.filter((trip) => trip.rate !== null && trip.loadedKm !== null && trip.totalKm !== null && trip.totalKm > 0);
  const loaded = known.reduce((sum, trip) => sum + trip.loadedKm!, 0);
  const total = known.reduce((sum, trip) => sum + trip.totalKm!, 0);
  if (known.length === 0 || total <= 0) return { rate: null, loadedShare: null, efficiency: null };
  const carried = known.reduce((sum, trip) => sum + trip.rate! * trip.loadedKm!, 0);
  const rate = loaded > 0 ? carried / loaded : known.reduce((sum, trip) => sum + trip.rate!, 0) / known.length;
  const share = loaded / total;
  return { rate, loadedShare: share, efficiency: rate * share };
}

/** A fraction as per cent with one decimal; null stays null. */
export const asPercent = (fraction: number | null) => (fraction === null ? null : Math.round(fraction * 1000) / 10);

/** CO2 of a litre of 軽油 (kg): 単位発熱量 37.7 MJ/L × 排出係数 0.0187 kg-C/MJ × 44/12 (算定・報告・公表制度). */
export const DIESEL_CO2_KG_PER_LITRE = 2.58;
/** 改良トンキロ法 (軽油): ln y = a − b·ln(x/100) − c·ln z, y L/t·km, x load rate %, z maximum payload kg. */
export const IMPROVED_TON_KM_DIESEL = { a: 2.67, b: 0.927, c: 0.648 } as const;
/** Below this load rate (per cent) the formula is read at this rate (the guideline's lowest column). */
export const IMPROVED_TON_KM_MIN_RATE = 10;

/** 燃料使用原単位 y (L/t·km) of 改良トンキロ法 for a load rate by weight (per cent) and a maximum payload (kg). */
export function fuelPerTonKm(loadRatePercent: number, maxPayloadKg: number): number {
  const x = Math.min(100, Math.max(IMPROVED_TON_KM_MIN_RATE, loadRatePercent));
  const { a, b, c } = IMPROVED_TON_KM_DIESEL;
  return Math.exp(a - b * Math.log(x / 100) - c * Math.log(maxPayloadKg));
}

export interface TonKmEmission {
  tonKm: number;
  /** L/t·km */
  fuelPerTonKm: number;
  litres: number;
  co2Kg: number;
}

/**
 * 改良トンキロ法: t·km = payload (t) × the km driven loaded; fuel = t·km × y at the trip's load rate by
 * weight; CO2 = fuel × 2.58 kg/L. Null without payload, maximum payload or km.
 */
export function improvedTonKm(payloadKg: number, maxPayloadKg: number | null, loadedKm: number | null): TonKmEmission | null {
  if (payloadKg <= 0 || maxPayloadKg === null || maxPayloadKg <= 0 || loadedKm === null) return null;
  const tonKm = (payloadKg / 1000) * loadedKm;
  const y = fuelPerTonKm((payloadKg / maxPayloadKg) * 100, maxPayloadKg);
  const litres = tonKm * y;
  return { tonKm, fuelPerTonKm: y, litres, co2Kg: litres * DIESEL_CO2_KG_PER_LITRE };
}

/** 燃費法: fuel = km ÷ fuel economy (km/L); CO2 = fuel × 2.58 kg/L. Null without km or economy. */
export function fuelEconomyEmission(km: number | null, kmPerLitre: number | null): { litres: number; co2Kg: number } | null {
  if (km === null || kmPerLitre === null || kmPerLitre <= 0) return null;
  const litres = km / kmPerLitre;
  return { litres, co2Kg: litres * DIESEL_CO2_KG_PER_LITRE };
}
