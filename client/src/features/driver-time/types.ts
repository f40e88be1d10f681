/**
 * The working-time API as the screens read it: each shape is the server's schema
 * (server/driver-time/schemas.ts), imported as a type only; a finding's rule is narrowed to the rules
 * the screens name (`workRules.<rule>`).
 */
import type { DepartureState } from '../../../../common/driver-time.js';
import type { RuleFinding } from '../../../../common/work-rules.js';
import type { AttendanceWire, DaySheetWire, DayQueryType, DriverDayWire, WorkRecordBodyType } from '../../../../server/driver-time/schemas.js';

export type { DepartureState };

/** Findings with their rule as the screens name it. */
type WithFindings<T extends { findings: unknown }> = Omit<T, 'findings'> & { findings: Finding[] };

export type Finding = Omit<DriverDayWire['findings'][number], 'rule'> & Pick<RuleFinding, 'rule'>;
export type DriverDay = WithFindings<DriverDayWire>;
export type WorkRecord = NonNullable<DriverDay['record']>;
export type Figures = NonNullable<DriverDay['figures']>;

export type DaySheet = Omit<DaySheetWire, 'rows'> & { rows: DriverDay[] };

export type AttendanceRow = WithFindings<AttendanceWire['rows'][number]>;
export type AttendanceTrip = AttendanceRow['trips'][number];
export type Attendance = Omit<AttendanceWire, 'rows'> & { rows: AttendanceRow[] };

/** A save always carries the record's version (0: a new day). */
export type WorkRecordBody = WorkRecordBodyType & { version: number };

/** What the screens ask by: the day, a name, a company. */
export type DayQuery = Omit<DayQueryType, 'department_id'>;
