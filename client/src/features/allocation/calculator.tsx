/**
 * 配車計算 (/debug/caculator_data_allocation): for a center and day, per direction the totals and the
 * vehicles needed by type, and a proposed assignment to accept (draft trips) or discard.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../app/providers/toast.js';
import { acceptProposal, fetchBoard, fetchCalculator, isConflict } from './api.js';
import { directionTotals, proposalTotals } from './board-logic.js';
import { LoadFailure } from '../../shared/components/load-failure.js';
import { CenterDateBar, failedRead, notLoadedYet, useCenterDate } from './center-date.js';
import { formatNumber } from './labels.js';
import { useRefusalToast } from './trip-writes.js';
import type { Board, Calculator, CalculatorDirection, CalculatorProposal, CalculatorVehicleType } from '../../shared/trips/types.js';
import { TransferTag } from './unallocated-panel.js';
import { LoadBars } from './load-bars.js';
import { OptimizerProgress, useOptimizerProgress } from './calculator-progress.js';
import { FindingTags, findingsOfWarnings } from '../../shared/work-rules/tags.js';
import './styles.js';
import { centerDayQuery } from '../../shared/trips/center-day.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import { clockOf, tokyoMinutes } from '../../../../common/time.js';

export default function CalculatorPage() {
  const { t } = useT();
  const state = useCenterDate();
  const { centerId, date } = state;
  const queryClient = useQueryClient();
  // The optimizer's time budget: longer finds a better plan for a large day.
  const [seconds, setSeconds] = useState<number>(DEFAULT_SECONDS);
  const key = ['allocation', 'calculator', centerId, date, seconds];
  const optimizer = useOptimizerProgress();
  const calc = useQuery({ queryKey: key, queryFn: () => fetchCalculator(centerId!, date, seconds, optimizer.start(seconds)), enabled: centerId !== undefined });
  // Driver names: the calculator names drivers by id; the board's list of the center's drivers has them.
  const board = useQuery({
    queryKey: ['allocation', 'board', centerId, date],
    queryFn: () => fetchBoard(centerId!, date),
    enabled: centerId !== undefined,
  });
  const refusal = useRefusalToast();
  const [busy, setBusy] = useState(false);
  const [discarded, setDiscarded] = useState(false);
  const [accepted, setAccepted] = useState<number>();
  const data = calc.data;
  // The proposed trips the planner unticked: the rest is what 採用 creates. A new calculation ticks every trip again.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setUnticked(new Set()), [data]);
  const directionName = (id: number | null) =>
    data?.directions.find((d) => d.direction_id === id)?.direction_name ?? t('allocationScreens.board.noDirection');

  const accept = async () => {
    if (centerId === undefined || chosen.length === 0) return;
    setBusy(true);
    try {
      const result = await acceptProposal({
        department_id: centerId,
        date,
        proposal: chosen.map(({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure }) => ({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure })),
      });
      setAccepted(result.created);
      toast.success(t('allocationScreens.calculator.accepted', { count: result.created }), 'allocation-calculator');
      await queryClient.invalidateQueries({ queryKey: ['allocation'] });
    } catch (error) {
      refusal(error);
      // The day changed under the proposal (another planner, the board): calculate it again.
      if (isConflict(error)) await calc.refetch();
    } finally {
      setBusy(false);
    }
  };

  const boardLink = `/store-direct?${centerDayQuery(centerId, date)}`;

  const directionColumns: ColumnsType<CalculatorDirection> = [
    {
      title: t('allocationScreens.calculator.direction'),
      dataIndex: 'direction_name',
      render: (v: string | null, d) => (
        <>
          {v ? (
            <Link to={`${boardLink}&q=${encodeURIComponent(v)}`} title={t('allocationScreens.calculator.openDirection')} data-testid="direction-board-link">
              {v}
            </Link>
          ) : (
            t('allocationScreens.board.noDirection')
          )}
          {d.transfer_to ? <TransferTag center={d.transfer_to} className="alloc-calc__transfer" /> : null}
          {d.trips_per_day > 1 ? (
            <Typography.Text type="secondary" className="alloc-calc__rounds" data-testid="direction-rounds">
              {t('allocationScreens.calculator.rounds', { count: d.trips_per_day })}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { title: t('allocationScreens.calculator.quantity'), dataIndex: 'quantity', align: 'right', render: formatNumber },
    { title: t('allocationScreens.calculator.weight'), dataIndex: 'weight', align: 'right', render: formatNumber },
    { title: t('allocationScreens.calculator.pallets'), dataIndex: 'pallets', align: 'right', render: formatNumber },
    { title: t('allocationScreens.calculator.cageCarts'), dataIndex: 'cage_carts', align: 'right', render: formatNumber },
    {
      title: t('allocationScreens.calculator.vehiclesByType'),
      key: 'vehicles',
      children: (data?.vehicle_types ?? []).map((type) => ({
        title: <VehicleTypeHeader type={type} />,
        key: `type-${type.id}`,
        align: 'right' as const,
        render: (_: unknown, d: CalculatorDirection) => <TypeCount direction={d} typeId={type.id} />,
      })),
    },
  ];

  const proposalColumns: ColumnsType<CalculatorProposal> = [
    {
      title: t('allocationScreens.calculator.vehicle'),
      dataIndex: 'vehicle_number',
      render: (number: string, p) => (
        <>
          {number}
          <Typography.Text type="secondary" className="alloc-calc__vehicle-type">
            {p.vehicle_type_name}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('allocationScreens.calculator.driver'),
      dataIndex: 'driver_id',
      render: (id: number | null, p) => (
        <>
          <div>{id === null ? '—' : (board.data?.drivers.find((d) => d.id === id)?.name ?? `#${id}`)}</div>
          <div className="alloc-calc__findings" data-testid="proposal-work-rules">
            <FindingTags findings={findingsOfWarnings(p.work_rule_warnings)} onDate={date} brief />
          </div>
        </>
      ),
    },
    { title: t('allocationScreens.calculator.times'), key: 'times', render: (_, p) => <ProposalTimes proposal={p} /> },
    { title: t('allocationScreens.calculator.direction'), dataIndex: 'direction_ids', render: (ids: (number | null)[]) => ids.map(directionName).join('・') },
    { title: t('allocationScreens.calculator.deliveries'), key: 'count', align: 'right', render: (_, p) => p.delivery_ids.length },
    { title: t('allocationScreens.calculator.quantity'), dataIndex: 'quantity', align: 'right', render: formatNumber },
    { title: t('allocationScreens.calculator.weight'), dataIndex: 'weight', align: 'right', render: formatNumber },
    { title: t('allocationScreens.calculator.load'), key: 'load', width: 220, render: (_, p) => <LoadBars load={p} capacities={p} /> },
    { title: t('allocationScreens.calculator.loadRate'), dataIndex: 'load_rate', align: 'right', render: percent },
    { title: t('allocationScreens.calculator.km'), dataIndex: 'km', align: 'right', render: (km: number) => t('allocationScreens.calculator.kmValue', { km: formatNumber(km) }) },
  ];

  const proposal = discarded ? [] : (data?.proposal ?? []);
  const chosen = proposal.filter((p) => !unticked.has(proposalKey(p)));
  return (
    <ScreenCard
      className="alloc-page"
      title={t('allocationScreens.calculator.title')}
      extra={
        <CenterDateBar
          state={state}
          onReload={() => {
            setDiscarded(false);
            setAccepted(undefined);
            void calc.refetch();
          }}
        />
      }
    >
      {failedRead(calc, state) ? <LoadFailure error={calc.error} onRetry={() => void calc.refetch()} /> : null}
      <Typography.Title level={5}>{t('allocationScreens.calculator.directions')}</Typography.Title>
      <Table<CalculatorDirection>
        size="small"
        rowKey={(d) => String(d.direction_id)}
        columns={directionColumns}
        dataSource={data?.directions ?? []}
        loading={calc.isFetching || notLoadedYet(calc)}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('allocationScreens.calculator.empty')} /> }}
        data-testid="calculator-directions"
        summary={(directions) => <DirectionTotalsRow directions={directions} types={data?.vehicle_types ?? []} />}
      />
      <Typography.Text type="secondary" className="alloc-calc__hint">
        {t('allocationScreens.calculator.recommendedHint')}
      </Typography.Text>
      <Space style={{ margin: '12px 0 6px', display: 'flex', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('allocationScreens.calculator.proposal')}
        </Typography.Title>
        <Space>
          <SecondsSelect value={seconds} onChange={setSeconds} />
          <Button onClick={() => setDiscarded(true)} disabled={busy || proposal.length === 0} data-testid="calculator-discard">
            {t('allocationScreens.calculator.discard')}
          </Button>
          <Button type="primary" onClick={() => void accept()} loading={busy} disabled={chosen.length === 0} data-testid="calculator-accept">
            {chosen.length > 0 ? t('allocationScreens.calculator.acceptCount', { count: chosen.length }) : t('allocationScreens.calculator.accept')}
          </Button>
        </Space>
      </Space>
      {calc.isFetching ? <OptimizerProgress progress={optimizer.progress} /> : null}
      {data && !discarded && proposal.length > 0 ? <Comparison data={data} /> : null}
      {accepted !== undefined ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 8 }}
          message={t('allocationScreens.calculator.accepted', { count: accepted })}
          action={<Link to={boardLink}>{t('allocationScreens.calculator.openBoard')}</Link>}
        />
      ) : null}
      <Table<CalculatorProposal>
        size="small"
        rowKey={proposalKey}
        rowSelection={{
          selectedRowKeys: chosen.map(proposalKey),
          onChange: (keys) => setUnticked(new Set(proposal.map(proposalKey).filter((key) => !keys.includes(key)))),
          getCheckboxProps: (p) => ({ 'aria-label': p.vehicle_number, disabled: busy }),
        }}
        columns={proposalColumns}
        dataSource={proposal}
        loading={calc.isFetching || notLoadedYet(calc)}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(proposalEmptyKey(data, discarded))} /> }}
        data-testid="calculator-proposal"
        summary={(rows) => <ProposalTotalsRow proposal={rows} />}
      />
      {data && data.unassigned.length > 0 && !discarded ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          data-testid="calculator-unassigned"
          message={t('allocationScreens.calculator.unassigned', { count: data.unassigned.length })}
          description={<UnassignedList unassigned={data.unassigned} board={board.data} />}
        />
      ) : null}
      <div style={{ marginTop: 8 }}>
        <Link to={boardLink}>{t('allocationScreens.calculator.openBoard')}</Link>
      </div>
    </ScreenCard>
  );
}

/** A proposed trip's row: its vehicle and round (a vehicle's 2回転目 is a row of its own). */
const DEFAULT_SECONDS = 5;
const SECONDS_CHOICES = [1, 5, 10, 30];
const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The optimizer's time budget, as the planner chooses it. */
function SecondsSelect({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  const { t } = useT();
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{t('allocationScreens.calculator.seconds')}</Typography.Text>
      <Select<number>
        size="small"
        value={value}
        onChange={onChange}
        options={SECONDS_CHOICES.map((count) => ({ value: count, label: t('allocationScreens.calculator.secondsOption', { count }) }))}
        data-testid="calculator-seconds"
      />
    </Space>
  );
}

