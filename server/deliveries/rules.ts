import { dateRangeProblem, DELIVERY_RANGE_MAX_DAYS, dayNumber } from '../../common/deliveries.js';
import { AMOUNT_RANGE } from '../../common/validation.js';
import type { FieldErrors } from '../errors.js';
import type { Translate } from '../i18n.js';

const label = (t: Translate, field: string) => t(`deliveries.fields.${field}`);

/** A list's or export's date range: both real days, in order, at most 31 days; one message per field. */
export function rangeErrors(t: Translate, from: string, to: string): FieldErrors | undefined {
  switch (dateRangeProblem(from, to)) {
    case 'date_from':
      return { date_from: t('errors.invalidDate', { field: label(t, 'date_from') }) };
    case 'date_to':
      return { date_to: t('errors.invalidDate', { field: label(t, 'date_to') }) };
    case 'order':
      return { date_to: t('deliveries.errors.rangeOrder') };
    case 'tooLong':
      return { date_to: t('deliveries.errors.rangeTooLong', { max: DELIVERY_RANGE_MAX_DAYS }) };
    default:
      return undefined;
  }
}

/**
 * What ties a delivery to its trip, and what the trip's capacity check and totals counted: on a trip,
 * none of these may change until it is taken off (the trip would carry a load nobody checked).
 */
export interface Placement {
  date: string;
  department_id: number;
  delivery_destination_id: number;
  quantity: number;
  load_unit: number;
  weight: number | null;
  volume: number | null;
  vehicle_allocation_id: number | null;
}

const PLACEMENT_FIELDS = ['date', 'department_id', 'delivery_destination_id', 'quantity', 'load_unit', 'weight', 'volume'] as const;

export function movesOffItsTrip(existing: Placement, next: Partial<Placement>): boolean {
  if (existing.vehicle_allocation_id === null) return false;
  return PLACEMENT_FIELDS.some((field) => next[field] !== undefined && next[field] !== existing[field]);
}

/** Rows named in a message: the first few, then how many more. */
export function rowList(lines: number[], shown = 20): string {
  const head = lines.slice(0, shown).join(', ');
  return lines.length > shown ? `${head}, …(+${lines.length - shown})` : head;
}

/** A CSV cell of a whole number in 0..max ('' → undefined), or an error. */
export function readCount(text: string, max: number): number | undefined | 'bad' {
  const value = text.trim();
  if (value === '') return undefined;
  if (!/^\d{1,9}$/.test(value)) return 'bad';
  const number = Number(value);
  return number <= max ? number : 'bad';
}

/** A CSV cell of an amount (kg, m³): a decimal number in range ('' → null), or an error. */
export function readAmount(text: string): number | null | 'bad' {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d{1,10}(\.\d{1,6})?$/.test(value)) return 'bad';
  const number = Number(value);
  return number >= AMOUNT_RANGE.min && number <= AMOUNT_RANGE.max ? number : 'bad';
}

/** A load unit cell: 0/1 or its label in any language (パレット, カゴ車, pallet, cage cart); '' → pallet. */
export function readLoadUnit(text: string, labels: string[][]): number | 'bad' {
  const value = text.trim().toLowerCase();
  if (value === '') return 0;
  if (value === '0' || value === '1') return Number(value);
  for (const [unit, names] of labels.entries()) if (names.some((name) => name.toLowerCase() === value)) return unit;
  return 'bad';
}

/** A CSV date cell: YYYY-MM-DD or YYYY/MM/DD (a spreadsheet's way), normalised; undefined when not a day. */
export function readDay(text: string): string | undefined {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text.trim());
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return dayNumber(day) === null ? undefined : day;
}

/** The import's business key: one slip line per date. */
export const deliveryKey = (date: string, slip: string, itemCode: string | null) => `${date}\u0000${slip}\u0000${itemCode ?? ''}`;
