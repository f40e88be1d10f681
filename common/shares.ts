/**
 * Address sharing (配送先情報共有, DOMAIN.md section 6): the enums, limits and the rules both the
 * server and the screens apply, so that the screen refuses in the same order before it calls.
 */
import type { MessageKey } from './locales/index.js';
import { ADDRESS_MAX, LATITUDE_RANGE, LONGITUDE_RANGE } from './validation.js';

export const SHARE_CATEGORIES = ['parking', 'entrance', 'hours', 'other'] as const;
export type ShareCategory = (typeof SHARE_CATEGORIES)[number];

export const SHARE_STATUSES = ['open', 'applied', 'closed'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** Statuses a share may be set to by an edit; `applied` is reached only by applying the correction. */
export const EDITABLE_STATUSES = ['open', 'closed'] as const satisfies readonly ShareStatus[];

export const SHARE_LIMITS = {
  title: 100,
  body: 4000,
  comment: 4000,
  /** the destination master's customer_address takes at most this (the correction is written there) */
  corrected_address: ADDRESS_MAX,
  q: 100,
  author: 100,
} as const;

/** The `author` filter's value for "written by me" (the caller, user or driver). */
export const AUTHOR_MINE = 'mine';

/** The list's sorts. */
export const SHARE_SORTS = ['id', 'created_at', 'updated_at', 'status', 'category', 'title', 'store_name'] as const;
export type ShareSort = (typeof SHARE_SORTS)[number];

/**
 * The specification's four refusals when applying a corrected address to the destination master,
 * in the order they are checked (section 5): no row selected, address empty, the geocoder does not
 * know the address, coordinates not yet fetched.
 */
export type CorrectionProblem = 'selectRow' | 'addressEmpty' | 'addressNotFound' | 'getLatLngFirst';

export const CORRECTION_MESSAGES = {
  selectRow: 'errors.selectRow',
  addressEmpty: 'errors.addressEmpty',
  addressNotFound: 'errors.addressNotFound',
  getLatLngFirst: 'errors.getLatLngFirst',
} as const satisfies Record<CorrectionProblem, MessageKey>;

/** The field each refusal belongs to (a form marks it). */
export const CORRECTION_FIELDS: Record<CorrectionProblem, string> = {
  selectRow: 'id',
  addressEmpty: 'corrected_address',
  addressNotFound: 'corrected_address',
  getLatLngFirst: 'latitude',
};

export interface CorrectionInput {
  /** a share (row) is chosen */
  selected: boolean;
  address: string | null | undefined;
  /** what the geocoder said about this address: true found, false unknown, undefined not asked yet */
  addressFound?: boolean;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
}

const inRange = (value: number | null | undefined, range: { min: number; max: number }) =>
  typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max;

/** The checks before the geocoder is asked (a row, an address): the first two of the four. */
export function addressProblem(input: Pick<CorrectionInput, 'selected' | 'address'>): 'selectRow' | 'addressEmpty' | null {
  if (!input.selected) return 'selectRow';
  if (!input.address?.trim()) return 'addressEmpty';
  return null;
}

/** The first problem of a correction, in the specification's order, or null when it may be applied. */
export function correctionProblem(input: CorrectionInput): CorrectionProblem | null {
  const first = addressProblem(input);
  if (first) return first;
  if (input.addressFound === false) return 'addressNotFound';
  if (!inRange(input.latitude, LATITUDE_RANGE) || !inRange(input.longitude, LONGITUDE_RANGE)) return 'getLatLngFirst';
  return null;
}

/** A location comes as a pair: both coordinates or neither. */
export function halfLocation(latitude: number | null | undefined, longitude: number | null | undefined): boolean {
  return (latitude === null || latitude === undefined) !== (longitude === null || longitude === undefined);
}
