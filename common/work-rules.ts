/**
 * Drivers' working time under the 2024 rules (改善基準告示, in force since 2024-04-01), applied by
 * the server (pages, reports, assignment warnings) and the screens (inline edits) alike.
 * CONTRACT for issue 8's helpers: the types and signatures below are fixed; the bodies are the
 * work-rules helper's to write.
 */

/** One working day of one driver, as recorded (or planned, for an assignment check). ISO timestamps. */
export interface WorkDay {
  /** the calendar day the work started on, YYYY-MM-DD (Asia/Tokyo) */
  date: string;
  clockIn: string | null;
  clockOut: string | null;
  /** break intervals; when empty, `breakMinutes` is the day's total break without times */
  breaks: { start: string; end: string }[];
  breakMinutes: number;
  /** driving is the time from departure to return, less the breaks inside it */
  departureAt: string | null;
  returnAt: string | null;
}

/** What one day adds up to, in minutes. */
export interface DayFigures {
  /** 拘束時間: clock out − clock in */
  binding: number;
  /** 実働: binding − breaks */
  worked: number;
  /** over 8 h of worked time */
  overtime: number;
  /** worked minutes between 22:00 and 05:00 Asia/Tokyo */
  lateNight: number;
  /** 運転時間 */
  driving: number;
}

export type WorkRule =
  | 'dailyBinding'
  | 'dailyBindingOver14'
  | 'restBetweenShifts'
  | 'monthlyBinding'
  | 'annualBinding'
  | 'twoDayDriving'
  | 'twoWeekDriving'
  | 'continuousDriving';

export type FindingLevel = 'warning' | 'violation';

/** One rule broken on one day: the screens colour it (amber, red) and name the rule (`workRules.<rule>`). */
export interface RuleFinding {
  rule: WorkRule;
  level: FindingLevel;
  /** the day it is reported on */
  date: string;
  /** the figures the message shows, in minutes (e.g. { binding: 790, limit: 780 }) */
  figures: Record<string, number>;
}

export interface DriverRuleOptions {
  /** 労使協定: monthly binding up to 310 h instead of 284 h */
  bindingExtensionAgreement: boolean;
}

export declare function dayFigures(day: WorkDay): DayFigures;

/**
 * Every finding over the given days of one driver (any order; days outside the checked period give
 * context, e.g. the previous day's clock out for the rest rule). Only findings dated within
 * [from, to] are returned.
 */
export declare function checkWorkRules(days: WorkDay[], from: string, to: string, options: DriverRuleOptions): RuleFinding[];
