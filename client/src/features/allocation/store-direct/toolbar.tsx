/** The board's strip: totals, the selection, undo, 全便を近い順, 再最適化, 全便確定, the day's 運行指示書, a new trip, 前日コピー, 配車表印刷. */
import { CheckCircleOutlined, NodeIndexOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { closedRefusal } from '../../../../../common/allocation.js';
import { keyIn, useT } from '../../../app/providers/translate.js';
import { NotLeftCount } from '../../../shared/trips/status-tag.js';
import type { Board, TripDetail } from '../../../shared/trips/types.js';
import { boardTotals, type UndoStep } from '../board-logic.js';
import { FleetFillItem } from '../capacity-bars.js';
import { CopyPreviousDayButton } from '../copy-previous-day.js';
import { driverLabel, regularDriver, vehicleLabel } from '../labels.js';
import { OperationSheetButton } from '../operation-sheet-button.js';
import { TotalsText } from '../unallocated-panel.js';
import { ChartPrintButton } from './day-chart.js';
import { ReoptimizeButton } from './reoptimize.js';

function NewTripForm({ board, onCreate, busy }: { board: Board; onCreate: (vehicleId: number, driverId?: number) => void; busy: boolean }) {
  const { t } = useT();
  const [vehicleId, setVehicleId] = useState<number>();
  const [driverId, setDriverId] = useState<number>();
  // A vehicle out that day is offered for its next round (2回転目) when it can run one, from its return.
  const vehicleOptions = board.vehicles.map((v) => ({
    value: v.id,
    disabled: v.busy && !v.next_round,
    label: vehicleLabel(v, t),
  }));
  const driverOptions = board.drivers.map((d) => ({ value: d.id, label: driverLabel(d, t) }));
  const chooseVehicle = (id: number) => {
    setVehicleId(id);
    // A next round keeps the driver of the vehicle's rounds; else its regular driver.
    const roundDriver = board.vehicles.find((v) => v.id === id)?.next_round?.driver_id ?? undefined;
    if (driverId === undefined) setDriverId(roundDriver ?? regularDriver(board.drivers, id)?.id);
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

export interface ToolbarProps {
  board: Board | undefined;
  /** The board's trips by number. */
  trips: TripDetail[];
  centerId: number | undefined;
  date: string;
  busy: boolean;
  selection: { count: number; clear: () => void };
  undo: { last: UndoStep | undefined; run: () => void };
  /** The drafts 全便確定 would confirm. */
  toConfirm: number;
  onConfirmAll: () => void;
  onRoundAll: () => void;
  onCreate: (vehicleId: number, driverId?: number) => void;
  run: (write: () => Promise<unknown>) => Promise<boolean>;
}

export function StoreDirectToolbar({ board, trips, centerId, date, busy, selection, undo, toConfirm, onConfirmAll, onRoundAll, onCreate, run }: ToolbarProps) {
  const { t } = useT();
  const totals = board ? boardTotals(board) : undefined;
  const lastStep = undo.last;
  return (
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
        <strong>{t('allocationScreens.board.trips')}</strong> {board ? trips.length : null}
      </span>
      <NotLeftCount trips={trips} className="alloc-strip__item alloc-strip__item--late" />
      {selection.count > 0 ? (
        <span className="alloc-strip__item">
          {t('allocationScreens.board.selected', { count: selection.count })}
          <Button size="small" type="link" onClick={selection.clear}>
            {t('allocationScreens.board.clearSelection')}
          </Button>
        </span>
      ) : null}
      <span className="alloc-strip__spacer" />
      <Tooltip title={lastStep ? t('allocationScreens.board.undoHint', { label: t(keyIn('allocationScreens.board.moveLabels', lastStep.label)) }) : 'Ctrl+Z'}>
        <Button size="small" icon={<UndoOutlined />} disabled={!lastStep || busy} onClick={undo.run} data-testid="board-undo">
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
        <Button size="small" icon={<CheckCircleOutlined />} disabled={busy || toConfirm === 0} onClick={onConfirmAll} data-testid="board-confirm-all">
          {t('allocationScreens.board.confirmAll', { count: toConfirm })}
        </Button>
      </Tooltip>
      <span className="alloc-strip__break" />
      <FleetFillItem trips={trips} className="alloc-strip__item" />
      {board ? <NewTripForm board={board} onCreate={onCreate} busy={busy} /> : null}
      <CopyPreviousDayButton centerId={centerId} date={date} kind="store_direct" busy={busy} run={run} testId="board-copy-previous-day" />
      <ReoptimizeButton centerId={centerId} date={date} trips={trips} busy={busy} run={run} />
      {/* The day's prints together: the drivers' sheets and the 配車表. */}
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
      <ChartPrintButton centerId={centerId} date={date} disabled={trips.length === 0} />
    </div>
  );
}
