/**
 * 配車ボード (店舗直送): unallocated deliveries by direction on the left, trips on the right.
 * Drag deliveries (one, a selection, a direction) onto a trip, between trips, back to the left;
 * reorder stops by drag or keyboard; Ctrl+Z undoes the last move. Every write goes to the server
 * with the trip's version; a refusal changes nothing and is shown.
 */
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Active,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Spin, Typography } from 'antd';
import { ScreenCard } from '../../../shared/components/screen-card.js';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../../app/providers/toast.js';
import { useT } from '../../../app/providers/translate.js';
import { LoadFailure } from '../../../shared/components/load-failure.js';
import { useListKeys } from '../../../shared/components/list-keys.js';
import type { Board, BoardDelivery, TripDetail } from '../../../shared/trips/types.js';
import { createTrip, fetchBoard, moveDeliveries, patchTrip, putStops, tripAction } from '../api.js';
import {
  addToPlan,
  deliveryIdsOf,
  draggedDeliveries,
  dropDecision,
  entriesOf,
  moveStop,
  type DropDecision,
  type Plan,
  planOf,
  readyToConfirm,
  removeFromPlan,
  roundAllPlans,
  searchGroups,
  type TripSnapshot,
  type UndoStep,
} from '../board-logic.js';
import { CenterDateBar, failedRead, notLoadedYet, useCenterDate } from '../center-date.js';
import { newTripStart } from '../labels.js';
import { TripCard, type TripActions } from '../trip-card.js';
import { UnallocatedPanel, UNALLOCATED_ID } from '../unallocated-panel.js';
import { BoardViewSwitch, DayChart, useBoardView } from './day-chart.js';
import { DayMapPanel } from './day-map-panel.js';
import { BOARD_AUTO_SCROLL } from './drag-scroll.js';
import { StoreDirectToolbar } from './toolbar.js';
import { useBoardKeys } from './use-keys.js';
import { useSelection } from './use-selection.js';
import { useUndo } from './use-undo.js';
import { useBoardWrites } from './use-writes.js';
import '../styles.js';

/** The board has no list rows for the list keys: only / (to the search) applies. */
const NO_ROWS: readonly unknown[] = [];

/** Stops take the hit before the trip card around them; keyboard drags stay within their trip. */
const collision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    const rank = (id: string | number) => (String(id).startsWith('stop:') ? 0 : 1);
    return [...hits].sort((a, b) => rank(a.id) - rank(b.id));
  }
  const tripId = args.active.data.current?.tripId as number | undefined;
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter(
      (c) => c.data.current?.type === 'stop' && c.data.current?.tripId === tripId,
    ),
  });
};

/** What is being dragged, for the overlay: a count of deliveries or a stop's store. */
function DragPreview({ active, count }: { active: Active | null; count: number }) {
  const { t } = useT();
  if (!active) return null;
  const data = active.data.current;
  const label =
    data?.type === 'group'
      ? `${(data.name as string | null) ?? t('allocationScreens.board.noDirection')} · ${t('allocationScreens.board.deliveries', { count })}`
      : t('allocationScreens.board.deliveries', { count });
  return <div className="alloc-drag-preview">{label}</div>;
}

