/**
 * 配車ボード (店舗直送): unallocated deliveries by direction on the left, trips on the right.
 * Drag deliveries (one, a selection, a direction) onto a trip, between trips, back to the left;
 * reorder stops by drag or keyboard; Ctrl+Z undoes the last move. Every write goes to the server
 * with the trip's version; a refusal changes nothing and is shown.
 */
import { CheckCircleOutlined, NodeIndexOutlined, UndoOutlined } from '@ant-design/icons';
import { closedRefusal } from '../../../../common/allocation.js';
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
import { App, Button, Card, Empty, Select, Space, Spin, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLiveRefetch } from '../../shared/realtime/use-live.js';
import { TRIP_CHANNEL } from '../../shared/realtime/live-channels.js';
import { toast } from '../../app/providers/toast.js';
import { CopyPreviousDayButton } from './copy-previous-day.js';
import { createTrip, fetchBoard, moveDeliveries, patchTrip, putStops, tripAction } from './api.js';
import {
  addToPlan,
  boardTotals,
  deliveryIdsOf,
  draggedDeliveries,
  entriesOf,
  moveStop,
  type Plan,
  planOf,
  popUndo,
  pushUndo,
  rangeBetween,
  removeFromPlan,
  readyToConfirm,
  roundAllPlans,
  searchGroups,
  type TripSnapshot,
  undoOrder,
  type UndoStep,
} from './board-logic.js';
import { LoadFailure } from '../../shared/components/load-failure.js';
import { CenterDateBar, failedRead, notLoadedYet, useCenterDate } from './center-date.js';
import { driverLabel, regularDriver, vehicleLabel } from './labels.js';
import { OperationSheetButton } from './operation-sheet-button.js';
import { useTripWrites } from './trip-writes.js';
import { NotLeftCount } from '../../shared/trips/status-tag.js';
import { TripCard, type TripActions } from './trip-card.js';
import type { Board, BoardDelivery, DirectionGroup, TripDetail } from '../../shared/trips/types.js';
import { TotalsText, UnallocatedPanel, UNALLOCATED_ID } from './unallocated-panel.js';
import { useListKeys } from '../../shared/components/list-keys.js';
import { useSearchParams } from 'react-router-dom';
import './allocation.css';
import { keyIn, useT } from '../../app/providers/translate.js';

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

