/** Pieces both working-time screens use: the day bar (picker, previous and next day), the rule findings. */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { tripLabel } from '../../../../common/allocation.js';
import { tokyoToday } from '../../../../common/deliveries.js';
import { DayStepper } from '../../shared/components/day-stepper.js';
import { type Translate, useT } from '../../app/providers/translate.js';
import { FindingTags } from '../../shared/work-rules/tags.js';
import type { Finding } from './types.js';
import { BESIDE, fitting } from '../../shared/components/fitting-width.js';
import { PAGE_SIZE } from '../../shared/components/list-table.js';
import './driver-time.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day and the search a screen shows, kept in the address (`?date=2026-11-24&q=…`) so a reload opens the same. */
export function useDayQuery() {
  const [params, setParams] = useSearchParams();
  const dateParam = params.get('date');
  const date = dateParam && DAY.test(dateParam) ? dateParam : tokyoToday();
  const q = params.get('q') ?? '';
  const set = (next: { date?: string; q?: string }) => {
    const merged = new URLSearchParams(params);
    if (next.date !== undefined) merged.set('date', next.date);
    if (next.q !== undefined) {
      if (next.q) merged.set('q', next.q);
      else merged.delete('q');
    }
    setParams(merged, { replace: true });
  };
  return { date, q, set };
}

/**
 * What both screens' tables of a driver a row share: compact rows, wide tables scrolled sideways, pages
 * of PAGE_SIZE with the pager shown only when there is more than one, the spinner only until the
 * first answer (a refetch keeps the rows on screen).
 */
export function driverTableProps(query: { isFetching: boolean; data: unknown }) {
  return {
    size: 'small',
    rowKey: 'driver_id',
    loading: query.isFetching && !query.data,
    scroll: { x: 'max-content' },
    pagination: { pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false },
  } as const;
}

export function DayBar({ state, onReload }: { state: ReturnType<typeof useDayQuery>; onReload: () => void }) {
  const { t } = useT();
  const [search, setSearch] = useState(state.q);
  useEffect(() => setSearch(state.q), [state.q]);
  return (
    <Space wrap size={8} data-testid="day-bar">
      <DayStepper
        date={state.date}
        onChange={(date) => state.set({ date })}
        prevLabel={t('driverTime.screen.prevDay')}
        nextLabel={t('driverTime.screen.nextDay')}
        pickerTestId="day-picker"
        pickerLabel={t('driverTime.fields.date')}
      />
      <Button onClick={() => state.set({ date: tokyoToday() })}>{t('driverTime.screen.today')}</Button>
      <Input.Search
        allowClear
        style={fitting(t('driverTime.screen.search'), 220, BESIDE.searchIcon)}
        placeholder={t('driverTime.screen.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => state.set({ q: value.trim() })}
        data-testid="driver-search"
      />
      <Button icon={<ReloadOutlined />} onClick={onReload} aria-label={t('driverTime.screen.reload')} />
    </Space>
  );
}

/**
 * The day's findings (client/src/shared/work-rules/tags.tsx: amber or red, the rule named), or a dash;
 * `brief`: each tag names its rule, the sentence in its tooltip (see FindingTag).
 */
export function DayFindings({ findings, date, brief }: { findings: Finding[]; date: string; brief?: boolean }) {
  const { t } = useT();
  if (findings.length === 0) return <span className="dt-muted">{t('driverTime.screen.noFindings')}</span>;
  return (
    <div className="dt-findings">
      <FindingTags findings={findings} onDate={date} brief={brief} />
    </div>
  );
}

/** The row class a day's worst finding gives (amber or red background). */
export function findingClass(findings: Finding[]): string {
  if (findings.some((f) => f.level === 'violation')) return 'dt-row--violation';
  return findings.length > 0 ? 'dt-row--warning' : '';
}

/**
 * A trip on the attendance line of a driver based at `baseCenter`: its route name (or 「便2」), and its
 * center only when that is not the driver's own, which the row already shows under the company.
 */
export function attendanceTripText(t: Translate, trip: { route_name: string | null; trip_no: number; department_name: string }, baseCenter: string | null): string {
  const label = tripLabel(trip, t);
  return trip.department_name === baseCenter ? label : t('app.withNote', { text: label, note: trip.department_name });
}

/** Clocked in and not out: the day is still running (today), or its clock-out was never recorded. */
export function openDay(row: { record: { clock_in: string | null; clock_out: string | null } | null }): boolean {
  return Boolean(row.record?.clock_in && !row.record.clock_out);
}

/** In the clock-out cell of an open day: 「勤務中」 today, 「退勤未打刻」 on a past day (to be corrected). */
export function OpenDayTag({ date }: { date: string }) {
  const { t } = useT();
  const today = date >= tokyoToday();
  return (
    <Tag color={today ? 'blue' : 'orange'} data-testid="open-day">
      {t(today ? 'driverTime.screen.onDuty' : 'driverTime.screen.noClockOut')}
    </Tag>
  );
}
