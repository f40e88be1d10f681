/**
 * The day by vehicle: one row per vehicle, each trip a bar from planned loading start to arrival.
 * Drag a bar sideways to move it in time, up or down to give it to another vehicle (15-minute
 * steps); focus a bar and use the arrow keys for the same. The parent PATCHes the trip. The
 * vehicles' other trips of the day (`busy`) are grey bars that do not move: the truck is taken then.
 * On today's chart a red line marks the time, and a trip that should have left (未出発) is outlined in
 * volcano, as its status tag is; both move with the clock.
 */
import { Typography } from 'antd';
import { PLAN_STEP_MINUTES } from '../../../../common/allocation.js';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useNow } from '../../shared/hooks/use-now.js';
import { tripOverdueMinutes } from '../../shared/trips/status-tag.js';
import { barPosition, barSpan, chartRange, nowPosition, rowAfterDrag, shiftMinutes } from './board-logic.js';
import type { Trip } from '../../shared/trips/types.js';
import { keyIn, useT } from '../../app/providers/translate.js';

export interface ChartRow {
  vehicleId: number | null;
  /** The vehicle's 車番 (or 「車両未定」), and its type after it: beside it on a screen, under it on a phone. */
  label: string;
  note?: string;
  /** shown after the label (the store-direct chart: the driver's remaining binding time) */
  extra?: ReactNode;
}

/** What a screen says of a move while the bar is dragged: a warning colours the bar, `text` rides on it. */
export interface MoveVerdict {
  warn: boolean;
  text: string;
}

export interface ChartMove {
  trip: Trip;
  minutes: number;
  vehicleId: number | null;
}

const ROW_HEIGHT = 30;

/** An hour's label centred on its line; the first and last lean inwards, so no label passes the chart's edges (or hides under the vehicles). */
function hourClass(minutes: number, range: { from: number; to: number }): string {
  if (minutes === range.from) return 'alloc-chart__hour alloc-chart__hour--first';
  if (minutes === range.to) return 'alloc-chart__hour alloc-chart__hour--last';
  return 'alloc-chart__hour';
}

