/**
 * 出退勤管理 (/driver-time-in-out): for a day, every driver in scope with their working day, edited
 * inline one row at a time (times HH:mm, the next morning as 24:00-47:59; Enter moves on and saves
 * from the last field, Ctrl+Enter saves, Esc cancels). The end-after-start rule and the other checks
 * of common/driver-time.ts show at the field before anything is sent; the server applies the same.
 * Computed columns (拘束時間, 実働, 残業, 深夜) follow the edit live; the 2024 rules' findings are
 * amber (warning) or red (violation) with the rule named; the totals row adds up the day.
 */
import { CloseOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import type { ColumnsType } from 'antd/es/table';
import { type KeyboardEvent, type ReactNode, useMemo, useState } from 'react';
import { workTimeOf } from '../../../../common/driver-time.js';
import { formatMinutes } from '../../../../common/time.js';
import { WORK_LIMITS } from '../../../../common/work-rules.js';
import { LoadFailure } from '../../shared/components/load-failure.js';
import { isHttpError } from '../../app/providers/http.js';
import { toast } from '../../app/providers/toast.js';
import { useT } from '../../app/providers/translate.js';
import { fetchDaySheet, saveDay } from './api.js';
import { bodyOf, type Draft, draftOf, type FieldErrors, previewFigures } from './edit-logic.js';
import { DayBar, DayFindings, driverTableProps, findingClass, OpenDayTag, openDay, useDayQuery } from './parts.js';
import type { DaySheet, DriverDay, Figures } from './types.js';

type TextField = Exclude<keyof Draft, 'breaks'>;

interface Editing {
  driverId: number;
  draft: Draft;
  /** fields left (blurred) at least once: their format errors show from then on */
  touched: Set<string>;
  /** every error shows after a save was tried */
  attempted: boolean;
  serverErrors: FieldErrors;
}

const minutes = (value: number | null | undefined) => (value === null || value === undefined ? '' : formatMinutes(value));

export default function DriverTimeInOutPage() {
  const { t } = useT();
  const state = useDayQuery();
  const { date } = state;
  const [companyId, setCompanyId] = useState<number>();
  const query = { date, q: state.q, delivery_company_id: companyId };
  const key = ['driver-time', query];
  const queryClient = useQueryClient();
  const sheet = useQuery({ queryKey: key, queryFn: () => fetchDaySheet(query) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [companies, setCompanies] = useState(new Map<number, string>());

  const rows = useMemo(() => sheet.data?.rows ?? [], [sheet.data]);
  // Companies seen so far: the filter's options (a filtered sheet lists only the chosen one's drivers).
  const seen = rows.filter((row) => !companies.has(row.delivery_company_id));
  if (seen.length > 0) setCompanies(new Map([...companies, ...seen.map((row) => [row.delivery_company_id, row.delivery_company_name] as const)]));

  const editedRow = editing ? rows.find((row) => row.driver_id === editing.driverId) : undefined;
  const checked = editing && editedRow ? bodyOf(t, date, editing.draft, editedRow.record?.version ?? 0) : undefined;
  const preview = checked ? previewFigures(checked.body, date) : null;

  const errorOf = (field: string): string | undefined => {
    if (!editing) return undefined;
    const server = editing.serverErrors[field];
    if (server) return server;
    const own = checked?.errors[field];
    if (!own) return undefined;
    // A pair out of order shows at once; a half-typed time only once its field was left.
    return editing.attempted || editing.touched.has(field) || own === t('errors.endAfterStart') ? own : undefined;
  };

  const startEdit = (row: DriverDay) => {
    if (editing && editing.driverId !== row.driver_id) {
      toast.info(t('driverTime.screen.unsavedOther'), 'driver-time-editing');
      return;
    }
    setEditing({ driverId: row.driver_id, draft: draftOf(date, row.record), touched: new Set(), attempted: false, serverErrors: {} });
    setTimeout(() => document.querySelector<HTMLInputElement>('[data-edit-input]')?.focus(), 0);
  };
  const cancel = () => setEditing(null);

  const change = (field: string, update: (draft: Draft) => Draft) =>
    setEditing((current) => {
      if (!current) return current;
      const { [field]: _dropped, ...serverErrors } = current.serverErrors;
      return { ...current, draft: update(current.draft), serverErrors };
    });
  const touch = (field: string) => setEditing((current) => (current ? { ...current, touched: new Set([...current.touched, field]) } : current));

  const save = async () => {
    if (!editing || !editedRow || saving) return;
    const { body } = bodyOf(t, date, editing.draft, editedRow.record?.version ?? 0);
    if (!body) {
      setEditing({ ...editing, attempted: true });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveDay(editing.driverId, date, body);
      queryClient.setQueryData<DaySheet>(key, (old) => old && { ...old, rows: old.rows.map((row) => (row.driver_id === saved.driver_id ? saved : row)) });
      setEditing(null);
      toast.success(t('driverTime.saved', { name: saved.driver_name }), 'driver-time-saved');
      void sheet.refetch();
    } catch (error) {
      if (isHttpError(error) && error.statusCode === 400 && error.errors) {
        const serverErrors = Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, String(message)]));
        setEditing({ ...editing, attempted: true, serverErrors });
      } else {
        toast.error(isHttpError(error) ? error.message : String(error), 'driver-time-refused');
        if (isHttpError(error) && error.statusCode === 409) {
          setEditing(null);
          void sheet.refetch();
        }
      }
    } finally {
      setSaving(false);
    }
  };

  /** Enter: the next field (the last one saves); Ctrl+Enter saves; Esc cancels. Tab moves as usual. */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
      return;
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const inputs = [...document.querySelectorAll<HTMLInputElement>('[data-edit-input]')];
    const next = inputs[inputs.indexOf(event.currentTarget) + 1];
    if (event.ctrlKey || event.metaKey || !next) void save();
    else next.focus();
  };

  const input = (field: TextField, className: string, placeholder?: string) => {
    const error = errorOf(field);
    return (
      <div>
        <Input
          size="small"
          className={className}
          value={editing!.draft[field]}
          placeholder={placeholder}
          status={error ? 'error' : undefined}
          aria-label={t(`driverTime.fields.${field}`)}
          aria-invalid={error ? true : undefined}
          data-edit-input
          data-testid={`edit-${field}`}
          onChange={(event) => change(field, (draft) => ({ ...draft, [field]: event.target.value }))}
          onBlur={() => touch(field)}
          onKeyDown={onKeyDown}
        />
        {error ? (
          <div className="dt-field-error" role="alert" data-testid={`error-${field}`}>
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  const isEditing = (row: DriverDay) => editing?.driverId === row.driver_id;
  const timeCell = (field: 'clock_in' | 'clock_out' | 'departure_at' | 'return_at') => (_: unknown, row: DriverDay) =>
    isEditing(row) ? input(field, 'dt-time-input', 'HH:mm') : <span data-testid={`cell-${field}`}>{workTimeOf(date, row.record?.[field] ?? null)}</span>;
  const plainCell = (field: TextField, className: string, view: (row: DriverDay) => ReactNode) => (_: unknown, row: DriverDay) =>
    isEditing(row) ? input(field, className) : view(row);

  const breaksEditor = () => {
    const draft = editing!.draft;
    /** What stands between a break's two inputs: the language's range without its ends (〜, –). */
    const rangeDash = t('app.range', { from: '', to: '' });
    const breakInput = (i: number, end: 'start' | 'end') => {
      const field = `breaks.${i}.${end}`;
      const error = errorOf(field);
      return (
        <Tooltip title={error} open={error ? undefined : false}>
          <Input
            size="small"
            className="dt-time-input"
            value={draft.breaks[i]![end]}
            placeholder="HH:mm"
            status={error ? 'error' : undefined}
            aria-label={`${t(end === 'start' ? 'driverTime.fields.break_start' : 'driverTime.fields.break_end')} ${i + 1}`}
            data-edit-input
            data-testid={`edit-${field}`}
            onChange={(event) =>
              change(field, (d) => ({ ...d, breaks: d.breaks.map((b, k) => (k === i ? { ...b, [end]: event.target.value } : b)) }))
            }
            onBlur={() => touch(field)}
            onKeyDown={onKeyDown}
          />
        </Tooltip>
      );
    };
    return (
      <div>
        {draft.breaks.map((_, i) => (
          <div key={i}>
            <div className="dt-break">
              {breakInput(i, 'start')}
              {rangeDash}
              {breakInput(i, 'end')}
              <Button
                size="small"
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={t('driverTime.screen.removeBreak')}
                onClick={() => change(`breaks.${i}`, (d) => ({ ...d, breaks: d.breaks.filter((__, k) => k !== i) }))}
              />
            </div>
            {[errorOf(`breaks.${i}.start`), errorOf(`breaks.${i}.end`)].filter(Boolean).map((message) => (
              <div key={message} className="dt-field-error" role="alert" data-testid={`error-breaks.${i}`}>
                {message}
              </div>
            ))}
          </div>
        ))}
        {draft.breaks.length === 0 ? input('break_minutes', 'dt-num-input', t('driverTime.fields.break_minutes')) : null}
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => change('breaks', (d) => ({ ...d, breaks: [...d.breaks, { start: '', end: '' }], break_minutes: '' }))}
          data-testid="add-break"
        >
          {t('driverTime.screen.addBreak')}
        </Button>
      </div>
    );
  };

  const breaksView = (row: DriverDay) => {
    const record = row.record;
    if (!record) return null;
    if (record.breaks.length === 0) return record.break_minutes > 0 ? formatMinutes(record.break_minutes) : '';
    return (
      <div>
        {record.breaks.map((b) => (
          <div key={b.start} data-testid="break-interval">
            {t('app.range', { from: workTimeOf(date, b.start), to: workTimeOf(date, b.end) })}
          </div>
        ))}
      </div>
    );
  };

  /** The computed figure: the saved one, or the draft's while the row is edited. */
  const figure = (name: keyof Omit<Figures, 'distance'>, over?: number) => (_: unknown, row: DriverDay) => {
    const live = isEditing(row) && preview ? { binding: preview.binding, worked: preview.worked, overtime: preview.overtime, late_night: preview.lateNight, driving: preview.driving } : null;
    const value = live ? live[name] : row.figures?.[name];
    const isOver = over !== undefined && value !== undefined && value > over;
    return (
      <span className={`dt-figure${isOver ? ' dt-figure--over' : ''}`} data-testid={`figure-${name}`}>
        {value ? minutes(value) : row.figures || live ? '0:00' : ''}
      </span>
    );
  };

  const figureColumn = (title: string, name: keyof Omit<Figures, 'distance'>, over?: number) => ({ title, key: name, align: 'right' as const, render: figure(name, over) });
  const columns: ColumnsType<DriverDay> = [
    {
      title: t('driverTime.screen.driver'),
      key: 'driver',
      fixed: 'left',
      render: (_, row) => (
        <div>
          <div>
            {row.driver_name}
            {row.binding_extension_agreement ? (
              <Tooltip title={t('driverTime.screen.agreement')}>
                <Tag color="blue" style={{ marginInlineStart: 4 }}>
                  310h
                </Tag>
              </Tooltip>
            ) : null}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            {row.login_id} {row.delivery_company_name}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('driverTime.fields.clock_in'), key: 'clock_in', render: timeCell('clock_in') },
    { title: t('driverTime.fields.clock_out'), key: 'clock_out', render: (value, row) => (!isEditing(row) && openDay(row) ? <OpenDayTag date={date} /> : timeCell('clock_out')(value, row)) },
    { title: t('driverTime.fields.breaks'), key: 'breaks', render: (_, row) => (isEditing(row) ? breaksEditor() : breaksView(row)) },
    figureColumn(t('driverTime.screen.binding'), 'binding', WORK_LIMITS.dailyBindingWarning),
    figureColumn(t('driverTime.screen.worked'), 'worked'),
    figureColumn(t('driverTime.screen.overtime'), 'overtime'),
    figureColumn(t('driverTime.screen.lateNight'), 'late_night'),
    { title: t('driverTime.screen.findings'), key: 'findings', render: (_, row) => <DayFindings findings={row.findings} date={date} /> },
    { title: t('driverTime.fields.departure_at'), key: 'departure_at', render: timeCell('departure_at') },
    { title: t('driverTime.fields.return_at'), key: 'return_at', render: timeCell('return_at') },
    figureColumn(t('driverTime.screen.driving'), 'driving'),
    {
      title: t('driverTime.screen.odometer'),
      children: [
        {
          title: t('driverTime.screen.out'),
          key: 'odometer_start',
          align: 'right',
          render: plainCell('odometer_start', 'dt-num-input', (row) => row.record?.odometer_start?.toLocaleString() ?? ''),
        },
        {
          title: t('driverTime.screen.in'),
          key: 'odometer_end',
          align: 'right',
          render: plainCell('odometer_end', 'dt-num-input', (row) => row.record?.odometer_end?.toLocaleString() ?? ''),
        },
        {
          title: t('driverTime.screen.distance'),
          key: 'distance',
          align: 'right',
          render: (_, row) => (row.figures?.distance === null || row.figures?.distance === undefined ? '' : row.figures.distance.toLocaleString()),
        },
      ],
    },
    {
      title: t('driverTime.screen.alcohol'),
      children: [
        {
          title: t('driverTime.screen.before'),
          key: 'alcohol_check_before',
          align: 'right',
          render: plainCell('alcohol_check_before', 'dt-time-input', (row) => row.record?.alcohol_check_before?.toFixed(2) ?? ''),
        },
        {
          title: t('driverTime.screen.after'),
          key: 'alcohol_check_after',
          align: 'right',
          render: plainCell('alcohol_check_after', 'dt-time-input', (row) => row.record?.alcohol_check_after?.toFixed(2) ?? ''),
        },
      ],
    },
    { title: t('driverTime.fields.checker'), key: 'checker', render: plainCell('checker', 'dt-num-input', (row) => row.record?.checker ?? '') },
    {
      title: t('driverTime.fields.note'),
      key: 'note',
      ellipsis: true,
      width: 140,
      render: plainCell('note', 'dt-num-input', (row) => row.record?.note ?? ''),
    },
    {
      title: '',
      key: 'actions',
      fixed: 'right',
      render: (_, row) =>
        isEditing(row) ? (
          <Space size={2}>
            <Button size="small" type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="save-row">
              {t('driverTime.screen.save')}
            </Button>
            <Button size="small" icon={<CloseOutlined />} onClick={cancel} data-testid="cancel-row" aria-label={t('driverTime.screen.cancel')} />
          </Space>
        ) : (
          <Button size="small" icon={<EditOutlined />} onClick={() => startEdit(row)} data-testid="edit-row" aria-label={`${t('driverTime.screen.edit')} ${row.driver_name}`} />
        ),
    },
  ];

  const totals = sheet.data?.totals;
  const summary = () =>
    totals ? (
      <Table.Summary fixed="bottom">
        <Table.Summary.Row data-testid="totals-row">
          <Table.Summary.Cell index={0}>
            {t('driverTime.screen.totals')}: {t('driverTime.screen.totalsDrivers', { count: totals.drivers, clocked: totals.clocked_in })}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} colSpan={3} />
          <Table.Summary.Cell index={4} align="right">
            <span data-testid="total-binding">{minutes(totals.binding)}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} align="right">
            {minutes(totals.worked)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={6} align="right">
            {minutes(totals.overtime)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={7} align="right">
            {minutes(totals.late_night)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={8}>
            <Space size={4}>
              <Tag color="red">{t('driverTime.screen.violations', { count: totals.violations })}</Tag>
              <Tag color="gold">{t('driverTime.screen.warnings', { count: totals.warnings })}</Tag>
            </Space>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={9} colSpan={2} />
          <Table.Summary.Cell index={11} align="right">
            {minutes(totals.driving)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={12} colSpan={2} />
          <Table.Summary.Cell index={14} align="right">
            {t('driverTime.screen.km', { value: totals.distance.toLocaleString() })}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={15} colSpan={4} />
          {/* the fixed column's own cell: a cell spanning into it would stick over the ones before */}
          <Table.Summary.Cell index={19} />
        </Table.Summary.Row>
      </Table.Summary>
    ) : null;

  return (
    <ScreenCard
      className="dt-page"
      title={t('driverTime.screen.title')}
      extra={
        <Space wrap>
          <DayBar
            state={state}
            onReload={() => {
              setEditing(null);
              void sheet.refetch();
            }}
          />
          <Select
            allowClear
            style={{ minWidth: 200 }}
            placeholder={t('driverTime.screen.allCompanies')}
            value={companyId}
            onChange={(value: number | undefined) => setCompanyId(value)}
            options={[...companies].map(([value, label]) => ({ value, label }))}
            aria-label={t('driverTime.fields.delivery_company_id')}
            data-testid="company-filter"
          />
        </Space>
      }
    >
      {sheet.isError ? <LoadFailure error={sheet.error} onRetry={() => void sheet.refetch()} /> : null}
      <div className="dt-hint">
        {t('driverTime.screen.keyboardHint')}
        <Space size={4} className="dt-legend" style={{ marginInlineStart: 12 }}>
          <Tag color="gold">{t('driverTime.screen.legendWarning')}</Tag>
          <Tag color="red">{t('driverTime.screen.legendViolation')}</Tag>
        </Space>
      </div>
      <Table<DriverDay>
        {...driverTableProps(sheet)}
        columns={columns}
        dataSource={rows}
        rowClassName={(row) => (isEditing(row) ? 'dt-row--editing' : findingClass(row.findings))}
        onRow={(row) => ({ onDoubleClick: () => (isEditing(row) ? undefined : startEdit(row)), 'data-testid': `row-${row.login_id}` }) as React.HTMLAttributes<HTMLElement>}
        summary={summary}
        data-testid="driver-time-table"
      />
    </ScreenCard>
  );
}