function NewTripForm({ board, onCreate, busy }: { board: Board; onCreate: (vehicleId: number, driverId?: number) => void; busy: boolean }) {
  const { t } = useT();
  const [vehicleId, setVehicleId] = useState<number>();
  const [driverId, setDriverId] = useState<number>();
  const vehicleOptions = board.vehicles.map((v) => ({
    value: v.id,
    disabled: v.busy,
    label: vehicleLabel(v, t),
  }));
  const driverOptions = board.drivers.map((d) => ({ value: d.id, label: driverLabel(d, t) }));
  const chooseVehicle = (id: number) => {
    setVehicleId(id);
    if (driverId === undefined) setDriverId(regularDriver(board.drivers, id)?.id);
  };
  return (
    <Space.Compact className="alloc-new-trip">
      <Select
        placeholder={t('allocationScreens.board.vehicle')}
        options={vehicleOptions}
        value={vehicleId}
        onChange={chooseVehicle}
        showSearch
        optionFilterProp="label"
        style={{ width: 220 }}
        data-testid="new-trip-vehicle"
      />
      <Select
        placeholder={t('allocationScreens.board.driver')}
        options={driverOptions}
        value={driverId}
        onChange={setDriverId}
        showSearch
        allowClear
        optionFilterProp="label"
        style={{ width: 160 }}
        data-testid="new-trip-driver"
      />
      <Button
        type="primary"
        disabled={!vehicleId || busy}
        onClick={() => {
          if (!vehicleId) return;
          onCreate(vehicleId, driverId);
          setVehicleId(undefined);
          setDriverId(undefined);
        }}
        data-testid="new-trip-create"
      >
        {t('allocationScreens.board.newTrip')}
      </Button>
    </Space.Compact>
  );
}

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
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const anchor = useRef<number>();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [undoStack, setUndoStack] = useState<UndoStep[]>([]);
  const [active, setActive] = useState<Active | null>(null);

  // A new board (another center or day) starts with nothing selected and nothing to undo.
  useEffect(() => {
    setSelected(new Set());
    setUndoStack([]);
  }, [centerId, date]);

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
  const totals = data ? boardTotals(data) : undefined;

  // Own writes and other people's changes (the live provider's trip events) both refetch the board.
  // While a write of ours runs (its optimistic order on screen), an event only notes that a refetch is
  // owed: the write's own refetch, which starts after the event arrived, pays it, and nothing reloads
  // the board under the move twice. An event-driven refetch keeps the spinner off (same data, no flash).
  const writing = useRef(false);
  const owed = useRef(false);
  const refetch = () => {
    writing.current = false;
    owed.current = false;
    return queryClient.invalidateQueries({ queryKey });
  };
  const live = useLiveRefetch(TRIP_CHANNEL, async () => {
    if (writing.current) owed.current = true;
    else await queryClient.invalidateQueries({ queryKey });
  });
  /** Before a write: nothing older than it may land on the board (an event's refetch under way is dropped and owed). */
  const beginWrite = () => {
    writing.current = true;
    if (live.refreshing || board.isFetching) owed.current = true;
    void queryClient.cancelQueries({ queryKey });
  };

  const writes = useTripWrites(refetch);
  const { busy, setBusy, refusal } = writes;
  /** One write; on success its undo step is recorded. */
  const run = async (write: () => Promise<unknown>, step?: UndoStep) => {
    if (!writing.current) beginWrite();
    try {
      return await writes.run(write, step ? () => setUndoStack((stack) => pushUndo(stack, step)) : undefined);
    } finally {
      writing.current = false;
      if (owed.current) {
        owed.current = false;
        live.refresh();
      }
    }
  };

  const assign = (trip: TripDetail, deliveries: BoardDelivery[]) => {
    const plan = planOf(trip);
    const next = addToPlan(plan, deliveries);
    if (deliveryIdsOf(next).length === deliveryIdsOf(plan).length) return;
    void run(() => putStops(trip.id, trip.version, entriesOf(next)), {
      label: 'assign',
      before: [{ tripId: trip.id, entries: entriesOf(plan) }],
    }).then((ok) => {
      if (ok) setSelected((s) => new Set([...s].filter((id) => !deliveries.some((d) => d.id === id))));
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

  // 全便を近い順: every trip 近い順 would reorder, one after the other; one Ctrl+Z puts back all that were written.
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
        if (before.length) setUndoStack((stack) => pushUndo(stack, step));
        throw error;
      }
    }, step).then((ok) => ok && toast.success(t('allocationScreens.board.roundAllDone', { count: changes.length }), 'allocation-round-all'));
  };

  const undo = useCallback(async () => {
    const { step, rest } = popUndo(undoStack);
    if (!step) {
      toast.info(t('allocationScreens.board.nothingToUndo'), 'allocation-undo');
      return;
    }
    setBusy(true);
    beginWrite();
    try {
      // The lists go back with the trips' current versions: read them fresh.
      const fresh = await queryClient.fetchQuery({ queryKey, queryFn: () => fetchBoard(centerId!, date) });
      const current = (id: number) => fresh.trips.find((trip) => trip.id === id);
      for (const snapshot of undoOrder(step, (id) => deliveryIdsOf(planOf(current(id) ?? { stops: [] })).length)) {
        const trip = current(snapshot.tripId);
        if (!trip) continue;
        await putStops(trip.id, trip.version, snapshot.entries);
      }
      setUndoStack(rest);
      toast.success(t('allocationScreens.board.undone'), 'allocation-undo');
    } catch (error) {
      refusal(error);
      setUndoStack(rest);
    } finally {
      setBusy(false);
      await refetch();
    }
  }, [undoStack, queryKey, centerId, date]);

  // Ctrl+Z reads the board as it is when the key is pressed: updated in a layout effect, so that no
  // key can arrive once a move has ended on screen but before the listener knows (a passive effect
  // re-registering the listener left that gap, and a quick Ctrl+Z was silently dropped).
  /** 1-9: the selected deliveries onto the trip of that number (便3), as a drop on its card would. */
  const sendSelectedTo = (tripNo: number) => {
    const trip = trips.find((candidate) => candidate.trip_no === tripNo);
    const deliveries = allDeliveries.filter((d) => selected.has(d.id));
    if (trip && deliveries.length > 0) assign(trip, deliveries);
  };
  const latest = useRef({ undo, busy, sendSelectedTo });
  useLayoutEffect(() => {
    latest.current = { undo, busy, sendSelectedTo };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.isComposing || (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable))) return;
      const plain = !(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey);
      if (plain && /^[1-9]$/.test(event.key)) {
        if (!latest.current.busy) latest.current.sendSelectedTo(Number(event.key));
        return;
      }
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || event.shiftKey) return;
      event.preventDefault();
      if (!latest.current.busy) void latest.current.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const draggedCount = (act: Active | null): number => {
    const d = act?.data.current;
    if (!d) return 0;
    if (d.type === 'group') return (d.deliveries as BoardDelivery[]).length;
    if (d.type === 'stop') return (d.deliveryIds as number[]).length;
    return draggedDeliveries(d.delivery as BoardDelivery, selected, allDeliveries).length;
  };

  const onDragStart = (event: DragStartEvent) => setActive(event.active);

  const onDragEnd = ({ active: act, over }: DragEndEvent) => {
    setActive(null);
    if (!over || busy) return;
    const source = act.data.current;
    const target = over.data.current;
    if (!source || !target) return;
    const targetTripId = target.tripId as number | undefined;
    if (source.type === 'stop') {
      const fromTrip = tripById(source.tripId as number);
      if (!fromTrip) return;
      const ids = source.deliveryIds as number[];
      if (over.id === UNALLOCATED_ID) return unassign(fromTrip, ids);
      if (targetTripId === undefined) return;
      if (targetTripId === fromTrip.id) {
        if (target.type === 'stop') reorder(fromTrip, source.index as number, target.index as number);
        return;
      }
      const toTrip = tripById(targetTripId);
      if (toTrip) moveBetween(fromTrip, toTrip, ids);
      return;
    }
    if (targetTripId === undefined) return;
    const trip = tripById(targetTripId);
    if (!trip) return;
    const deliveries =
      source.type === 'group'
        ? (source.deliveries as BoardDelivery[])
        : draggedDeliveries(source.delivery as BoardDelivery, selected, allDeliveries);
    assign(trip, deliveries);
  };

  const onClickDelivery = (delivery: BoardDelivery, range: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (range) {
        for (const id of rangeBetween(shownIds, anchor.current, delivery.id)) next.add(id);
      } else if (next.has(delivery.id)) next.delete(delivery.id);
      else next.add(delivery.id);
      return next;
    });
    anchor.current = delivery.id;
  };

  const onSelectGroup = (group: DirectionGroup, all: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const d of group.deliveries) {
        if (all) next.add(d.id);
        else next.delete(d.id);
      }
      return next;
    });

  const actions: TripActions = {
    onPin: (trip) => void run(() => patchTrip(trip.id, { version: trip.version, pinned: !trip.pinned })),
    onConfirm: (trip) => void run(() => tripAction(trip.id, trip.version, trip.confirmed_at ? 'unconfirm' : 'confirm')),
    onLoadingStart: (trip) => void run(() => tripAction(trip.id, trip.version, 'loading_start')),
    onRound: (trip, plan) => replan(trip, planOf(trip), plan),
  };

  const onCreate = (vehicleId: number, driverId?: number) =>
    void run(async () => {
      // It starts at the center's times (稼働時間), so its stops get planned arrivals and their warnings at once.
      const times = data?.new_trip ?? {};
      const trip = await createTrip({ date, kind: 'store_direct', department_id: centerId, vehicle_id: vehicleId, driver_id: driverId, ...times });
      toast.success(t('allocationScreens.board.tripCreated', { tripNo: trip.trip_no }), 'allocation-created');
    });

  const lastStep = undoStack.at(-1);

  return (
    <Card
      className="alloc-page"
      title={<span data-testid="page-title">{t('allocationScreens.board.title')}</span>}
      extra={<CenterDateBar state={state} onReload={() => void queryClient.invalidateQueries({ queryKey })} />}
      size="small"
    >
      <div className="alloc-strip" data-testid="board-totals">
        <span className="alloc-strip__item alloc-strip__item--open">
          <strong>{t('allocationScreens.board.unallocated')}</strong>
          {totals ? <TotalsText totals={totals.unallocated} testId="totals-unallocated" /> : null}
        </span>
        <span className="alloc-strip__item alloc-strip__item--done">
          <strong>{t('allocationScreens.board.allocated')}</strong>
          {totals ? <TotalsText totals={totals.allocated} testId="totals-allocated" /> : null}
        </span>
        <span className="alloc-strip__item">
          <strong>{t('allocationScreens.board.trips')}</strong> {data ? trips.length : null}
        </span>
        <NotLeftCount trips={trips} className="alloc-strip__item alloc-strip__item--late" />
        {selected.size > 0 ? (
          <span className="alloc-strip__item">
            {t('allocationScreens.board.selected', { count: selected.size })}
            <Button size="small" type="link" onClick={() => setSelected(new Set())}>
              {t('allocationScreens.board.clearSelection')}
            </Button>
          </span>
        ) : null}
        <span className="alloc-strip__spacer" />
        <Tooltip title={lastStep ? t('allocationScreens.board.undoHint', { label: t(keyIn('allocationScreens.board.moveLabels', lastStep.label)) }) : 'Ctrl+Z'}>
          <Button size="small" icon={<UndoOutlined />} disabled={!lastStep || busy} onClick={() => void undo()} data-testid="board-undo">
            {t('allocationScreens.board.undo')}
          </Button>
        </Tooltip>
        <Tooltip title={t('allocationScreens.board.roundAllHint')}>
          <Button
            size="small"
            icon={<NodeIndexOutlined />}
            disabled={busy || !trips.some((trip) => !trip.pinned && !closedRefusal(trip, true) && trip.stops.length > 1)}
            onClick={onRoundAll}
            data-testid="board-round-all"
          >
            {t('allocationScreens.board.roundAll')}
          </Button>
        </Tooltip>
        <Tooltip title={t('allocationScreens.board.confirmAllHint')}>
          <Button size="small" icon={<CheckCircleOutlined />} disabled={busy || toConfirm.length === 0} onClick={onConfirmAll} data-testid="board-confirm-all">
            {t('allocationScreens.board.confirmAll', { count: toConfirm.length })}
          </Button>
        </Tooltip>
        <Tooltip title={t('allocationScreens.board.printDayHint')}>
          <span>
            <OperationSheetButton
              query={`date=${date}&department_id=${centerId ?? ''}`}
              file={`delivery-operation_${date}.pdf`}
              label={t('allocationScreens.board.printDay')}
              testId="board-print-day"
              disabled={!centerId || trips.length === 0}
            />
          </span>
        </Tooltip>
        <span className="alloc-strip__break" />
        {data ? <NewTripForm board={data} onCreate={onCreate} busy={busy} /> : null}
        <CopyPreviousDayButton centerId={centerId} date={date} kind="store_direct" busy={busy} run={run} testId="board-copy-previous-day" />
      </div>
      {failedRead(board, state) ? <LoadFailure error={board.error} onRetry={() => void board.refetch()} /> : null}
      <Spin spinning={(board.isFetching && !live.refreshing) || busy || notLoadedYet(board)} delay={300}>
        <DndContext sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setActive(null)}>
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
              onClickDelivery={onClickDelivery}
              onSelectGroup={onSelectGroup}
            />
            <div className="alloc-trips" data-testid="trip-list">
              {data && trips.length === 0 ? (
                <Empty description={t('allocationScreens.board.noTrips')} />
              ) : null}
              {trips.map((trip) => (
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
    </Card>
  );
}