export function TimeChart({
  date,
  rows,
  trips,
  busy = [],
  onMove,
  disabled,
  describe,
  judge,
  hint,
}: {
  date: string;
  rows: ChartRow[];
  trips: Trip[];
  busy?: Trip[];
  onMove: (move: ChartMove) => void;
  disabled?: boolean;
  /** a bar's text and tooltip (default: a transfer's 便 and lane) */
  describe?: (trip: Trip) => { label: string; tooltip: string };
  /** the move a drag would make, judged while dragging */
  judge?: (move: ChartMove) => MoveVerdict | null;
  hint?: string;
}) {
  const { t } = useT();
  const track = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ tripId: number; x: number; y: number; dx: number; dy: number }>();
  const spans = trips.map((trip) => ({ trip, span: barSpan(date, trip) }));
  const taken = busy.map((trip) => ({ trip, span: barSpan(date, trip) }));
  const range = chartRange([...spans, ...taken].map((s) => s.span));
  const hours: number[] = [];
  for (let m = range.from; m <= range.to; m += 60) hours.push(m);
  const now = useNow();
  const nowAt = nowPosition(date, now, range);
  const rowOf = (trip: Trip) => Math.max(0, rows.findIndex((r) => r.vehicleId === trip.vehicle_id));
  const width = () => track.current?.getBoundingClientRect().width ?? 0;

  /** The move a drag of dx, dy px makes (null: none). */
  const dragMove = (trip: Trip, dx: number, dy: number): ChartMove | null => {
    const minutes = shiftMinutes(dx, width(), range);
    const from = rowOf(trip);
    const to = rowAfterDrag(from, dy, ROW_HEIGHT, rows.length);
    return minutes === 0 && to === from ? null : { trip, minutes, vehicleId: rows[to]?.vehicleId ?? null };
  };
  const finish = (trip: Trip, dx: number, dy: number) => {
    const move = dragMove(trip, dx, dy);
    if (move) onMove(move);
  };

  const onPointerDown = (trip: Trip) => (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ tripId: trip.id, x: event.clientX, y: event.clientY, dx: 0, dy: 0 });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    setDrag({ ...drag, dx: event.clientX - drag.x, dy: event.clientY - drag.y });
  };
  const onPointerUp = (trip: Trip) => (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.tripId !== trip.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    setDrag(undefined);
    finish(trip, dx, dy);
  };
  const onKeyDown = (trip: Trip) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const row = rowOf(trip);
    const moves: Record<string, () => ChartMove> = {
      ArrowLeft: () => ({ trip, minutes: -PLAN_STEP_MINUTES, vehicleId: trip.vehicle_id }),
      ArrowRight: () => ({ trip, minutes: PLAN_STEP_MINUTES, vehicleId: trip.vehicle_id }),
      ArrowUp: () => ({ trip, minutes: 0, vehicleId: rows[Math.max(0, row - 1)]?.vehicleId ?? null }),
      ArrowDown: () => ({ trip, minutes: 0, vehicleId: rows[Math.min(rows.length - 1, row + 1)]?.vehicleId ?? null }),
    };
    const move = moves[event.key]?.();
    if (!move) return;
    event.preventDefault();
    if (move.minutes !== 0 || move.vehicleId !== trip.vehicle_id) onMove(move);
  };

  const busyLabel = (trip: Trip) => `${t('allocationScreens.trip.tripNo', { no: trip.trip_no })} ${t(keyIn('tripScreens.kind', trip.kind))}`;
  const busyTooltip = (trip: Trip) => `${busyLabel(trip)} ${trip.department_name} ${trip.vehicle_number ?? ''} ${trip.driver_name ?? ''}`;
  const lane = (trip: Trip) => ({
    label: `${t('allocationScreens.trip.tripNo', { no: trip.trip_no })} →${trip.destination_department_name ?? ''}`,
    tooltip: `${t('allocationScreens.trip.tripNo', { no: trip.trip_no })} ${trip.origin_department_name ?? ''} → ${trip.destination_department_name ?? ''} ${trip.vehicle_number ?? ''} ${trip.driver_name ?? ''}`,
  });
  const text = describe ?? lane;
  const label = (trip: Trip) => text(trip).label;
  const tooltip = (trip: Trip, overdue: number | null) => text(trip).tooltip + (overdue === null ? '' : ` ${t('tripScreens.notLeft')}`);
  const dragged = drag && judge ? trips.find((trip) => trip.id === drag.tripId) : undefined;
  const draggedMove = dragged ? dragMove(dragged, drag!.dx, drag!.dy) : null;
  const verdict = draggedMove && judge ? judge(draggedMove) : null;
  const nowLine = nowAt === null ? null : <span className="alloc-chart__now" style={{ left: `${nowAt}%` }} />;

  return (
    <div className="alloc-chart" data-testid="time-chart">
      <div className="alloc-chart__hours">
        <div className="alloc-chart__label" />
        <div className="alloc-chart__track" style={{ height: 22 }}>
          {nowAt === null ? null : <span className="alloc-chart__now-label" style={{ left: `${nowAt}%` }} data-testid="chart-now" />}
          {hours.map((m) => (
            <span key={m} className={hourClass(m, range)} style={{ left: `${((m - range.from) / (range.to - range.from)) * 100}%` }}>
              {String(Math.floor(m / 60) % 24).padStart(2, '0')}
            </span>
          ))}
        </div>
      </div>
      {rows.map((row, index) => (
        <div key={row.vehicleId ?? 'none'} className="alloc-chart__row" data-testid="chart-row" data-vehicle-id={row.vehicleId ?? ''}>
          <div className="alloc-chart__label" title={row.note ? `${row.label} ${row.note}` : row.label}>
            <span>{row.label}</span>
            {row.note ? <span className="alloc-chart__note"> {row.note}</span> : null}
            {row.extra}
          </div>
          <div className="alloc-chart__track" ref={index === 0 ? track : undefined}>
            {hours.map((m) => (
              <span key={m} className="alloc-chart__grid" style={{ left: `${((m - range.from) / (range.to - range.from)) * 100}%` }} />
            ))}
            {nowLine}
            {taken
              .filter(({ trip, span }) => span && trip.vehicle_id === row.vehicleId)
              .map(({ trip, span }) => {
                const { left, width: w } = barPosition(span!, range);
                return (
                  <div
                    key={`busy-${trip.id}`}
                    className="alloc-chart__bar alloc-chart__bar--busy"
                    style={{ left: `${left}%`, width: `${w}%` }}
                    title={busyTooltip(trip)}
                    data-testid="chart-busy"
                    data-trip-id={trip.id}
                  >
                    {busyLabel(trip)}
                  </div>
                );
              })}
            {spans
              .filter(({ trip, span }) => span && rowOf(trip) === index)
              .map(({ trip, span }) => {
                const { left, width: w } = barPosition(span!, range);
                const dragging = drag?.tripId === trip.id;
                const overdue = tripOverdueMinutes(trip, now);
                const warned = dragging && verdict?.warn;
                return (
                  <div
                    key={trip.id}
                    role="button"
                    tabIndex={0}
                    className={`alloc-chart__bar alloc-chart__bar--${trip.status}${overdue === null ? '' : ' alloc-chart__bar--late'}${dragging ? ' alloc-chart__bar--dragging' : ''}${warned ? ' alloc-chart__bar--over' : ''}`}
                    style={{
                      left: `${left}%`,
                      width: `${w}%`,
                      transform: dragging ? `translate(${drag.dx}px, ${drag.dy}px)` : undefined,
                    }}
                    title={tooltip(trip, overdue)}
                    data-testid="chart-bar"
                    data-trip-id={trip.id}
                    data-overdue={overdue ?? undefined}
                    data-verdict={dragging && verdict ? verdict.text : undefined}
                    onPointerDown={onPointerDown(trip)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp(trip)}
                    onPointerCancel={() => setDrag(undefined)}
                    onKeyDown={onKeyDown(trip)}
                  >
                    {label(trip)}
                    {dragging && verdict ? <span className="alloc-chart__verdict"> {verdict.text}</span> : null}
                  </div>
                );
              })}
          </div>
        </div>
      ))}
      <Typography.Text type="secondary" className="alloc-hint">
        {hint ?? t('allocationScreens.transfers.chartHint')}
      </Typography.Text>
    </div>
  );
}
