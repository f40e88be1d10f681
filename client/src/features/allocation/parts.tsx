/** Pieces the allocation screens share: center and day bar, capacity bars, status tags, warnings. */
import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Progress, Select, Space, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DayStepper } from '../../shared/components/day-stepper.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { toast } from '../../app/providers/toast.js';
import { capacityFigures, fetchCenters, isConflict } from './api.js';
import { downloadFile, isHttpError, messageOf } from '../../app/providers/http.js';
import type { MeasureLoad } from '../../../../common/allocation.js';
import { addDays } from '../../../../common/allocation.js';
import { tokyoToday } from '../../../../common/deliveries.js';
import { tripKm } from '../../../../common/places.js';
import type { TripDetail, Warning } from '../../shared/trips/types.js';
import { keyIn, runtimeKey, type Translate, useT } from '../../app/providers/translate.js';
import { findingOfWarning } from '../../../../common/work-rules.js';
import { FindingTags, findingsOfWarnings } from '../../shared/work-rules/tags.js';
import { BAR_COLOURS } from './load-bars.js';

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


const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString() : n.toLocaleString(undefined, { maximumFractionDigits: 1 }));

/** Pallets or cage carts, and kg: one thin bar each, load / capacity. */
export function CapacityBars({ measures }: { measures: MeasureLoad[] }) {
  const { t } = useT();
  return (
    <div className="alloc-capacity">
      {measures.map((m) => (
        <div key={m.measure} className="alloc-capacity__row" data-testid={`capacity-${m.measure}`} data-colour={m.colour}>
          <span className="alloc-capacity__label">{t(keyIn('allocationScreens.measure', m.measure))}</span>
          <Progress
            size="small"
            percent={m.ratio === null ? 0 : Math.min(100, Math.round(m.ratio * 100))}
            strokeColor={BAR_COLOURS[m.colour]}
            showInfo={false}
            className="alloc-capacity__bar"
          />
          <span className="alloc-capacity__figures" data-testid={`capacity-${m.measure}-figures`}>
            {fmt(m.load)} / {m.capacity === null ? '—' : fmt(m.capacity)}
          </span>
        </div>
      ))}
    </div>
  );
}

/** A stored warning's text: the server's key when the catalogue has it, else ours. */
/** 走行距離（概算）: the trip's estimated road km, one decimal, the estimate explained on hover; nothing when it cannot be estimated. */
export function TripDistance({ trip }: { trip: Pick<TripDetail, 'stops' | 'origin_latitude' | 'origin_longitude'> }) {
  const { t } = useT();
  const km = useMemo(() => tripKm(trip), [trip]);
  if (km === null) return null;
  return (
    <span title={t('allocationScreens.trip.distanceHint')} data-testid="trip-distance">
      {t('allocationScreens.trip.distanceValue', { km: km.toFixed(1) })}
    </span>
  );
}

export function useWarningText() {
  const { t, i18n } = useT();
  return (warning: Warning) => {
    const params = warning.params ?? {};
    if (i18n.exists(warning.code)) return t(runtimeKey(warning.code), params);
    const short = warning.code.split('.').at(-1) ?? warning.code;
    const ours = keyIn('allocationScreens.warnings', short);
    return i18n.exists(ours) ? t(ours, params) : warning.code;
  };
}

/**
 * A trip's or a stop's stored warnings: working-time findings (amber or red, the rule named; `date`
 * is the trip's day, so a finding on another day says which), then the others in amber.
 */
export function WarningTags({ warnings, date }: { warnings: Warning[]; date?: string }) {
  const text = useWarningText();
  if (warnings.length === 0) return null;
  const others = warnings.filter((w) => findingOfWarning(w) === null);
  return (
    <Space size={2} wrap>
      <FindingTags findings={findingsOfWarnings(warnings)} onDate={date} />
      {others.map((w, i) => (
        <Tag key={`${w.code}-${i}`} color="warning" className="alloc-warning" data-testid="stop-warning">
          {text(w)}
        </Tag>
      ))}
    </Space>
  );
}

/** A vehicle as the trip forms offer it: 車番, its type, and 「使用中」 when it is out on another trip that day. */
export function vehicleLabel(v: { vehicle_number: string; vehicle_type_name: string | null; busy: boolean }, t: Translate) {
  const text = `${v.vehicle_number} ${v.vehicle_type_name ?? ''}`;
  return v.busy ? t('app.withNote', { text, note: t('allocationScreens.board.busy') }) : text;
}

/** 運行指示書 (the PDF report `delivery-operation`) of one trip or a center's day, for the drivers to carry. */
export function OperationSheetButton({ query, file, label, testId, disabled }: { query: string; file: string; label: string; testId: string; disabled?: boolean }) {
  const [printing, setPrinting] = useState(false);
  const print = () => {
    setPrinting(true);
    downloadFile(`/report/delivery-operation?${query}&format=pdf`, file)
      .catch((error: unknown) => toast.error(isHttpError(error) ? error.message : String(error), testId))
      .finally(() => setPrinting(false));
  };
  return (
    <Button size="small" icon={<PrinterOutlined />} loading={printing} disabled={disabled} onClick={print} data-testid={testId}>
      {label}
    </Button>
  );
}

/** A driver as the new-trip form offers them: the name, and 「他便あり」 when on another trip that day. */
export function driverLabel(d: { name: string; busy: boolean }, t: Translate) {
  return d.busy ? t('app.withNote', { text: d.name, note: t('allocationScreens.board.driverBusy') }) : d.name;
}

/** The driver a new trip of this vehicle starts with: the one whose regular vehicle (担当車両) it is, when not on another trip that day. */
export function regularDriver<D extends { default_vehicle_id: number | null; busy: boolean }>(drivers: readonly D[], vehicleId: number): D | undefined {
  return drivers.find((d) => d.default_vehicle_id === vehicleId && !d.busy);
}

/** Shows a refused write: the server's message, and an over-capacity refusal's figures. */
export function useRefusalToast() {
  const { t } = useT();
  return (error: unknown) => {
    const figures = capacityFigures(error);
    const message = messageOf(error);
    if (!figures) return toast.error(message, 'allocation-refusal');
    const measureKey = keyIn('allocationScreens.measure', figures.measure);
    const measure = t(measureKey, { defaultValue: figures.measure });
    const line = t('allocationScreens.board.overCapacityFigures', { measure, load: fmt(figures.load), capacity: fmt(figures.capacity) });
    return toast.error(message.includes(String(figures.capacity)) ? message : t('app.withNote', { text: message, note: line }), 'allocation-refusal');
  };
}

/**
 * One write at a time: `busy` while it runs; on success `done` runs and the screen refetches; a
 * refusal is shown (with an over-capacity refusal's figures) and a conflict (409) refetches too.
 */
export function useTripWrites(refetch: () => Promise<unknown>) {
  const refusal = useRefusalToast();
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<unknown>, done?: () => void): Promise<boolean> => {
    setBusy(true);
    try {
      await write();
      done?.();
      await refetch();
      return true;
    } catch (error) {
      refusal(error);
      if (isConflict(error)) await refetch();
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, setBusy, run, refusal };
}

export { fmt as formatNumber };
