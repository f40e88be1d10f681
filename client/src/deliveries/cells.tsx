/** How a delivery's values read on the list and the detail page: tags, quantities with their unit, numbers. */
import { Tag } from 'antd';
import { unitListFor } from '../../../common/deliveries.js';
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

/** 未配車 (grey), 配車済 (blue), 配送中 (cyan), 配達完了 (green). */
export function DeliveryStatusTag({ value }: { value: unknown }) {
  const { t } = useT();
  if (value === null || value === undefined) return null;
  const key = String(value);
  return (
    <Tag color={STATUS_COLOURS[key]} data-testid="status-tag" data-value={key}>
      {t(keyIn('deliveryScreens.status', key))}
    </Tag>
  );
}
