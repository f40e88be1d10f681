/** One trip (便) on the board: who drives what, how full it is, and its stops in order. */
import { HolderOutlined, LockFilled, UnlockOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { type ReactNode, useMemo } from 'react';
import { confirmationRefusal, loadingStartRefusal, loadingStartTooEarly } from '../../../../common/allocation.js';
import { TRIP_MODE } from '../../../../common/enums.js';
import { capacityOf, highestColour, type Plan, roundInputs, roundPlan } from './board-logic.js';
import { CapacityBars } from './capacity-bars.js';
import { formatNumber } from './labels.js';
import { TripDistance } from './trip-distance.js';
import { WarningTags } from './warnings.js';
import { timeOf, windowText } from '../../shared/times.js';
import { TripConfirmationTag, TripStatusTag } from '../../shared/trips/status-tag.js';
import type { Stop, TripDetail } from '../../shared/trips/types.js';
import { type MessageKey, useT } from '../../app/providers/translate.js';
import { DriverName } from './driver-name.js';
import { useNow } from '../../shared/hooks/use-now.js';
import { tripColour } from './store-direct/day-map-logic.js';
import { tripDetailPath } from '../../shared/trips/state.js';
import { StopProgressTags } from '../../shared/trips/stop-progress-tags.js';

export const tripDropId = (tripId: number) => `trip:${tripId}`;
export const stopId = (tripId: number, stop: Stop) => `stop:${tripId}:${stop.delivery_destination_id}`;

function StopRow({ trip, stop, index }: { trip: TripDetail; stop: Stop; index: number }) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: stopId(trip.id, stop),
    data: { type: 'stop', tripId: trip.id, index, deliveryIds: stop.deliveries.map((d) => d.id) },
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const warned = stop.warnings.length > 0;
  return (
    <li
      ref={setNodeRef}
      style={style}
      {...attributes}
      {...listeners}
      className={`alloc-stop${isDragging ? ' alloc-stop--dragging' : ''}${warned ? ' alloc-stop--warned' : ''}`}
      data-testid="trip-stop"
      data-store={stop.store_name ?? ''}
    >
      <HolderOutlined className="alloc-stop__handle" />
      <span className="alloc-stop__seq">{index + 1}</span>
      <span className="alloc-stop__store" title={`${stop.store_name ?? ''} ${stop.address ?? ''}`}>
        {stop.store_name}
      </span>
      <span
        className="alloc-stop__time"
        title={`${t('allocationScreens.trip.plannedArrival')} / ${t('allocationScreens.trip.window')} ${windowText(stop.start_time, stop.ending_time, t)}`}
      >
        <span data-testid="stop-arrival">{timeOf(stop.planned_arrival)}</span>
        {stop.specified_time ? <small className="alloc-stop__specified">◎{stop.specified_time.slice(0, 5)}</small> : null}
      </span>
      <span className="alloc-stop__qty">
        {formatNumber(stop.quantity)} / {formatNumber(stop.weight)}kg
      </span>
      <StopProgressTags stop={stop} className="alloc-stop__progress" />
      {warned ? (
        <div className="alloc-stop__warnings">
          <WarningTags warnings={stop.warnings} />
        </div>
      ) : null}
    </li>
  );
}

export interface TripActions {
  onPin: (trip: TripDetail) => void;
  onConfirm: (trip: TripDetail) => void;
  onLoadingStart: (trip: TripDetail) => void;
  /** 近い順: the trip's stops in this new order (undoable). */
  onRound: (trip: TripDetail, plan: Plan) => void;
}

/**
 * An action that is off where it would be refused, with the reason on hover (else its `hint`): the
 * span takes the hover a disabled button does not get.
 */
