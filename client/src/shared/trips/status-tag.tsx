/**
 * A trip's status as a coloured tag: 計画 (grey), 積込中 (gold), 配送中 (blue), 完了 (green), 取消 (red), the
 * first two volcano once the trip should have left; and whether it is confirmed.
 */
import { Tag } from 'antd';
import { TRIP_STATUS } from '../../../../common/allocation.js';
import { departureState } from '../../../../common/driver-time.js';
import { HoverTooltip } from '../components/hover-tooltip.js';
import { useNow } from '../hooks/use-now.js';
import { formatDateTime } from '../../../../common/time.js';
import { delayText } from './delay-text.js';
import { keyIn, useT } from '../../app/providers/translate.js';

const STATUS_COLOURS: Record<string, string> = { '0': 'default', '1': 'gold', '2': 'blue', '3': 'green', '9': 'red' };

/**
 * How long a trip that has not left is past its 出発予定, beyond the grace the 出発状況 screen allows
 * (common/driver-time.ts `departureState`); null when it is not (or has no plan).
 */
export function overdueMinutes(plannedDeparture: string | null, now: Date): number | null {
  if (!plannedDeparture) return null;
  const { state, delay_minutes } = departureState(new Date(plannedDeparture), null, now);
  return state === 'overdue' ? delay_minutes : null;
}

/** A 計画 or 積込中 trip past its 出発予定: minutes overdue, else null. */
export const tripOverdueMinutes = (trip: { status: number; planned_departure: string | null }, now: Date) =>
  trip.status === TRIP_STATUS.planned || trip.status === TRIP_STATUS.loading ? overdueMinutes(trip.planned_departure, now) : null;

/**
 * A status that has not left, past its 出発予定: volcano (the colour of 出発状況's overdue), the status it
 * stands for, the plan and the delay on hover. `label` is what the tag says: the trip's own status
 * (計画, 積込中: what is happening still matters), or 未出発 for a delivery (配車済 says nothing of the trip).
 */
export function NotLeftTag(props: { label: string; status: string; plannedDeparture: string; minutes: number; testId: string; value: number }) {
  const { t } = useT();
  const { label, status, plannedDeparture, minutes, testId, value } = props;
  return (
    <HoverTooltip title={t('tripScreens.notLeftHint', { status, planned: formatDateTime(plannedDeparture), delay: delayText(t, minutes) })}>
      <Tag color="volcano" data-testid={testId} data-value={value} data-overdue={minutes}>
        {label}
      </Tag>
    </HoverTooltip>
  );
}

/** Given the trip's 出発予定, a 計画 or 積込中 trip is checked against the clock: volcano once it should have left, on an open page too. */
export function TripStatusTag({ status, plannedDeparture = null }: { status: number; plannedDeparture?: string | null }) {
  const { t } = useT();
  const label = t(keyIn('tripScreens.status', status));
  const overdue = tripOverdueMinutes({ status, planned_departure: plannedDeparture }, useNow());
  if (overdue !== null) return <NotLeftTag label={label} status={label} plannedDeparture={plannedDeparture!} minutes={overdue} testId="trip-status" value={status} />;
  return (
    <Tag color={STATUS_COLOURS[String(status)]} data-testid="trip-status" data-value={status}>
      {label}
    </Tag>
  );
}

/**
 * 確定 (published to the driver app; its time in the tooltip) or 未確定 (a draft), the same on the board,
 * the list and a trip's page. Green says confirmed; without an icon it stays as narrow as a status tag
 * (the trip list fits 1366 px in English).
 */
export function TripConfirmationTag({ confirmedAt }: { confirmedAt: string | null }) {
  const { t } = useT();
  if (!confirmedAt) return <Tag data-testid="trip-draft">{t('tripScreens.draft')}</Tag>;
  return (
    <HoverTooltip title={t('tripScreens.confirmedAt', { at: formatDateTime(confirmedAt) })}>
      <Tag color="green" data-testid="trip-confirmed">
        {t('allocationScreens.board.confirmed')}
      </Tag>
    </HoverTooltip>
  );
}

/** 「未出発 2」: how many of the trips should have left and have not, on an open page too; nothing when none. */
export function NotLeftCount({ trips, className }: { trips: { status: number; planned_departure: string | null }[]; className?: string }) {
  const { t } = useT();
  const now = useNow();
  const count = trips.filter((trip) => tripOverdueMinutes(trip, now) !== null).length;
  if (count === 0) return null;
  return (
    <span className={className} data-testid="trips-not-left" data-count={count}>
      <strong>{t('tripScreens.notLeft')}</strong> {count}
    </span>
  );
}
