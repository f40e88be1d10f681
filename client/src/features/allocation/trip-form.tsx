/**
 * `/vehicle-allocation/add` and `/vehicle-allocation/edit/:id`: one form for a trip (便). Between
 * centers it names the two centers, store direct its direction (方面). Edits send the `version` read;
 * a stale one (409) shows the server's message (who changed it) and offers to load the latest.
 */
import { Create, Edit, useForm } from '@refinedev/antd';
import { useDataProvider, type BaseKey, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, App, Button, Checkbox, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { rememberedCenterDay } from '../../shared/trips/center-day.js';
import { closedRefusal, plannedFromNow } from '../../../../common/allocation.js';
import { tokyoToday } from '../../../../common/deliveries.js';
import { DELIVERY_TYPE, LEVEL, LOAD_UNIT, RECEIVE_TIMING, TRIP_MODE } from '../../../../common/enums.js';
import { DATE_DISPLAY_FORMAT, DATE_TIME_DISPLAY_FORMAT } from '../../../../common/time.js';
import { dayField } from '../../shared/components/day-field.js';
import { NotFoundPage } from '../../shared/components/error-page.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { RefSelect } from '../../shared/masters/ref-select.js';
import { isNotFound } from '../../shared/masters/rules.js';
import { fromTokyoWallTime, isBetweenCenters, timesInOrder, toTokyoWallTime, tripListPath } from '../../shared/trips/state.js';
import { TRIP_KINDS, type Trip, type TripKind } from '../../shared/trips/kinds.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import type { MessageSection } from '../../../../common/locales/index.js';
import { previewWorkRules } from './api.js';
import { FindingsAlert, FindingTags, findingsOfWarnings } from '../../shared/work-rules/tags.js';

const RESOURCE = 'vehicle-allocations';
const WALL = 'YYYY-MM-DD HH:mm';
const TIMES = ['planned_loading_start', 'planned_departure', 'planned_arrival'] as const;
const NULLABLE = [
  'vehicle_id',
  'driver_id',
  'route_name',
  'origin_department_id',
  'destination_department_id',
  'direction_id',
  'receive_timing',
  ...TIMES,
  'toll',
  'parking',
  'other_expense',
] as const;

/** An instant kept as the API has it, shown and picked as Tokyo wall-clock time. */
const instantField = {
  getValueProps: (value: unknown) => {
    const wall = typeof value === 'string' ? toTokyoWallTime(value) : null;
    return { value: wall ? dayjs(wall) : undefined };
  },
  normalize: (value: Dayjs | null) => (value ? fromTokyoWallTime(value.format(WALL)) : null),
};

/** What the API accepts: the form's fields, an emptied one as null (so an edit clears it). */
function toBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values };
  for (const name of NULLABLE) if (name in body && (body[name] === undefined || body[name] === '')) body[name] = null;
  return body;
}

