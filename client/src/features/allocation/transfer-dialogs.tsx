/**
 * センター間配車's three dialogs: a new transfer trip (its lane, vehicle, driver, load and times), a trip
 * split in two (how much the second trip takes), a trip reassigned (its vehicle and driver).
 */
import { Form, InputNumber, Modal, Select, Space, TimePicker } from 'antd';
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { LOAD_UNIT, RECEIVE_TIMING, TRIP_MODE } from '../../../../common/enums.js';
import { keyIn, type Translate, useT } from '../../app/providers/translate.js';
import type { Board, Trip, TripKind } from '../../shared/trips/types.js';
import { createTrip, patchTrip } from './api.js';
import { driverLabel, regularDriver, vehicleLabel } from './labels.js';

export type TransferKind = Extract<TripKind, 'between_centers_before' | 'between_centers_today'>;

export interface TripForm {
  origin_department_id?: number;
  destination_department_id?: number;
  vehicle_id?: number;
  driver_id?: number;
  trip_mode?: number;
  load_unit?: number;
  receive_timing?: number;
  quantity?: number;
  planned_loading_start?: Dayjs;
  planned_departure?: Dayjs;
  planned_arrival?: Dayjs;
}

/** The screen's writes: true when the write went through (a refusal is shown by the screen); `success` is toasted. */
type Run = (write: () => Promise<unknown>, success?: string) => Promise<boolean>;

const enumOptions = (values: Record<string, number>, key: 'tripMode' | 'loadUnit' | 'receiveTiming', t: Translate) =>
  Object.values(values).map((value) => ({ value, label: t(keyIn(`allocationScreens.enums.${key}`, value)) }));

/** A picked time on the screen's day, as an instant. */
const onDay = (date: string, time: Dayjs | undefined) =>
  time ? new Date(`${date}T${time.format('HH:mm')}:00+09:00`).toISOString() : undefined;

/** A dialog's modal and form: Save validates, writes, and closes once the write went through. */
function TripDialog({
  title,
  form,
  initial,
  date,
  board,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  form: FormInstance<TripForm>;
  initial: TripForm;
  date: string;
  board?: Board;
  onClose: () => void;
  onSubmit: (values: TripForm) => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useT();
  const [saving, setSaving] = useState(false);
  /** A vehicle chosen while no driver is: its regular driver (担当車両), as on the board. */
  const fillRegularDriver = (changed: Partial<TripForm>) => {
    if (changed.vehicle_id === undefined || (form.getFieldValue('driver_id') ?? null) !== null) return;
    const regular = regularDriver(board?.drivers ?? [], changed.vehicle_id);
    if (regular) form.setFieldValue('driver_id', regular.id);
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'trip-dialog-save' } as never}
      onOk={() =>
        void form.validateFields().then(async (values) => {
          setSaving(true);
          const ok = await onSubmit(values);
          setSaving(false);
          if (ok) onClose();
        })
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} size="small" data-date={date} onValuesChange={fillRegularDriver}>
        {children}
      </Form>
    </Modal>
  );
}

/** The vehicle and the driver, from the center's vehicles and drivers of the day. */
function VehicleDriverFields({ board }: { board: Board | undefined }) {
  const { t } = useT();
  const vehicleOptions = (board?.vehicles ?? []).map((v) => ({
    value: v.id,
    label: vehicleLabel(v, t),
  }));
  const driverOptions = (board?.drivers ?? []).map((d) => ({ value: d.id, label: driverLabel(d, t) }));
  return (
    <Space wrap>
      <Form.Item name="vehicle_id" label={t('allocationScreens.board.vehicle')}>
        <Select options={vehicleOptions} style={{ width: 220 }} allowClear showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="driver_id" label={t('allocationScreens.board.driver')}>
        <Select options={driverOptions} style={{ width: 180 }} allowClear showSearch optionFilterProp="label" />
      </Form.Item>
    </Space>
  );
}

