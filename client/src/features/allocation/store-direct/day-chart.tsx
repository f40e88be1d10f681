/**
 * The board's 配車表: the center's day by vehicle beside the pool of unallocated deliveries, in place
 * of the trip cards (「カード / 配車表」, kept in the address and remembered). Every vehicle is a row with
 * the driver who runs it that day and his remaining binding time (残拘束, 2024 rules); each trip and
 * round is a bar. A bar dragged sideways moves the trip in time, up or down gives it to that row's
 * vehicle and driver (the transfers' TimeChart, the same PATCH with the trip's version); while dragged
 * it turns red when the move would bind its driver past his limit. Ctrl+Z puts a move back.
 */
import { Segmented, Tooltip } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMinutes } from '../../../../../common/time.js';
import { toast } from '../../../app/providers/toast.js';
import { useT } from '../../../app/providers/translate.js';
import { timeOnDay } from '../../../shared/times.js';
import type { Board, Trip, TripDetail } from '../../../shared/trips/types.js';
import { patchTrip } from '../api.js';
import type { UndoStep } from '../board-logic.js';
import { formatNumber } from '../labels.js';
import { OperationSheetButton } from '../operation-sheet-button.js';
import { TimeChart, type ChartMove, type ChartRow, type MoveVerdict } from '../time-chart.js';
import { bindingAfterMove, dayRows, moveChanges, movedFields, remainingBinding, roundsOf, type BoardDriver, type DayMove } from './chart-logic.js';

export type BoardView = 'cards' | 'chart';
const VIEW_KEY = 'allocation.board.view';
/** Under this many minutes left, a driver's remaining binding time is shown in orange. */
const LOW_BINDING_MINUTES = 60;

const savedView = (): BoardView => {
  try {
    return localStorage.getItem(VIEW_KEY) === 'chart' ? 'chart' : 'cards';
  } catch {
    return 'cards';
  }
};

/** The board's right side: the trip cards or the 配車表, from `?view=`, else the planner's last choice on this browser. */
export function useBoardView() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: BoardView = asked === 'chart' || asked === 'cards' ? asked : savedView();
  useEffect(() => {
    try {
      localStorage.setItem(VIEW_KEY, view);
    } catch {
      // private windows: the address still keeps it
    }
  }, [view]);
  const setView = (next: BoardView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('view', next);
        return updated;
      },
      { replace: true },
    );
  return { view, setView, chart: view === 'chart' };
}

export function BoardViewSwitch({ view, setView }: { view: BoardView; setView: (view: BoardView) => void }) {
  const { t } = useT();
  return (
    <Segmented<BoardView>
      size="small"
      className="alloc-view-switch"
      value={view}
      onChange={setView}
      options={[
        { value: 'cards', label: t('allocationScreens.chart.cards') },
        { value: 'chart', label: t('allocationScreens.chart.chart') },
      ]}
      data-testid="board-view"
    />
  );
}

/** 配車表印刷: the center's day as one A4 landscape page (the report `vehicle-chart`). */
export function ChartPrintButton({ centerId, date, disabled }: { centerId: number | undefined; date: string; disabled: boolean }) {
  const { t } = useT();
  return (
    <Tooltip title={t('allocationScreens.chart.printHint')}>
      <span>
        <OperationSheetButton
          report="vehicle-chart"
          query={`date=${date}&department_id=${centerId ?? ''}`}
          file={`vehicle-chart_${date}.pdf`}
          label={t('allocationScreens.chart.print')}
          testId="board-print-chart"
          disabled={disabled || !centerId}
        />
      </span>
    </Tooltip>
  );
}

/** A driver's remaining binding time: orange under an hour, red past the limit. */
function BindingLeft({ driver, remaining }: { driver: BoardDriver; remaining: number }) {
  const { t } = useT();
  const level = remaining < 0 ? 'over' : remaining < LOW_BINDING_MINUTES ? 'low' : 'ok';
  return (
    <Tooltip title={t('allocationScreens.chart.bindingHint', { driver: driver.name, limit: formatMinutes(driver.binding.minutes) })}>
      <span className={`alloc-chart__binding alloc-chart__binding--${level}`} data-testid="chart-binding" data-minutes={remaining}>
        {t(remaining < 0 ? 'allocationScreens.chart.bindingOver' : 'allocationScreens.chart.bindingLeft', { time: formatMinutes(Math.abs(remaining)) })}
      </span>
    </Tooltip>
  );
}