function Refusable({
  reason,
  params,
  hint,
  off,
  testId,
  children,
}: {
  reason: MessageKey | null;
  params?: Record<string, string>;
  hint?: MessageKey;
  off: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useT();
  const title = reason ?? hint;
  return (
    <Tooltip title={title ? t(title, params) : undefined}>
      <span className={off ? 'alloc-trip__disabled' : undefined} data-testid={testId}>
        {children}
      </span>
    </Tooltip>
  );
}

/** What the trip carries: 「混載」 when its stores belong to two directions or more, else its direction (方面). */
function TripDirection({ trip }: { trip: TripDetail }) {
  const { t } = useT();
  if (trip.trip_mode === TRIP_MODE.withConsolidation) {
    return (
      <Tag color="orange" className="alloc-trip__mode" data-testid="trip-direction">
        {t('allocationScreens.board.mixedLoad')}
      </Tag>
    );
  }
  return trip.direction_name ? <span data-testid="trip-direction">{trip.direction_name}</span> : null;
}

export function TripCard({ trip, busy, actions }: { trip: TripDetail; busy: boolean; actions: TripActions }) {
  const { t } = useT();
  const { setNodeRef, isOver, active } = useDroppable({ id: tripDropId(trip.id), data: { type: 'trip', tripId: trip.id } });
  const measures = capacityOf(trip);
  const colour = highestColour(measures);
  const stops = [...trip.stops].sort((a, b) => a.seq - b.seq);
  const dragging = Boolean(active) && active?.data.current?.tripId !== trip.id;
  const confirmed = Boolean(trip.confirmed_at);
  // The server's own rules: a button is off where the server would refuse. An empty trip cannot start loading either.
  const confirmRefusal = confirmationRefusal(trip, !confirmed);
  const cannotConfirm = busy || confirmRefusal !== null;
  // Loading opens 12 hours before the planned loading start (as of the page's clock; the server checks again).
  const tooEarly = loadingStartTooEarly(trip, useNow());
  const loadingRefusal = loadingStartRefusal(trip) ?? tooEarly?.key ?? null;
  const cannotStartLoading = busy || loadingRefusal !== null || stops.length === 0;
  // Weighed again only when what it reads changes (common/rounds.ts searches every order of a small trip).
  const inputs = roundInputs(trip);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `inputs` is all of the trip that roundPlan reads
  const round = useMemo(() => roundPlan(trip), [inputs]);
  const roundRefusal = 'refusal' in round ? (`allocationScreens.board.${round.refusal}` as const) : null;
  return (
    <div
      ref={setNodeRef}
      className={`alloc-trip alloc-trip--${colour}${isOver && dragging ? ' alloc-drop--over' : ''}${trip.pinned ? ' alloc-trip--pinned' : ''}`}
      data-testid="trip-card"
      data-trip-id={trip.id}
      data-trip-no={trip.trip_no}
      data-colour={colour}
    >
      <div className="alloc-trip__head">
        <span className="alloc-trip__title">
          <span className="alloc-trip__map-colour" style={{ background: tripColour(trip.trip_no) }} title={t('maps.dayMap.tripColour')} data-testid="trip-map-colour" />
          <Link to={tripDetailPath(trip.id)} className="alloc-trip__no" data-testid="trip-no">
            {t('allocationScreens.trip.tripNo', { no: trip.trip_no })}
          </Link>
          <strong className="alloc-trip__vehicle">{trip.vehicle_number ?? '—'}</strong>
          <span className="alloc-trip__type" title={trip.vehicle_type_name ?? undefined}>
            {trip.vehicle_type_name}
          </span>
        </span>
        <span className="alloc-trip__flags">
          <TripConfirmationTag confirmedAt={trip.confirmed_at} />
          <TripStatusTag status={trip.status} plannedDeparture={trip.planned_departure} />
          <Tooltip title={t(trip.pinned ? 'allocationScreens.board.unpin' : 'allocationScreens.board.pin')}>
            <Button
              size="small"
              type={trip.pinned ? 'primary' : 'text'}
              icon={trip.pinned ? <LockFilled /> : <UnlockOutlined />}
              onClick={() => actions.onPin(trip)}
              disabled={busy}
              aria-pressed={trip.pinned}
              aria-label={t(trip.pinned ? 'allocationScreens.board.unpin' : 'allocationScreens.board.pin')}
              data-testid="trip-pin"
            />
          </Tooltip>
        </span>
      </div>
      <div className="alloc-trip__sub">
        <span>
          <DriverName name={trip.driver_name} />
        </span>
        <span>{trip.delivery_company_name}</span>
        <TripDirection trip={trip} />
        {trip.planned_departure ? (
          <span data-testid="trip-times">
            {trip.planned_arrival
              ? `${timeOf(trip.planned_departure)}→${timeOf(trip.planned_arrival)}`
              : t('allocationScreens.trip.departsAt', { time: timeOf(trip.planned_departure) })}
          </span>
        ) : null}
        <TripDistance trip={trip} />
      </div>
      <CapacityBars measures={measures} />
      {trip.warnings.length > 0 ? <WarningTags warnings={trip.warnings} date={trip.date} /> : null}
      <SortableContext items={stops.map((s) => stopId(trip.id, s))} strategy={verticalListSortingStrategy}>
        <ol className="alloc-stops" aria-label={t('allocationScreens.board.stopsReorderHint')}>
          {stops.map((stop, index) => (
            <StopRow key={stopId(trip.id, stop)} trip={trip} stop={stop} index={index} />
          ))}
        </ol>
      </SortableContext>
      {stops.length === 0 ? (
        <Typography.Text type="secondary" className="alloc-trip__empty">
          {dragging ? t('allocationScreens.board.dropHere') : t('allocationScreens.board.emptyTrip')}
        </Typography.Text>
      ) : null}
      <Space size={4} className="alloc-trip__actions" wrap>
        <Refusable reason={confirmRefusal} off={cannotConfirm}>
          <Button size="small" onClick={() => actions.onConfirm(trip)} disabled={cannotConfirm} data-testid="trip-confirm">
            {t(confirmed ? 'allocationScreens.board.unconfirm' : 'allocationScreens.board.confirm')}
          </Button>
        </Refusable>
        <Refusable reason={roundRefusal} hint="allocationScreens.board.roundOrderHint" off={busy || 'refusal' in round} testId="trip-round-wrapper">
          <Button size="small" onClick={() => 'plan' in round && actions.onRound(trip, round.plan)} disabled={busy || 'refusal' in round} data-testid="trip-round">
            {t('allocationScreens.board.roundOrder')}
          </Button>
        </Refusable>
        {/* Loading start notifies everyone whose scope holds the trip: asked once more, never on a slip of the mouse. */}
        <Refusable reason={loadingRefusal} params={tooEarly ? { from: tooEarly.from } : undefined} off={cannotStartLoading} testId="trip-loading-start-wrapper">
          <Popconfirm
            title={t('allocationScreens.board.loadingStartConfirm', { no: trip.trip_no, vehicle: trip.vehicle_number ?? '' })}
            okText={t('allocationScreens.board.loadingStart')}
            cancelText={t('buttons.cancel')}
            okButtonProps={{ 'data-testid': 'trip-loading-start-ok' } as never}
            onConfirm={() => actions.onLoadingStart(trip)}
            disabled={cannotStartLoading}
          >
            <Button size="small" type="primary" ghost disabled={cannotStartLoading} data-testid="trip-loading-start">
              {t('allocationScreens.board.loadingStart')}
            </Button>
          </Popconfirm>
        </Refusable>
      </Space>
    </div>
  );
}