export default function StoreDirectBoard() {
  const { t } = useT();
  const { modal } = App.useApp();
  const state = useCenterDate();
  const { centerId, date } = state;
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ['allocation', 'board', centerId, date], [centerId, date]);
  const board = useQuery({
    queryKey,
    queryFn: () => fetchBoard(centerId!, date),
    enabled: centerId !== undefined,
    keepPreviousData: true,
  });
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const view = useBoardView(); // the trip cards or the 配車表 (docs/decisions/allocation-screens.md)
  const [active, setActive] = useState<Active | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const data = board.data;
  const allDeliveries = useMemo(() => data?.unallocated.flatMap((g) => g.deliveries) ?? [], [data]);
  // The left side's search: what it shows and what a shift-click ranges over. A selection made under
  // one search stays under the next, so deliveries found one by one are dragged together.
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  // In the address beside the center and day (?q=), so a reload keeps it and the calculator links a direction here.
  const setQuery = (q: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  useListKeys({ rows: NO_ROWS, page: 1, pages: 1 }); // / jumps to the search, as on every list
  const shownGroups = useMemo(() => (data ? searchGroups(data.unallocated, query) : undefined), [data, query]);
  const shownIds = useMemo(() => (shownGroups ?? []).flatMap((g) => g.deliveries.map((d) => d.id)), [shownGroups]);
  const trips = useMemo(() => [...(data?.trips ?? [])].sort((a, b) => a.trip_no - b.trip_no), [data]);
  const tripById = (id: number) => trips.find((trip) => trip.id === id);

  const selection = useSelection(shownIds, centerId, date);
  const { selected } = selection;
  const writes = useBoardWrites(queryKey, board.isFetching);
  const { busy, live, refetch, beginWrite } = writes;
  const undo = useUndo({ queryKey, centerId, date }, writes);
  /** One write; on success its undo step is recorded. */
  const run = (write: () => Promise<unknown>, step?: UndoStep) => writes.run(write, step ? () => undo.push(step) : undefined);

  const assign = (trip: TripDetail, deliveries: BoardDelivery[]) => {
    const plan = planOf(trip);
    const next = addToPlan(plan, deliveries);
    if (deliveryIdsOf(next).length === deliveryIdsOf(plan).length) return;
    void run(() => putStops(trip.id, trip.version, entriesOf(next)), {
      label: 'assign',
      before: [{ tripId: trip.id, entries: entriesOf(plan) }],
    }).then((ok) => {
      if (ok) selection.unselect(deliveries);
    });
  };

  const moveBetween = (from: TripDetail, to: TripDetail, deliveryIds: number[]) =>
    void run(() => moveDeliveries({ id: from.id, version: from.version }, { id: to.id, version: to.version }, deliveryIds), {
      label: 'move',
      before: [
        { tripId: from.id, entries: entriesOf(planOf(from)) },
        { tripId: to.id, entries: entriesOf(planOf(to)) },
      ],
    });

  const unassign = (trip: TripDetail, deliveryIds: number[]) => {
    const plan = planOf(trip);
    void run(() => putStops(trip.id, trip.version, entriesOf(removeFromPlan(plan, deliveryIds))), {
      label: 'unassign',
      before: [{ tripId: trip.id, entries: entriesOf(plan) }],
    });
  };

  const reorder = (trip: TripDetail, from: number, to: number) => {
    const plan = planOf(trip);
    replan(trip, plan, moveStop(plan, from, to));
  };

  /** The trip's stops in a new order (a drag, the keyboard, 近い順), shown at once; undoable. */
  const replan = (trip: TripDetail, plan: Plan, next: Plan) => {
    if (next === plan) return;
    // Shown at once in its new place; the server's answer (or a refusal's reload) follows.
    beginWrite();
    queryClient.setQueryData<Board>(queryKey, (old) =>
      old && {
        ...old,
        trips: old.trips.map((tr) =>
          tr.id !== trip.id
            ? tr
            : { ...tr, stops: next.map((p, i) => ({ ...tr.stops.find((s) => s.delivery_destination_id === p.destinationId)!, seq: i + 1 })) },
        ),
      },
    );
    void run(() => putStops(trip.id, trip.version, entriesOf(next)), {
      label: 'reorder',
      before: [{ tripId: trip.id, entries: entriesOf(plan) }],
    }).then(async (ok) => {
      if (!ok) await refetch();
    });
  };

  /** 全便確定: every draft ready to run, confirmed one after the other once the planner agrees; the board shows what was done. */
  const toConfirm = readyToConfirm(trips);
  const onConfirmAll = () =>
    modal.confirm({
      title: t('allocationScreens.board.confirmAllTitle', { count: toConfirm.length }),
      content: t('allocationScreens.board.confirmAllHint'),
      okText: t('allocationScreens.board.confirmAllOk'),
      cancelText: t('buttons.cancel'),
      okButtonProps: { 'data-testid': 'confirm-all-ok' } as never,
      onOk: () =>
        run(async () => {
          for (const trip of toConfirm) await tripAction(trip.id, trip.version, 'confirm');
        }).then((ok) => ok && toast.success(t('allocationScreens.board.confirmAllDone', { count: toConfirm.length }), 'allocation-confirm-all')),
    });

  // 全便を近い順: every trip 近い順 would reorder, one after the other; one Ctrl+Z puts back all that were written.
  const onRoundAll = () => {
    const changes = roundAllPlans(trips);
    if (changes.length === 0) {
      toast.info(t('allocationScreens.board.roundAllInOrder'), 'allocation-round-all');
      return;
    }
    const before: TripSnapshot[] = [];
    const step: UndoStep = { label: 'roundAll', before };
    void run(async () => {
      try {
        for (const { trip, before: plan, after } of changes) {
          await putStops(trip.id, trip.version, entriesOf(after));
          before.push({ tripId: trip.id, entries: entriesOf(plan) });
        }
      } catch (error) {
        if (before.length) undo.push(step);
        throw error;
      }
    }, step).then((ok) => ok && toast.success(t('allocationScreens.board.roundAllDone', { count: changes.length }), 'allocation-round-all'));
  };

  useBoardKeys({
    busy,
    undo: undo.undo,
    sendSelectedTo: (tripNo) => {
      const trip = trips.find((candidate) => candidate.trip_no === tripNo);
      const deliveries = allDeliveries.filter((d) => selected.has(d.id));
      if (trip && deliveries.length > 0) assign(trip, deliveries);
    },
  });

  const draggedCount = (act: Active | null): number => {
    const d = act?.data.current;
    if (!d) return 0;
    if (d.type === 'group') return (d.deliveries as BoardDelivery[]).length;
    if (d.type === 'stop') return (d.deliveryIds as number[]).length;
    return draggedDeliveries(d.delivery as BoardDelivery, selected, allDeliveries).length;
  };

  const onDragStart = (event: DragStartEvent) => setActive(event.active);

  const applyDrop = (drop: DropDecision) => {
    if (drop.kind === 'unassign') return unassign(tripById(drop.tripId)!, drop.deliveryIds);
    if (drop.kind === 'reorder') return reorder(tripById(drop.tripId)!, drop.from, drop.to);
    if (drop.kind === 'move') return moveBetween(tripById(drop.fromTripId)!, tripById(drop.toTripId)!, drop.deliveryIds);
    assign(tripById(drop.tripId)!, drop.deliveries);
  };

  const onDragEnd = ({ active: act, over }: DragEndEvent) => {
    setActive(null);
    // Released off every trip and off the left side: nothing happens, and the planner is told where to drop.
    if (!over) return void toast.warning(t('allocationScreens.board.dropOntoTrip'), 'allocation-drop');
    if (busy) return;
    const source = act.data.current;
    const target = over.data.current;
    if (!source || !target) return;
    const drop = dropDecision(source, target, over.id === UNALLOCATED_ID, {
      hasTrip: (id) => tripById(id) !== undefined,
      selected,
      deliveries: allDeliveries,
    });
    if (drop) applyDrop(drop);
  };

  const actions: TripActions = {
    onPin: (trip) => void run(() => patchTrip(trip.id, { version: trip.version, pinned: !trip.pinned })),
    onConfirm: (trip) => void run(() => tripAction(trip.id, trip.version, trip.confirmed_at ? 'unconfirm' : 'confirm')),
    onLoadingStart: (trip) => void run(() => tripAction(trip.id, trip.version, 'loading_start')),
    onRound: (trip, plan) => replan(trip, planOf(trip), plan),
  };

  const onCreate = (vehicleId: number, driverId?: number) =>
    void run(async () => {
      // It starts at the center's times (稼働時間), or a vehicle's next round's, so its stops get planned arrivals and their warnings at once.
      const start = data ? newTripStart(data, vehicleId) : {};
      const trip = await createTrip({ date, kind: 'store_direct', department_id: centerId, vehicle_id: vehicleId, driver_id: driverId, ...start });
      toast.success(t('allocationScreens.board.tripCreated', { tripNo: trip.trip_no }), 'allocation-created');
    });

  return (
    <ScreenCard
      className="alloc-page"
      title={t('allocationScreens.board.title')}
      extra={<CenterDateBar state={state} onReload={() => void queryClient.invalidateQueries({ queryKey })} />}
    >
      <StoreDirectToolbar
        board={data}
        trips={trips}
        centerId={centerId}
        date={date}
        busy={busy}
        selection={{ count: selected.size, clear: selection.clear }}
        undo={{ last: undo.last, run: () => void undo.undo() }}
        toConfirm={toConfirm.length}
        onConfirmAll={onConfirmAll}
        onRoundAll={onRoundAll}
        onCreate={onCreate}
        run={run}
      />
      <DayMapPanel board={data} groups={shownGroups} trips={trips} selected={selected} onSelect={selection.selectMany} viewKey={`${centerId}:${date}`} />
      {failedRead(board, state) ? <LoadFailure error={board.error} onRetry={() => void board.refetch()} /> : null}
      <Spin spinning={(board.isFetching && !live.refreshing) || busy || notLoadedYet(board)} delay={300}>
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          autoScroll={BOARD_AUTO_SCROLL}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActive(null)}
        >
          <div className="alloc-board" data-testid="allocation-board" data-busy={busy || board.isFetching}>
            <UnallocatedPanel
              groups={shownGroups}
              search={{ query, onChange: setQuery, total: allDeliveries.length }}
              selected={selected}
              collapsed={collapsed}
              onToggleGroup={(key) =>
                setCollapsed((current) => {
                  const next = new Set(current);
                  if (next.has(key)) next.delete(key);
                  else next.add(key);
                  return next;
                })
              }
              onClickDelivery={selection.click}
              onSelectGroup={selection.selectGroup}
            />
            <div className="alloc-trips" data-testid="trip-list">
              <BoardViewSwitch {...view} />
              {view.chart && data ? <DayChart board={data} trips={trips} date={date} busy={busy} run={run} /> : null}
              {!view.chart && data && trips.length === 0 ? (
                <Empty description={t('allocationScreens.board.noTrips')} />
              ) : null}
              {(view.chart ? [] : trips).map((trip) => (
                <TripCard key={trip.id} trip={trip} busy={busy} actions={actions} />
              ))}
            </div>
          </div>
          <DragOverlay dropAnimation={null}>
            <DragPreview active={active} count={draggedCount(active)} />
          </DragOverlay>
        </DndContext>
      </Spin>
      <Typography.Text type="secondary" className="alloc-hint">
        {t('allocationScreens.board.stopsReorderHint')}
      </Typography.Text>
    </ScreenCard>
  );
}
