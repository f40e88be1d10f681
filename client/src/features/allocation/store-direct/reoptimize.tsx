/**
 * 再最適化: the day's pool and its movable trips (drafts not pinned, not confirmed, not loading)
 * planned anew by the optimizer. The planner first sees what would move where and the day's figures
 * before and after, then applies it (one write, undone in one step by the board's undo) or not.
 */
import { ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { messageOf } from '../../../app/providers/http.js';
import { useT } from '../../../app/providers/translate.js';
import { timeOf } from '../../../shared/times.js';
import type { TripDetail } from '../../../shared/trips/types.js';
import { applyReoptimization, fetchReoptimization, type Reoptimization } from '../api.js';
import { OptimizerProgress, useOptimizerProgress } from '../calculator-progress.js';
import { formatNumber } from '../labels.js';

/** The optimizer's time budget for a 再最適化, in seconds: the calculator's default. */
const REOPTIMIZE_SECONDS = 5;

type Figures = Reoptimization['before'];

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The day's figures before and after, side by side. */
function FiguresTable({ before, after }: { before: Figures; after: Figures }) {
  const { t } = useT();
  const rows = [
    { key: 'vehicles', text: (f: Figures) => formatNumber(f.vehicles) },
    { key: 'km', text: (f: Figures) => formatNumber(f.km) },
    { key: 'hours', text: (f: Figures) => formatNumber(f.hours) },
    { key: 'load_rate', text: (f: Figures) => percent(f.load_rate) },
    { key: 'late_stops', text: (f: Figures) => formatNumber(f.late_stops) },
  ] as const;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      data-testid="reoptimize-figures"
      dataSource={rows.map((row) => ({ key: row.key, before: row.text(before), after: row.text(after) }))}
      columns={[
        { title: '', dataIndex: 'key', render: (key: (typeof rows)[number]['key']) => t(`allocationScreens.reoptimize.figures.${key}`) },
        { title: t('allocationScreens.reoptimize.before'), dataIndex: 'before', align: 'right' },
        { title: t('allocationScreens.reoptimize.after'), dataIndex: 'after', align: 'right' },
      ]}
    />
  );
}

/** The plan's trips: vehicle, times, stops, load rate, and the trip it takes the place of (or new). */
function PlanTrips({ plan, tripNo }: { plan: Reoptimization; tripNo: (id: number) => number | undefined }) {
  const { t } = useT();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, i) => String(i)}
      data-testid="reoptimize-trips"
      dataSource={plan.trips}
      columns={[
        { title: t('allocationScreens.reoptimize.trip'), render: (_, __, i) => t('allocationScreens.reoptimize.planTrip', { no: i + 1 }) },
        { title: t('allocationScreens.board.vehicle'), render: (_, trip) => `${trip.vehicle_number}（${trip.vehicle_type_name}）` },
        { title: t('allocationScreens.reoptimize.times'), render: (_, trip) => `${timeOf(trip.planned_departure)}–${timeOf(trip.planned_arrival)}` },
        { title: t('allocationScreens.reoptimize.deliveries'), align: 'right', render: (_, trip) => formatNumber(trip.delivery_ids.length) },
        { title: t('allocationScreens.reoptimize.figures.load_rate'), align: 'right', render: (_, trip) => percent(trip.load_rate) },
        {
          title: t('allocationScreens.reoptimize.replaces'),
          render: (_, trip) =>
            trip.replaces === null ? <Tag color="blue">{t('allocationScreens.reoptimize.newTrip')}</Tag> : t('allocationScreens.trip.tripNo', { no: tripNo(trip.replaces) }),
        },
      ]}
    />
  );
}

/** The deliveries that change vehicle: from a trip or the pool, to a trip of the plan or the pool. */
function Moves({ plan }: { plan: Reoptimization }) {
  const { t } = useT();
  const pool = t('allocationScreens.board.unallocated');
  return (
    <Table
      size="small"
      pagination={{ pageSize: 8, hideOnSinglePage: true }}
      rowKey="delivery_id"
      data-testid="reoptimize-moves"
      dataSource={plan.moves}
      columns={[
        { title: t('allocationScreens.reoptimize.store'), render: (_, move) => `${move.store_name}（${move.slip_number}）` },
        { title: t('allocationScreens.reoptimize.from'), render: (_, move) => (move.from_trip_no === null ? pool : t('allocationScreens.trip.tripNo', { no: move.from_trip_no })) },
        {
          title: t('allocationScreens.reoptimize.to'),
          render: (_, move) => (move.to_trip === null ? pool : `${t('allocationScreens.reoptimize.planTrip', { no: move.to_trip + 1 })} ${plan.trips[move.to_trip]!.vehicle_number}`),
        },
      ]}
    />
  );
}

