/**
 * ドライバー出勤・出発状況 (/attendance-departure-of-the-driver): for a day, each driver's clock in and
 * every trip's actual departure against its planned departure; late departures (and trips past
 * their plan not yet gone) in red with the delay in minutes; the 2024 rules' findings of the day.
 * A day fits a 1366 px screen in either language: the driver over their login ID, the company over
 * the driver's base, a long name cut with a tooltip, the departure headers on two lines in English.
 */
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import { departureState, workTimeOf } from '../../../../common/driver-time.js';
import { overHint } from '../../shared/components/list-table.js';
import { LoadFailure } from '../../shared/components/load-failure.js';
import { useNow } from '../../shared/hooks/use-now.js';
import { clipped, wrapping } from '../../shared/masters/columns.js';
import { useT } from '../../app/providers/translate.js';
import { fetchAttendance } from './api.js';
import { attendanceTripText, DayBar, DayFindings, driverTableProps, findingClass, useDayQuery } from './parts.js';
import { delayText } from '../../shared/trips/delay-text.js';
import type { AttendanceRow, AttendanceTrip, DepartureState } from './types.js';

const STATE_COLOURS: Record<DepartureState, string> = { on_time: 'green', late: 'red', waiting: 'default', overdue: 'volcano', unplanned: 'default' };
const isLate = (trip: AttendanceTrip) => trip.state === 'late' || trip.state === 'overdue';
const instant = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The trips' departure states as of now: the server's are as of its answer, and this page stays open
 * all morning while the trucks leave (a trip turns overdue at its planned time and the grace, unasked).
 */
function asOf(rows: AttendanceRow[], now: Date): AttendanceRow[] {
  return rows.map((row) => ({
    ...row,
    trips: row.trips.map((trip) => ({ ...trip, ...departureState(instant(trip.planned_departure), instant(trip.departed_at), now) })),
  }));
}

export default function AttendancePage() {
  const { t } = useT();
  const state = useDayQuery();
  const { date } = state;
  const query = { date, q: state.q };
  const attendance = useQuery({ queryKey: ['driver-attendance', query], queryFn: () => fetchAttendance(query) });
  const now = useNow();
  const rows = useMemo(() => asOf(attendance.data?.rows ?? [], now), [attendance.data, now]);

  /** One line per trip, the same height in every trip column, so a driver's trips read across. */
  const perTrip = (testId: string, render: (trip: AttendanceTrip) => ReactNode) => (_: unknown, row: AttendanceRow) =>
    row.trips.length === 0 ? null : (
      <div>
        {row.trips.map((trip) => (
          <div key={trip.id} className={`dt-trip-line${isLate(trip) ? ' dt-late' : ''}`} data-testid={testId} data-state={trip.state}>
            {render(trip)}
          </div>
        ))}
      </div>
    );

  const columns: ColumnsType<AttendanceRow> = [
    { title: t('driverTime.screen.driver'), key: 'driver', render: (_, row) => overHint(row.driver_name, row.login_id) },
    {
      title: t('driverTime.screen.company'),
      key: 'company',
      render: (_, row) => overHint(clipped(row.delivery_company_name, '13em'), clipped(row.base_department_name, '8em')),
    },
    {
      title: t('driverTime.screen.clockIn'),
      key: 'clock_in',
      render: (_, row) =>
        row.clock_in ? <span data-testid="clock-in">{workTimeOf(date, row.clock_in)}</span> : <Tag data-testid="clock-in">{t('driverTime.screen.notClockedIn')}</Tag>,
    },
    {
      title: t('driverTime.screen.trip'),
      key: 'trip',
      render: (_, row) =>
        row.trips.length === 0 ? (
          <span className="dt-muted">{t('driverTime.screen.noTrips')}</span>
        ) : (
          // Room for a route name of about seven characters and a center (a trip of another center than the driver's).
          perTrip('trip', (trip) => clipped(attendanceTripText(t, trip, row.base_department_name), '17em'))(_, row)
        ),
    },
    { title: t('driverTime.screen.vehicle'), key: 'vehicle', render: perTrip('vehicle', (trip) => trip.vehicle_number ?? '') },
    {
      title: wrapping(t('driverTime.screen.plannedDeparture'), '6em'),
      key: 'planned',
      align: 'right',
      render: perTrip('planned-departure', (trip) => workTimeOf(date, trip.planned_departure)),
    },
    {
      title: wrapping(t('driverTime.screen.actualDeparture'), '6em'),
      key: 'actual',
      align: 'right',
      render: perTrip('actual-departure', (trip) => workTimeOf(date, trip.departed_at)),
    },
    {
      title: t('driverTime.screen.delay'),
      key: 'delay',
      align: 'right',
      render: perTrip('delay', (trip) => delayText(t, trip.delay_minutes)),
    },
    {
      title: t('driverTime.screen.state'),
      key: 'state',
      render: perTrip('departure-state', (trip) => <Tag color={STATE_COLOURS[trip.state]}>{t(`driverTime.screen.states.${trip.state}`)}</Tag>),
    },
    { title: t('driverTime.screen.findings'), key: 'findings', render: (_, row) => <DayFindings findings={row.findings} date={date} brief /> },
  ];

  // 遅れ counted as the rows show it now.
  const totals = attendance.data ? { ...attendance.data.totals, late: rows.flatMap((row) => row.trips).filter(isLate).length } : undefined;
  return (
    <ScreenCard
      className="dt-page"
      title={t('driverTime.screen.attendanceTitle')}
      extra={<DayBar state={state} onReload={() => void attendance.refetch()} />}
    >
      {attendance.isError ? <LoadFailure error={attendance.error} onRetry={() => void attendance.refetch()} /> : null}
      <Table<AttendanceRow>
        {...driverTableProps(attendance)}
        columns={columns}
        dataSource={rows}
        rowClassName={(row) => (row.trips.some(isLate) ? 'dt-row--violation' : findingClass(row.findings))}
        data-testid="attendance-table"
        summary={() =>
          totals ? (
            <Table.Summary.Row data-testid="attendance-totals">
              <Table.Summary.Cell index={0} colSpan={columns.length}>
                {t('driverTime.screen.totals')}: {t('driverTime.screen.attendanceTotals', totals)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </ScreenCard>
  );
}
