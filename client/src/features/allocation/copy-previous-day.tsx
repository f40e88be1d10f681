/**
 * 前日コピー: the previous day's trips of one kind as drafts on the shown day (POST /api/vehicle_allocation/copy);
 * its arrow offers the same day of last week, for plans that follow the weekday (曜日別の配送).
 */
import { CopyOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { addDays, copyRefusal } from '../../../../common/allocation.js';
import { tokyoToday } from '../../../../common/deliveries.js';
import { formatDate } from '../../../../common/time.js';
import { toast } from '../../app/providers/toast.js';
import { useT } from '../../app/providers/translate.js';
import { copyDay } from './api.js';
import type { TripKind } from '../../shared/trips/types.js';

export function CopyPreviousDayButton({
  centerId,
  date,
  kind,
  busy,
  run,
  testId,
  size = 'small',
}: {
  centerId: number | undefined;
  date: string;
  kind: TripKind;
  busy: boolean;
  /** The page's write path: its busy state, refusal toast and reload. */
  run: (write: () => Promise<unknown>) => unknown;
  testId: string;
  /** The size of the buttons beside it. */
  size?: 'small' | 'middle';
}) {
  const { t } = useT();
  const [previousDay, lastWeek] = [addDays(date, -1), addDays(date, -7)];
  // The same refusal for either source: only the day copied onto can be refused (a past day).
  const refused = copyRefusal(previousDay, date, tokyoToday());
  const disabled = busy || !centerId || refused !== null;
  const copyFrom = (from: string) =>
    void run(async () => {
      const report = await copyDay(centerId!, from, date, kind);
      const copied =
        from === previousDay
          ? t('allocationScreens.board.copiedPreviousDay', { count: report.created })
          : t('allocationScreens.board.copiedFromDay', { date: formatDate(from), count: report.created });
      const message = [
        copied,
        report.skipped ? t('allocationScreens.board.copySkipped', { count: report.skipped }) : '',
        report.without_vehicle_or_driver ? t('allocationScreens.board.copiedWithout', { count: report.without_vehicle_or_driver }) : '',
      ].join('');
      // Trips left without their vehicle or driver need the planner's eye: amber, not green.
      (report.without_vehicle_or_driver ? toast.warning : toast.success)(message, 'allocation-copied');
    });
  return (
    <Space.Compact size={size}>
      <Tooltip title={refused ? t(refused) : t('allocationScreens.board.copyPreviousDayHint')}>
        <Button icon={<CopyOutlined />} disabled={disabled} onClick={() => copyFrom(previousDay)} data-testid={testId}>
          {t('allocationScreens.board.copyPreviousDay')}
        </Button>
      </Tooltip>
      <Dropdown
        trigger={['click']}
        disabled={disabled}
        menu={{
          items: [{ key: 'week', label: <span data-testid={`${testId}-last-week`}>{t('allocationScreens.board.copyLastWeek', { date: formatDate(lastWeek) })}</span> }],
          onClick: () => copyFrom(lastWeek),
        }}
      >
        <Button icon={<DownOutlined />} aria-label={t('allocationScreens.board.copyOtherDay')} data-testid={`${testId}-more`} />
      </Dropdown>
    </Space.Compact>
  );
}
