/** How a delivery's values read on the list and the detail page: tags, quantities with their unit, numbers. */
import { Tag } from 'antd';
import { DELIVERY_STATUS, unitListFor } from '../../../../common/deliveries.js';
import { useNow } from '../hooks/use-now.js';
import { keyIn, type Translate, useT } from '../../app/providers/translate.js';
import { NotLeftTag, overdueMinutes } from '../trips/status-tag.js';

const NUMBER = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 3 });

export function numberText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  return Number.isFinite(number) ? NUMBER.format(number) : String(value);
}

/** The load unit as it reads after this quantity: `パレット` / `pallet` for 1, `pallets` otherwise. */
export function unitText(quantity: unknown, loadUnit: unknown, t: Translate): string {
  return t(keyIn(`deliveryScreens.${unitListFor(quantity)}`, String(loadUnit ?? 0)));
}

/** `12 パレット` / `12 pallets`. */
export function quantityText(quantity: unknown, loadUnit: unknown, t: Translate): string {
  if (quantity === null || quantity === undefined) return '';
  return t('deliveryScreens.totals.quantity', { count: numberText(quantity) as never, unit: unitText(quantity, loadUnit, t) });
}

const DELAY_COLOURS: Record<string, string> = { '0': 'green', '1': 'red', '2': 'orange' };
const STATUS_COLOURS: Record<string, string> = { '0': 'default', '1': 'blue', '2': 'cyan', '3': 'green' };

/** 定刻 (green), 遅延 (red), 遅延見込 (orange). */
export function DelayTag({ value }: { value: unknown }) {
  const { t } = useT();
  if (value === null || value === undefined) return null;
  const key = String(value);
  return (
    <Tag color={DELAY_COLOURS[key]} data-testid="delay-tag" data-value={key}>
      {t(keyIn('deliveryScreens.delay', key))}
    </Tag>
  );
}

/**
 * How long a 配車済 delivery's trip is past its 出発予定 without leaving (shared/trips/status-tag.tsx
 * `overdueMinutes`); null when it is not. Its stored 到着予定 and 定刻 are the plan's until the driver
 * leaves, so the list says the trip has not.
 */
export const departureOverdueMinutes = (row: { status: number; planned_departure: string | null }, now: Date) =>
  row.status === DELIVERY_STATUS.allocated ? overdueMinutes(row.planned_departure, now) : null;

/**
 * 未配車 (grey), 配車済 (blue), 配送中 (cyan), 配達完了 (green); 未出発 in place of 配車済 when the trip should
 * have left. Given `plannedDeparture` (the trip's 出発予定), a 配車済 row is checked against the clock, on an
 * open page too.
 */
export function DeliveryStatusTag({ value, plannedDeparture = null }: { value: unknown; plannedDeparture?: string | null }) {
  const { t } = useT();
  const now = useNow();
  if (value === null || value === undefined) return null;
  const key = String(value);
  const label = t(keyIn('deliveryScreens.status', key));
  const overdue = departureOverdueMinutes({ status: Number(value), planned_departure: plannedDeparture }, now);
  if (overdue !== null) {
    return <NotLeftTag label={t('tripScreens.notLeft')} status={label} plannedDeparture={plannedDeparture!} minutes={overdue} testId="status-tag" value={Number(value)} />;
  }
  return (
    <Tag color={STATUS_COLOURS[key]} data-testid="status-tag" data-value={key}>
      {label}
    </Tag>
  );
}