/** The proposal's figures beside the day's trips as they stand: vehicles, km, operating hours, late stops. */
function Comparison({ data }: { data: Calculator }) {
  const { t } = useT();
  const figures = (which: Calculator['summary']) => (
    <>
      {t('allocationScreens.calculator.vehicles')} {formatNumber(which.vehicles)} ・ {t('allocationScreens.calculator.km')}{' '}
      {t('allocationScreens.calculator.kmValue', { km: formatNumber(which.km) })} ・ {t('allocationScreens.calculator.hours')}{' '}
      {t('allocationScreens.calculator.hoursValue', { hours: formatNumber(which.hours) })} ・ {t('allocationScreens.calculator.lateStops')} {formatNumber(which.late_stops)}
    </>
  );
  return (
    <Descriptions size="small" column={1} bordered title={t('allocationScreens.calculator.comparison')} data-testid="calculator-comparison" style={{ marginBottom: 8 }}>
      <Descriptions.Item label={t('allocationScreens.calculator.current')}>
        <span data-testid="calculator-current">{figures(data.current)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('allocationScreens.calculator.proposed')}>
        <span data-testid="calculator-summary">{figures(data.summary)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

const proposalKey = (p: CalculatorProposal) => `${p.vehicle_id}-${p.round}`;

/** When the proposed trip departs and is back, and which round of its vehicle it is when not the first. */
function ProposalTimes({ proposal }: { proposal: CalculatorProposal }) {
  const { t } = useT();
  const clock = (instant: string) => clockOf(tokyoMinutes(new Date(instant)));
  return (
    <span className="alloc-calc__times" data-testid="proposal-times">
      {clock(proposal.planned_departure)}–{clock(proposal.planned_arrival)}
      {proposal.round > 1 ? (
        <Tag color="blue" data-testid="proposal-round">
          {t('allocationScreens.calculator.round', { count: proposal.round })}
        </Tag>
      ) : null}
    </span>
  );
}

/** Why the proposal is empty: discarded, no deliveries that day, nothing left to allocate, or no vehicle free for what is left. */
function proposalEmptyKey(data: Calculator | undefined, discarded: boolean) {
  if (discarded) return 'allocationScreens.calculator.discarded' as const;
  if (!data || data.directions.length === 0) return 'allocationScreens.calculator.empty' as const;
  if (data.unassigned_delivery_ids.length === 0) return 'allocationScreens.calculator.allAllocated' as const;
  return 'allocationScreens.calculator.noVehicleFree' as const;
}

/** The deliveries left out of the proposal: slip, store and why, as the board lists them. */
function UnassignedList({ unassigned, board }: { unassigned: Calculator['unassigned']; board: Board | undefined }) {
  const { t } = useT();
  const deliveries = new Map((board?.unallocated ?? []).flatMap((group) => group.deliveries).map((d) => [d.id, d]));
  return (
    <ul className="alloc-unassigned">
      {unassigned.map(({ delivery_id, reason }) => {
        const delivery = deliveries.get(delivery_id);
        return (
          <li key={delivery_id} data-testid="calculator-unassigned-delivery" data-delivery-id={delivery_id}>
            {delivery ? `${delivery.slip_number} ${delivery.store_name ?? ''}` : `#${delivery_id}`}
            {' — '}
            {t(keyIn('allocationScreens.calculator.unassignedReason', reason))}
          </li>
        );
      })}
    </ul>
  );
}

/** A vehicle type's column: its name, and under it how many of it the center has. */
function VehicleTypeHeader({ type }: { type: CalculatorVehicleType }) {
  const { t } = useT();
  return (
    <div className="alloc-calc__type">
      <div>{type.name}</div>
      <Typography.Text type="secondary" className="alloc-calc__owned">
        {t('allocationScreens.calculator.owned', { count: type.vehicles })}
      </Typography.Text>
    </div>
  );
}

/** How many vehicles of one type carry a direction's load: the recommended type in blue, a type that cannot carry it —. */
function TypeCount({ direction, typeId }: { direction: CalculatorDirection; typeId: number }) {
  const { t } = useT();
  const count = direction.vehicles_by_type.find((cell) => cell.vehicle_type_id === typeId)?.count ?? null;
  if (count === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const need = direction.vehicles_needed.find((n) => n.vehicle_type_id === typeId);
  if (need) {
    // More loads than vehicles: each runs several rounds a day; the tooltip says how many loads that is.
    const rounds = need.trips > need.count ? t('allocationScreens.calculator.tripsAtRounds', { trips: need.trips, rounds: direction.trips_per_day }) : undefined;
    return (
      <Tag color="blue" className="alloc-calc__recommended" title={rounds} data-testid="recommended-vehicles">
        {count}
      </Tag>
    );
  }
  return <Typography.Text type="secondary">{count}</Typography.Text>;
}

/** The day's figures under the directions: what the planner has to move, and with how many vehicles. */
function DirectionTotalsRow({ directions, types }: { directions: readonly CalculatorDirection[]; types: readonly CalculatorVehicleType[] }) {
  const { t } = useT();
  if (directions.length === 0) return null;
  const totals = directionTotals(directions);
  const figures = [totals.quantity, totals.weight, totals.pallets, totals.cage_carts];
  return (
    <Table.Summary.Row className="list-totals" data-testid="calculator-directions-totals">
      <Table.Summary.Cell index={0}>
        <strong>{t('allocationScreens.calculator.directionsTotal', { count: directions.length })}</strong>
      </Table.Summary.Cell>
      {figures.map((figure, i) => (
        <Table.Summary.Cell key={i} index={i + 1} align="right">
          <strong>{formatNumber(figure)}</strong>
        </Table.Summary.Cell>
      ))}
      {types.map((type, i) => {
        const count = totals.vehicles_needed.find((need) => need.vehicle_type_id === type.id)?.count ?? 0;
        const over = count > type.vehicles;
        return (
          <Table.Summary.Cell key={type.id} index={figures.length + 1 + i} align="right">
            <Typography.Text strong type={over ? 'danger' : undefined} title={over ? t('allocationScreens.calculator.overFleet', { count: type.vehicles }) : undefined} data-testid={`needed-${type.id}`}>
              {count}
            </Typography.Text>
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );
}

/** What the proposal uses and carries, under its rows. */
function ProposalTotalsRow({ proposal }: { proposal: readonly CalculatorProposal[] }) {
  const { t } = useT();
  if (proposal.length === 0) return null;
  const totals = proposalTotals(proposal);
  return (
    <Table.Summary.Row className="list-totals" data-testid="calculator-proposal-totals">
      <Table.Summary.Cell index={0} colSpan={5}>
        <strong>
          {proposal.length > totals.vehicles
            ? t('allocationScreens.calculator.proposalTotalRounds', { count: totals.vehicles, trips: proposal.length })
            : t('allocationScreens.calculator.proposalTotal', { count: totals.vehicles })}
        </strong>
      </Table.Summary.Cell>
      {[totals.deliveries, totals.quantity, totals.weight].map((figure, i) => (
        <Table.Summary.Cell key={i} index={i + 5} align="right">
          <strong>{formatNumber(figure)}</strong>
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={8} />
      <Table.Summary.Cell index={9} />
      <Table.Summary.Cell index={10} align="right">
        <strong>{t('allocationScreens.calculator.kmValue', { km: formatNumber(Math.round(proposal.reduce((sum, p) => sum + p.km, 0) * 10) / 10) })}</strong>
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}
