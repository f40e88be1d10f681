/** The center and the day an allocation screen works on: kept in the address, chosen in one bar. */
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CENTER_PARAM, centerDayOf, rememberCenterDay, rememberedCenterDay, withCenterDay, type CenterDay } from '../../shared/trips/center-day.js';
import { addDays } from '../../../../common/allocation.js';
import { tokyoToday } from '../../../../common/deliveries.js';
import { DayStepper } from '../../shared/components/day-stepper.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { useT } from '../../app/providers/translate.js';
import { fetchCenters } from './api.js';

/**
 * The center and the day a screen works on, kept in the address (`?date=2026-11-24&department_id=3`; an
 * older link's `?center=3` is read and rewritten) so a reload or a shared link opens the same board, and
 * remembered for the user (shared/trips/center-day.ts), so that a screen opened from the menu returns to
 * the center and day last worked on. Otherwise: the user's center, else the first in scope; today.
 */
export function useCenterDate(defaultDate = tokyoToday()) {
  const [params, setParams] = useSearchParams();
  const { profile } = useProfile();
  const centers = useQuery({ queryKey: ['allocation', 'centers'], queryFn: fetchCenters, staleTime: 300_000 });
  const today = tokyoToday();
  const userId = profile?.id;
  // Read at each render: a menu click onto the screen already open (an address without them) finds the latest choice.
  const remembered = rememberedCenterDay(userId, today);
  const fromUrl = centerDayOf(params);
  const wanted = fromUrl.center ?? remembered.center;
  const own = profile?.department?.level === 4 ? profile.department.id : undefined;
  const list = centers.data ?? [];
  // Until the centers arrive, the address's (or remembered) center or the user's own: the screen's data is
  // read at once, beside the list, rather than after it (the server checks the scope either way).
  const centerId = centers.data
    ? (list.find((c) => c.id === wanted)?.id ?? list.find((c) => c.id === own)?.id ?? list[0]?.id ?? (wanted || undefined))
    : wanted || own;
  const date = fromUrl.date ?? remembered.date ?? defaultDate;
  const set = (next: CenterDay) => setParams(withCenterDay(params, next), { replace: true });
  // Once the center is known to be in scope: the address names what the screen shows, and the user's choice is kept.
  const known = centers.data !== undefined && centerId !== undefined;
  const stale = params.get(CENTER_PARAM) !== String(centerId) || params.get('date') !== date || params.has('center');
  useEffect(() => {
    if (!known) return;
    rememberCenterDay(userId, { center: centerId, date }, today);
    if (stale) setParams((current) => withCenterDay(current, { center: centerId, date }), { replace: true });
  }, [known, stale, userId, centerId, date, today, setParams]);
  return { centers: list, centersLoading: centers.isLoading, centerId, date, set };
}

/** A screen's query with nothing to show yet: neither data nor an error (its first fetch, or waiting for the center). */
export const notLoadedYet = (query: { data?: unknown; isError: boolean }) => query.data === undefined && !query.isError;

/**
 * A failed read to show. Not while the centers in scope are still unknown: a center named by the address
 * may lie outside them (a link from another planner), and is then replaced by one of them.
 */
export const failedRead = (query: { isError: boolean }, state: { centersLoading: boolean }) => query.isError && !state.centersLoading;

/** Alt+← / Alt+→ change the day on the boards (the arrow keys alone move stops and bars). */
function useDayKeys(onShift: (days: number) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
      event.preventDefault();
      onShift(event.key === 'ArrowLeft' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onShift]);
}

export function CenterDateBar({
  state,
  onReload,
  showCenter = true,
}: {
  state: ReturnType<typeof useCenterDate>;
  onReload?: () => void;
  showCenter?: boolean;
}) {
  const { t } = useT();
  const options = useMemo(() => state.centers.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` })), [state.centers]);
  const shift = (days: number) => state.set({ date: addDays(state.date, days) });
  useDayKeys(shift);
  return (
    <Space wrap size={8} className="alloc-toolbar" data-testid="center-date-bar">
      {showCenter ? (
        <Select
          aria-label={t('allocationScreens.board.center')}
          data-testid="center-select"
          style={{ minWidth: 200 }}
          loading={state.centersLoading}
          value={state.centerId}
          options={options}
          showSearch
          optionFilterProp="label"
          onChange={(value: number) => state.set({ center: value })}
        />
      ) : null}
      <DayStepper
        date={state.date}
        onChange={(date) => state.set({ date })}
        prevLabel={t('allocationScreens.board.prevDay')}
        nextLabel={t('allocationScreens.board.nextDay')}
        shortcut={['Alt+←', 'Alt+→']}
        pickerTestId="board-date"
      />
      <Button onClick={() => state.set({ date: tokyoToday() })}>{t('allocationScreens.board.today')}</Button>
      {onReload ? (
        <Button icon={<ReloadOutlined />} onClick={onReload} aria-label={t('allocationScreens.board.reload')} />
      ) : null}
    </Space>
  );
}
