/** The center and the day an allocation screen works on: kept in the address, chosen in one bar. */
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays } from '../../../../common/allocation.js';
import { tokyoToday } from '../../../../common/deliveries.js';
import { DayStepper } from '../../shared/components/day-stepper.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { useT } from '../../app/providers/translate.js';
import { fetchCenters } from './api.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The center and the day a screen works on, kept in the address (`?center=3&date=2026-11-24`) so a
 * reload or a shared link opens the same board. Defaults: the user's center, else the first in scope; today.
 */
export function useCenterDate(defaultDate = tokyoToday()) {
  const [params, setParams] = useSearchParams();
  const { profile } = useProfile();
  const centers = useQuery({ queryKey: ['allocation', 'centers'], queryFn: fetchCenters, staleTime: 300_000 });
  const fromUrl = Number(params.get('center'));
  const own = profile?.department?.level === 4 ? profile.department.id : undefined;
  const list = centers.data ?? [];
  // Until the centers arrive, the address's center or the user's own: the screen's data is read at once,
  // beside the list, rather than after it (the server checks the scope either way).
  const centerId = centers.data
    ? (list.find((c) => c.id === fromUrl)?.id ?? list.find((c) => c.id === own)?.id ?? list[0]?.id ?? (fromUrl || undefined))
    : fromUrl || own;
  const dateParam = params.get('date');
  const date = dateParam && DAY.test(dateParam) ? dateParam : defaultDate;
  const set = (next: { center?: number; date?: string }) => {
    const merged = new URLSearchParams(params);
    if (next.center !== undefined) merged.set('center', String(next.center));
    if (next.date !== undefined) merged.set('date', next.date);
    setParams(merged, { replace: true });
  };
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