export function DayChart({
  board,
  trips,
  date,
  busy,
  run,
}: {
  board: Board;
  trips: TripDetail[];
  date: string;
  busy: boolean;
  run: (write: () => Promise<unknown>, step?: UndoStep) => Promise<boolean>;
}) {
  const { t } = useT();
  const dayRowsOf = useMemo(() => dayRows(board, trips), [board, trips]);
  const rounds = useMemo(() => roundsOf(trips), [trips]);
  const rows: ChartRow[] = dayRowsOf.map((row) => ({
    vehicleId: row.vehicleId,
    label: row.vehicleId === null ? t('allocationScreens.transfers.noVehicle') : row.vehicleNumber,
    note: row.vehicleId === null ? undefined : (row.driver?.name ?? t('allocationScreens.chart.noDriver')),
    extra: row.driver ? <BindingLeft driver={row.driver} remaining={remainingBinding(row.driver, trips)} /> : null,
  }));
  const tripOf = (trip: Trip) => trips.find((candidate) => candidate.id === trip.id)!;
  const dayMove = (move: ChartMove): DayMove => ({ ...move, trip: tripOf(move.trip) });
  const afterMove = (move: ChartMove) => bindingAfterMove(trips, dayMove(move), dayRowsOf, board.drivers);

  const describe = (trip: Trip) => {
    const round = rounds.get(trip.id) ?? 1;
    const parts = [
      t('allocationScreens.trip.tripNo', { no: trip.trip_no }),
      trip.direction_name ?? trip.route_name ?? '',
      round > 1 ? t('allocationScreens.calculator.round', { count: round }) : '',
    ].filter(Boolean);
    const times = [trip.planned_loading_start ?? trip.planned_departure, trip.planned_arrival].map((at) => (at ? timeOnDay(date, at) : '—')).join('–');
    const load = t('allocationScreens.chart.load', { quantity: formatNumber(trip.quantity), weight: formatNumber(trip.weight), stops: trip.stop_count });
    return { label: parts.join(' '), tooltip: [...parts, times, trip.vehicle_number ?? '', trip.driver_name ?? '', load].filter(Boolean).join(' ') };
  };

  const judge = (move: ChartMove): MoveVerdict | null => {
    const after = afterMove(move);
    if (!after) return null;
    const time = formatMinutes(Math.abs(after.remaining));
    return { warn: after.remaining < 0, text: `${after.driver.name} ${t(after.remaining < 0 ? 'allocationScreens.chart.bindingOver' : 'allocationScreens.chart.bindingLeft', { time })}` };
  };

  const onMove = (move: ChartMove) => {
    const trip = tripOf(move.trip);
    const changes = moveChanges(dayMove(move), dayRowsOf);
    const after = afterMove(move);
    const step: UndoStep = { label: 'chart', before: [], restore: { tripId: trip.id, fields: movedFields(trip, changes) } };
    void run(() => patchTrip(trip.id, { version: trip.version, ...changes }), step).then((ok) => {
      if (!ok) return;
      if (after && after.remaining < 0) {
        toast.warning(t('allocationScreens.chart.overWarning', { no: trip.trip_no, driver: after.driver.name, time: formatMinutes(-after.remaining) }), 'allocation-chart-binding');
      } else toast.success(t('allocationScreens.transfers.moved', { no: trip.trip_no }), 'allocation-chart-moved');
    });
  };

  return (
    <div className="alloc-day-chart" data-testid="day-chart">
      <TimeChart
        date={date}
        rows={rows}
        trips={trips}
        onMove={onMove}
        disabled={busy}
        describe={describe}
        judge={judge}
        hint={t('allocationScreens.chart.hint')}
      />
    </div>
  );
}