export interface ReoptimizeProps {
  centerId: number | undefined;
  date: string;
  trips: TripDetail[];
  busy: boolean;
  /** Applies through the board's writes (the board then reads the day's undoable 再最適化 again). */
  run: (write: () => Promise<unknown>) => Promise<boolean>;
}

export function ReoptimizeButton({ centerId, date, trips, busy, run }: ReoptimizeProps) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<Reoptimization>();
  const [failure, setFailure] = useState<string>();
  const tripNo = (id: number) => trips.find((trip) => trip.id === id)?.trip_no;
  const optimizer = useOptimizerProgress();

  const start = async () => {
    setOpen(true);
    setPlan(undefined);
    setFailure(undefined);
    try {
      setPlan(await fetchReoptimization(centerId!, date, REOPTIMIZE_SECONDS, optimizer.start(REOPTIMIZE_SECONDS)));
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  const apply = async () => {
    if (!plan) return;
    await run(() => applyReoptimization(centerId!, date, plan));
    setOpen(false);
  };

  const unchanged = plan !== undefined && plan.trips.length === 0 && plan.emptied_trip_ids.length === 0;
  const emptied = plan?.emptied_trip_ids.map((id) => t('allocationScreens.trip.tripNo', { no: tripNo(id) })).join('、');
  return (
    <>
      <Tooltip title={t('allocationScreens.reoptimize.hint')}>
        <Button size="small" icon={<ThunderboltOutlined />} disabled={busy || centerId === undefined} onClick={() => void start()} data-testid="board-reoptimize">
          {t('allocationScreens.reoptimize.button')}
        </Button>
      </Tooltip>
      <Modal
        open={open}
        width={860}
        title={t('allocationScreens.reoptimize.title')}
        onCancel={() => setOpen(false)}
        okText={t('allocationScreens.reoptimize.apply')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: !plan || unchanged || busy, 'data-testid': 'reoptimize-apply' } as never}
        cancelButtonProps={{ 'data-testid': 'reoptimize-cancel' } as never}
        onOk={() => void apply()}
        destroyOnClose
      >
        {failure ? <Alert type="error" showIcon message={failure} /> : null}
        {!plan && !failure ? (
          <div data-testid="reoptimize-planning">
            <Spin tip={t('allocationScreens.reoptimize.planning')}>
              <div style={{ minHeight: 80 }} />
            </Spin>
            <OptimizerProgress progress={optimizer.progress} />
          </div>
        ) : null}
        {plan ? (
          <div data-testid="reoptimize-preview">
            {unchanged ? <Alert type="info" showIcon message={t('allocationScreens.reoptimize.nothing')} /> : null}
            <FiguresTable before={plan.before} after={plan.after} />
            <Typography.Title level={5}>{t('allocationScreens.reoptimize.tripsTitle', { count: plan.trips.length })}</Typography.Title>
            <PlanTrips plan={plan} tripNo={tripNo} />
            {emptied ? <Typography.Paragraph data-testid="reoptimize-emptied">{t('allocationScreens.reoptimize.emptied', { trips: emptied })}</Typography.Paragraph> : null}
            <Typography.Title level={5}>{t('allocationScreens.reoptimize.movesTitle', { count: plan.moves.length })}</Typography.Title>
            <Moves plan={plan} />
            {plan.unassigned.length ? <Alert type="warning" showIcon message={t('allocationScreens.reoptimize.unassigned', { count: plan.unassigned.length })} /> : null}
            <Typography.Text type="secondary">{t('allocationScreens.reoptimize.fixedNote')}</Typography.Text>
          </div>
        ) : null}
      </Modal>
    </>
  );
}