export function CreateTransferDialog({
  initial,
  date,
  kind,
  centerId,
  board,
  centers,
  run,
  onClose,
}: {
  initial: TripForm;
  date: string;
  kind: TransferKind;
  centerId: number | undefined;
  board: Board | undefined;
  centers: { id: number; name: string; code: string }[];
  run: Run;
  onClose: () => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<TripForm>();
  const centerOptions = centers.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }));
  const submit = (values: TripForm) =>
    run(() =>
      createTrip({
        date,
        kind,
        department_id: centerId,
        origin_department_id: values.origin_department_id,
        destination_department_id: values.destination_department_id,
        vehicle_id: values.vehicle_id,
        driver_id: values.driver_id,
        trip_mode: values.trip_mode,
        load_unit: values.load_unit,
        receive_timing: values.receive_timing,
        quantity: values.quantity,
        planned_loading_start: onDay(date, values.planned_loading_start),
        planned_departure: onDay(date, values.planned_departure),
        planned_arrival: onDay(date, values.planned_arrival),
      }),
    );
  const time = (name: keyof TripForm, label: string) => (
    <Form.Item name={name} label={label}>
      <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} />
    </Form.Item>
  );
  return (
    <TripDialog title={t('allocationScreens.transfers.create')} form={form} initial={initial} date={date} board={board} onClose={onClose} onSubmit={submit}>
      <Space wrap>
        <Form.Item name="origin_department_id" label={t('allocationScreens.transfers.origin')} rules={[{ required: true }]}>
          <Select options={centerOptions} style={{ width: 200 }} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="destination_department_id" label={t('allocationScreens.transfers.destination')} rules={[{ required: true }]}>
          <Select options={centerOptions} style={{ width: 200 }} showSearch optionFilterProp="label" />
        </Form.Item>
      </Space>
      <VehicleDriverFields board={board} />
      <Space wrap>
        <Form.Item name="trip_mode" label={t('allocationScreens.transfers.tripMode')}>
          <Select options={enumOptions(TRIP_MODE, 'tripMode', t)} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="load_unit" label={t('allocationScreens.transfers.loadUnit')}>
          <Select options={enumOptions(LOAD_UNIT, 'loadUnit', t)} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="receive_timing" label={t('allocationScreens.transfers.receiveTiming')}>
          <Select options={enumOptions(RECEIVE_TIMING, 'receiveTiming', t)} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="quantity" label={t('allocationScreens.transfers.quantity')}>
          <InputNumber min={0} />
        </Form.Item>
      </Space>
      <Space wrap>
        {time('planned_loading_start', t('allocationScreens.transfers.loadingStart'))}
        {time('planned_departure', t('allocationScreens.transfers.departure'))}
        {time('planned_arrival', t('allocationScreens.transfers.arrival'))}
      </Space>
    </TripDialog>
  );
}

export function ReassignTripDialog({ trip, date, board, run, onClose }: { trip: Trip; date: string; board: Board | undefined; run: Run; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<TripForm>();
  const submit = (values: TripForm) =>
    run(
      () => patchTrip(trip.id, { version: trip.version, vehicle_id: values.vehicle_id ?? null, driver_id: values.driver_id ?? null }),
      t('allocationScreens.transfers.moved', { no: trip.trip_no }),
    );
  const initial = { vehicle_id: trip.vehicle_id ?? undefined, driver_id: trip.driver_id ?? undefined };
  return (
    <TripDialog title={t('allocationScreens.transfers.reassign')} form={form} initial={initial} date={date} board={board} onClose={onClose} onSubmit={submit}>
      <VehicleDriverFields board={board} />
    </TripDialog>
  );
}

/** Split: the original keeps the rest, a second trip on the same lane and times takes the part. */
export function SplitTripDialog({ trip, date, kind, run, onClose }: { trip: Trip; date: string; kind: TransferKind; run: Run; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<TripForm>();
  const largest = Math.max(1, trip.quantity - 1);
  const submit = (values: TripForm) => {
    const part = values.quantity ?? 0;
    return run(async () => {
      await patchTrip(trip.id, { version: trip.version, quantity: trip.quantity - part });
      await createTrip({
        date,
        kind,
        department_id: trip.department_id,
        origin_department_id: trip.origin_department_id,
        destination_department_id: trip.destination_department_id,
        trip_mode: trip.trip_mode,
        load_unit: trip.load_unit,
        receive_timing: trip.receive_timing,
        quantity: part,
        planned_loading_start: trip.planned_loading_start,
        planned_departure: trip.planned_departure,
        planned_arrival: trip.planned_arrival,
      });
    });
  };
  return (
    <TripDialog
      title={t('allocationScreens.transfers.splitTitle', { no: trip.trip_no })}
      form={form}
      initial={{ quantity: Math.floor(trip.quantity / 2) }}
      date={date}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="quantity"
        label={t('app.withNote', { text: t('allocationScreens.transfers.splitQuantity'), note: t('app.range', { from: 1, to: largest }) })}
        rules={[{ required: true }]}
      >
        <InputNumber min={1} max={largest} data-testid="split-quantity" />
      </Form.Item>
    </TripDialog>
  );
}
