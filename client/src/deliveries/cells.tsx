/** How a delivery's values read on the list and the detail page: tags, quantities with their unit, numbers. */
import { Tag, Tooltip } from 'antd';
import { DELIVERY_STATUS, unitListFor } from '../../../common/deliveries.js';
import { departureState } from '../../../common/driver-time.js';
import { formatDateTime } from '../../../common/time.js';
import { delayText } from '../driver-time/parts.js';
import { keyIn, type Translate, useT } from '../providers/translate.js';

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
 * How long a 配車済 delivery's trip is past its 出発予定 without leaving, beyond the grace the 出発状況
 * screen allows (common/driver-time.ts `departureState`); null when it is not. Its stored 到着予定 and
 * 定刻 are the plan's until the driver leaves, so the list says the trip has not.
 */
export function departureOverdueMinutes(row: { status: number; planned_departure: string | null }, now: Date): number | null {
  if (row.status !== DELIVERY_STATUS.allocated || !row.planned_departure) return null;
  const { state, delay_minutes } = departureState(new Date(row.planned_departure), null, now);
  return state === 'overdue' ? delay_minutes : null;
}

/**
 * 未配車 (grey), 配車済 (blue), 配送中 (cyan), 配達完了 (green); 未出発 (volcano, as on 出発状況) in place of
 * 配車済 when the trip should have left, with the plan and the delay on hover. Given `plannedDeparture`
 * (the trip's 出発予定), a 配車済 row is checked against the clock.
 */
export function DeliveryStatusTag({ value, plannedDeparture = null }: { value: unknown; plannedDeparture?: string | null }) {
  const { t } = useT();
  if (value === null || value === undefined) return null;
  const key = String(value);
  const overdue = departureOverdueMinutes({ status: Number(value), planned_departure: plannedDeparture }, new Date());
  if (overdue !== null) {
    return (
      <Tooltip title={t('deliveryScreens.departureOverdueHint', { planned: formatDateTime(plannedDeparture), delay: delayText(t, overdue) })}>
        <Tag color="volcano" data-testid="status-tag" data-value={key} data-overdue={overdue}>
          {t('deliveryScreens.departureOverdue')}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tag color={STATUS_COLOURS[key]} data-testid="status-tag" data-value={key}>
      {t(keyIn('deliveryScreens.status', key))}
    </Tag>
  );
}