function ConflictModal({ message, onReload, onClose }: { message: string; onReload: () => void; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal
      open
      title={t('tripScreens.conflict.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('tripScreens.conflict.keep')}
        </Button>,
        <Button key="reload" type="primary" onClick={onReload} data-testid="conflict-reload">
          {t('tripScreens.conflict.reload')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon message={message} data-testid="conflict-message" />
    </Modal>
  );
}

/** What the trip already names, for references the planner may not list (another company's vehicle). */
function knownOf(record: Trip | undefined, id: 'vehicle_id' | 'driver_id' | 'direction_id', name: 'vehicle_number' | 'driver_name' | 'direction_name') {
  const value = record?.[id];
  const label = record?.[name];
  return value !== null && value !== undefined && label ? [{ value, label }] : [];
}

/**
 * A vehicle chosen while no driver is: the driver whose regular vehicle (担当車両) it is, as the board's
 * 新規便 does. A driver the planner chose is never replaced.
 */
function useRegularDriver(form: FormInstance) {
  const dataProvider = useDataProvider();
  return (vehicleId: BaseKey | null | undefined) => {
    if (vehicleId === null || vehicleId === undefined || form.getFieldValue('driver_id')) return;
    dataProvider()
      .getList<BaseRecord>({ resource: 'driver', pagination: { current: 1, pageSize: 1 }, filters: [{ field: 'default_vehicle_id', operator: 'eq', value: vehicleId }] })
      .then(({ data }) => {
        if (data[0] && !form.getFieldValue('driver_id')) form.setFieldValue('driver_id', data[0].id);
      })
      .catch(() => undefined); // the planner picks the driver, as without a regular one
  };
}

type PlannedStart = Record<'planned_loading_start' | 'planned_departure', string | null>;

/**
 * A new trip starts loading and departs at its center's 稼働時間 that day (store delivery for a
 * store-direct trip, between centers for a transfer), as the board's 新規便 does; they follow a change of
 * center, day or kind until the planner types times of their own. Without times a trip is windowless,
 * and holds its vehicle all day.
 */
function useCenterTimes(form: FormInstance, editing: boolean) {
  const dataProvider = useDataProvider();
  const kind = Form.useWatch('kind', form) as TripKind | undefined;
  const date = Form.useWatch('date', form) as string | null | undefined;
  const centerId = Form.useWatch('department_id', form) as number | null | undefined;
  const filled = useRef<PlannedStart | null>(null);
  useEffect(() => {
    if (editing || !kind || !date || !centerId) return;
    const untouched = () =>
      (['planned_loading_start', 'planned_departure'] as const).every((name) => {
        const value = form.getFieldValue(name) as string | null | undefined;
        return !value || value === filled.current?.[name];
      });
    if (!untouched()) return;
    let current = true;
    const deliveryType = isBetweenCenters(kind) ? DELIVERY_TYPE.betweenCenters : DELIVERY_TYPE.storeDirect;
    dataProvider()
      .getList<{ loading_start: string; departure: string }>({
        resource: 'operation_time',
        pagination: { current: 1, pageSize: 1 },
        filters: [
          { field: 'department_id', operator: 'eq', value: centerId },
          { field: 'delivery_type', operator: 'eq', value: deliveryType },
        ],
      })
      .then(({ data: [times] }) => {
        if (!current || !times || !untouched()) return;
        const at = (time: string) => new Date(fromTokyoWallTime(`${date} ${time.slice(0, 5)}`)!);
        const center = { loadingStart: at(times.loading_start), departure: at(times.departure) };
        // A store trip added today after the loading start loads from now; a transfer keeps the lane's times.
        const planned = kind === 'store_direct' ? plannedFromNow(center, date, new Date()) : center;
        filled.current = { planned_loading_start: planned.loadingStart.toISOString(), planned_departure: planned.departure.toISOString() };
        form.setFieldsValue(filled.current);
      })
      .catch(() => undefined); // the planner types the times, as without a 稼働時間
    return () => {
      current = false;
    };
  }, [editing, kind, date, centerId, form, dataProvider]);
}

function TripFields({ form, editing, record }: { form: FormInstance; editing: boolean; record?: Trip }) {
  const { t } = useT();
  const fillRegularDriver = useRegularDriver(form);
  useCenterTimes(form, editing);
  const f = (name: string) => t(keyIn('tripScreens.fields', name));
  const kind = Form.useWatch('kind', form) as TripKind | undefined;
  const requiredSelect = (name: string) => ({ required: true, message: t('errors.requiredSelect', { field: f(name) }) });
  const center = { resource: 'department', filters: { level: LEVEL.center } };
  const ordered = (name: (typeof TIMES)[number]) => ({
    validator: async () => {
      const upTo = TIMES.slice(0, TIMES.indexOf(name) + 1).map((time) => form.getFieldValue(time) as string | null);
      if (!timesInOrder(upTo)) throw new Error(t('tripScreens.timesOrder'));
    },
  });
  const enumRadio = (values: readonly number[], labels: MessageSection) =>
    values.map((value) => ({ value, label: t(keyIn(labels, value)) }));

  return (
    <Row gutter={16}>
      <Form.Item name="version" hidden>
        <Input />
      </Form.Item>
      <Col xs={24} md={8}>
        <Form.Item name="kind" label={f('kind')} rules={[requiredSelect('kind')]}>
          <Select disabled={editing} options={TRIP_KINDS.map((value) => ({ value, label: t(keyIn('tripScreens.kind', value)) }))} data-testid="trip-kind" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={8}>
        <Form.Item name="date" label={f('date')} rules={[requiredSelect('date')]} {...dayField}>
          <DatePicker disabled={editing} format={DATE_DISPLAY_FORMAT} allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={8}>
        <Form.Item name="department_id" label={f('department_id')} rules={[requiredSelect('department_id')]}>
          <RefSelect refSpec={center} disabled={editing} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="route_name" label={f('route_name')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      {isBetweenCenters(kind) ? (
        <>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="origin_department_id" label={f('origin_department_id')} rules={[requiredSelect('origin_department_id')]}>
              <RefSelect refSpec={center} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="destination_department_id"
              label={f('destination_department_id')}
              dependencies={['origin_department_id']}
              rules={[
                requiredSelect('destination_department_id'),
                {
                  validator: async (_, value: unknown) => {
                    if (value !== null && value !== undefined && value === form.getFieldValue('origin_department_id')) throw new Error(t('tripScreens.sameCenters'));
                  },
                },
              ]}
            >
              <RefSelect refSpec={center} />
            </Form.Item>
          </Col>
        </>
      ) : (
        <Col xs={24} md={16}>
          <Form.Item name="direction_id" label={f('direction_id')}>
            <RefSelect refSpec={{ resource: 'direction' }} known={knownOf(record, 'direction_id', 'direction_name')} />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={8}>
        <Form.Item name="vehicle_id" label={f('vehicle_id')}>
          <RefSelect
            refSpec={{ resource: 'vehicle', label: ['vehicle_number'] }}
            known={knownOf(record, 'vehicle_id', 'vehicle_number')}
            onChange={fillRegularDriver}
            data-testid="trip-vehicle"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="driver_id" label={f('driver_id')}>
          <RefSelect refSpec={{ resource: 'driver', label: ['name'], sort: 'name' }} known={knownOf(record, 'driver_id', 'driver_name')} data-testid="trip-driver" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="receive_timing" label={f('receive_timing')}>
          <Select allowClear options={enumRadio(Object.values(RECEIVE_TIMING), 'tripScreens.receiveTiming')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item name="trip_mode" label={f('trip_mode')}>
          <Radio.Group optionType="button" options={enumRadio(Object.values(TRIP_MODE), 'tripScreens.tripMode')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="load_unit" label={f('load_unit')}>
          <Radio.Group optionType="button" options={enumRadio(Object.values(LOAD_UNIT), 'deliveries.loadUnit')} />
        </Form.Item>
      </Col>
      {TIMES.map((name) => (
        <Col xs={24} md={8} key={name}>
          <Form.Item name={name} label={f(name)} dependencies={TIMES.filter((time) => time !== name)} rules={[ordered(name)]} {...instantField}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format={DATE_TIME_DISPLAY_FORMAT} style={{ width: '100%' }} data-testid={`trip-${name}`} />
          </Form.Item>
        </Col>
      ))}
      {(['toll', 'parking', 'other_expense'] as const).map((name) => (
        <Col xs={24} sm={8} key={name}>
          <Form.Item name={name} label={f(name)}>
            <InputNumber min={0} precision={0} step={100} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      ))}
      <Col xs={24}>
        <Form.Item name="pinned" valuePropName="checked">
          <Checkbox data-testid="trip-pinned-input">{t('tripScreens.pinnedHint')}</Checkbox>
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * The working-time rules for the driver and planned times on the form, asked of the server as they
 * change (nothing saved): the box names each rule broken, red for a violation, amber for a warning.
 * Before the first answer, the warnings stored with the trip.
 */
function WorkRulesPreview({ form, record }: { form: FormInstance; record?: Trip }) {
  const date = Form.useWatch('date', form) as string | undefined;
  const driverId = Form.useWatch('driver_id', form) as number | null | undefined;
  const loadingStart = Form.useWatch('planned_loading_start', form) as string | null | undefined;
  const departure = Form.useWatch('planned_departure', form) as string | null | undefined;
  const arrival = Form.useWatch('planned_arrival', form) as string | null | undefined;
  const body = { date: date ?? '', driver_id: driverId ?? 0, trip_id: record?.id ?? null, planned_loading_start: loadingStart ?? null, planned_departure: departure ?? null, planned_arrival: arrival ?? null };
  const enabled = Boolean(date && driverId && arrival && (loadingStart || departure));
  const preview = useQuery({ queryKey: ['allocation', 'work-rules', body], queryFn: () => previewWorkRules(body), enabled, staleTime: 30_000, retry: false });
  if (!enabled) return null;
  const warnings = preview.data ?? (record && record.driver_id === driverId ? record.warnings : []);
  return <FindingsAlert warnings={warnings} date={date} />;
}

/** After a save: the working-time findings the server stored on the trip, in a notice that stays until closed. */
function useWorkRulesNotice() {
  const { t } = useT();
  const { notification } = App.useApp();
  return (trip: Trip | undefined) => {
    const findings = findingsOfWarnings(trip?.warnings ?? []);
    if (!trip || findings.length === 0) return;
    const violation = findings.some((f) => f.level === 'violation');
    notification[violation ? 'error' : 'warning']({
      key: `work-rules-${trip.id}`,
      message: t('workRules.title'),
      description: <FindingTags findings={findings} onDate={trip.date} />,
      duration: 0,
    });
  };
}

export default function TripFormPage() {
  const { t } = useT();
  const { id } = useParams();
  const editing = id !== undefined;
  const { profile } = useProfile();
  const [conflict, setConflict] = useState<string>();
  const workRulesNotice = useWorkRulesNotice();
  const navigate = useNavigate();
  const { formProps, saveButtonProps, formLoading, query, form } = useForm<Trip, HttpError>({
    resource: RESOURCE,
    action: editing ? 'edit' : 'create',
    id,
    // Back to 配車一覧 of the trip's own day and center (Refine's 'list' would open today's).
    redirect: false,
    onMutationSuccess: (data) => {
      workRulesNotice(data.data);
      navigate(tripListPath(data.data));
    },
    onMutationError: (error) => {
      if (error.statusCode === 409) setConflict(error.message);
    },
    // A stale version is explained in the dialog; other refusals keep Refine's toast and field errors.
    errorNotification: (error) => (error?.statusCode === 409 ? false : undefined) as never,
  });
  if (editing && isNotFound(query?.error)) return <NotFoundPage />;
  // A completed or cancelled trip takes no change (the server refuses it with the same message): it is shown, not offered for editing.
  const record = query?.data?.data;
  const closed = editing && record ? closedRefusal(record, false) : null;

  // A new trip starts on the day and center the planner last worked on, else today at their own center.
  const remembered = rememberedCenterDay(profile?.id, tokyoToday());
  const center = remembered.center ?? (profile?.department?.level === LEVEL.center ? profile.department.id : undefined);
  const defaults = { kind: 'store_direct', date: remembered.date ?? tokyoToday(), department_id: center, trip_mode: TRIP_MODE.single, load_unit: LOAD_UNIT.pallet, pinned: false };
  const onFinish = (values: Record<string, unknown>) =>
    Promise.resolve(formProps.onFinish?.(toBody(values) as Partial<Trip>)).catch(() => undefined);
  const body = (
    <Form
      {...formProps}
      layout="vertical"
      initialValues={editing ? formProps.initialValues : defaults}
      onFinish={onFinish}
      disabled={closed !== null}
      data-testid="trip-form"
    >
      {closed ? <Alert type="info" showIcon message={t(closed)} style={{ marginBottom: 16 }} data-testid="trip-closed" /> : null}
      <WorkRulesPreview form={form} record={record} />
      <TripFields form={form} editing={editing} record={record} />
    </Form>
  );
  const reload = () => {
    setConflict(undefined);
    void query?.refetch();
  };

  return (
    <>
      {editing ? (
        <Edit
          title={t('tripScreens.titles.edit')}
          breadcrumb={false}
          saveButtonProps={{ ...saveButtonProps, disabled: closed !== null || saveButtonProps.disabled }}
          isLoading={formLoading}
          recordItemId={id}
          canDelete={false}
        >
          {body}
        </Edit>
      ) : (
        <Create title={t('tripScreens.titles.create')} breadcrumb={false} saveButtonProps={saveButtonProps} isLoading={formLoading}>
          {body}
        </Create>
      )}
      {conflict ? <ConflictModal message={conflict} onReload={reload} onClose={() => setConflict(undefined)} /> : null}
    </>
  );
}
