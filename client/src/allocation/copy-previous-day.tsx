/** 前日コピー: the previous day's trips of one kind as drafts on the shown day (POST /api/vehicle_allocation/copy). */
import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { addDays, copyRefusal } from '../../../common/allocation.js';
import { tokyoToday } from '../../../common/deliveries.js';
import { toast } from '../providers/toast.js';
import { useT } from '../providers/translate.js';
import { copyDay } from './api.js';
import type { TripKind } from './types.js';

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
  const refused = copyRefusal(addDays(date, -1), date, tokyoToday());
  const copy = () =>
    void run(async () => {
      const { created } = await copyDay(centerId!, addDays(date, -1), date, kind);
      toast.success(t('allocationScreens.board.copiedPreviousDay', { count: created }), 'allocation-copied');
    });
  return (
    <Tooltip title={refused ? t(refused) : t('allocationScreens.board.copyPreviousDayHint')}>
      <Button size={size} icon={<CopyOutlined />} disabled={busy || !centerId || refused !== null} onClick={copy} data-testid={testId}>
        {t('allocationScreens.board.copyPreviousDay')}
      </Button>
    </Tooltip>
  );
}
