/** The report pages' rules (client/src/features/reports/report-query.ts) and a download's error read back from its Blob. */
import { describe, expect, it, vi } from 'vitest';

// No cookie jar here (node): the request goes without a token.
vi.mock('../../client/src/app/providers/session.js', () => ({ getToken: () => null }));
import { REPORT_RANGE_DAYS_MAX, REPORT_SLUGS, REPORTS, type ReportDefinition } from '../../common/reports.js';
import { reportScreensEn } from '../../common/locales/report-screens-en.js';
import { reportScreensJa } from '../../common/locales/report-screens-ja.js';
import { http, readBlobBody, toHttpError } from '../../client/src/app/providers/http.js';
import { i18n } from '../../client/src/app/providers/i18n.js';
import type { Translate } from '../../client/src/app/providers/translate.js';
import {
  clampRange,
  dayCount,
  defaultPeriod,
  downloadChoices,
  periodQuery,
  periodText,
  reportFileName,
  reportPath,
  reportQuery,
  shownFilters,
} from '../../client/src/features/reports/report-query.js';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';

const PDF = { key: 'pdf', format: 'pdf' } as const;
const XLSX = { key: 'xlsx', format: 'xlsx' } as const;
const SJIS = { key: 'csv-sjis', format: 'csv', encoding: 'sjis' } as const;
const UTF8 = { key: 'csv-utf8', format: 'csv', encoding: 'utf8' } as const;

const DAY_REPORT: ReportDefinition = { period: 'day', filters: ['department_id', 'delivery_company_id'], formats: ['pdf'] };
const RANGE_REPORT: ReportDefinition = { period: 'range', filters: ['driver_id'], formats: ['pdf', 'xlsx', 'csv'] };

describe('download choices', () => {
  it('is a button per format in the report order, CSV as UTF-8 then Shift_JIS', () => {
    expect(downloadChoices(['pdf'])).toEqual([PDF]);
    expect(downloadChoices(['xlsx', 'csv'])).toEqual([XLSX, UTF8, SJIS]);
    expect(downloadChoices(['csv', 'pdf']).map((choice) => choice.key)).toEqual(['csv-utf8', 'csv-sjis', 'pdf']);
  });

  it('covers every declared report', () => {
    for (const slug of REPORT_SLUGS) expect(downloadChoices(REPORTS[slug].formats).length).toBeGreaterThan(0);
  });
});

describe('the query a download sends', () => {
  it('day: the date and the format, no empty filter', () => {
    expect(reportQuery(DAY_REPORT, { date: '2026-11-25' }, {}, PDF)).toBe('date=2026-11-25&format=pdf');
    expect(reportQuery(DAY_REPORT, { date: '2026-11-25' }, { department_id: null, delivery_company_id: undefined }, PDF)).toBe('date=2026-11-25&format=pdf');
  });

  it('day with filters: each declared one that is set', () => {
    expect(reportQuery(DAY_REPORT, { date: '2026-11-25' }, { department_id: 3, delivery_company_id: 7 }, PDF)).toBe(
      'date=2026-11-25&department_id=3&delivery_company_id=7&format=pdf',
    );
    // a filter the report does not declare is never sent (the server refuses unknown parameters)
    expect(reportQuery(DAY_REPORT, { date: '2026-11-25' }, { driver_id: 9 }, PDF)).toBe('date=2026-11-25&format=pdf');
  });

  it('a yes/no choice: sent only when ticked, and only by a report that offers it', () => {
    const range = { date_from: '2026-11-01', date_to: '2026-11-30' };
    const record = REPORTS['waiting-loading-record'];
    expect(reportQuery(record, range, { all_stops: true }, XLSX)).toBe('date_from=2026-11-01&date_to=2026-11-30&all_stops=true&format=xlsx');
    expect(reportQuery(record, range, { all_stops: false }, XLSX)).toBe('date_from=2026-11-01&date_to=2026-11-30&format=xlsx');
    expect(reportQuery(DAY_REPORT, { date: '2026-11-25' }, { all_stops: true }, PDF)).toBe('date=2026-11-25&format=pdf');
  });

  it('week: the chosen day (the server takes its Monday-to-Sunday week)', () => {
    expect(reportQuery(REPORTS['weekly-summary'], { date: '2026-11-26', month: '2026-11' }, { delivery_company_id: 2 }, XLSX)).toBe(
      'date=2026-11-26&delivery_company_id=2&format=xlsx',
    );
  });

  it('month: the month only, CSV with its encoding', () => {
    expect(reportQuery(REPORTS['monthly-summary'], { month: '2026-11', date: '2026-11-26' }, {}, SJIS)).toBe('month=2026-11&format=csv&encoding=sjis');
    expect(reportQuery(REPORTS['monthly-summary'], { month: '2026-11' }, { department_id: 4 }, UTF8)).toBe('month=2026-11&department_id=4&format=csv&encoding=utf8');
  });

  it('range: both ends, a driver', () => {
    expect(reportQuery(RANGE_REPORT, { date_from: '2026-11-01', date_to: '2026-11-30' }, { driver_id: 12, department_id: 3 }, XLSX)).toBe(
      'date_from=2026-11-01&date_to=2026-11-30&driver_id=12&format=xlsx',
    );
  });

  it('the path under /api', () => {
    expect(reportPath('delivery-operation', DAY_REPORT, { date: '2026-11-25' }, { department_id: 3 }, PDF)).toBe(
      '/report/delivery-operation?date=2026-11-25&department_id=3&format=pdf',
    );
  });

  it('an amount the report asks for (軽油単価), not one it does not', () => {
    const expense: ReportDefinition = { period: 'day', filters: ['department_id'], formats: ['csv'], amounts: ['fuel_price'] };
    expect(reportQuery(expense, { date: '2026-11-25' }, { fuel_price: 158 }, UTF8)).toBe('date=2026-11-25&fuel_price=158&format=csv&encoding=utf8');
    expect(reportQuery(DAY_REPORT, { date: '2026-11-25' }, { fuel_price: 158 }, PDF)).toBe('date=2026-11-25&format=pdf');
  });

  it('keeps only the period parameters of the report', () => {
    const all = { date: '2026-11-25', month: '2026-11', date_from: '2026-11-01', date_to: '2026-11-10' };
    expect(periodQuery('day', all)).toEqual({ date: '2026-11-25' });
    expect(periodQuery('week', all)).toEqual({ date: '2026-11-25' });
    expect(periodQuery('month', all)).toEqual({ month: '2026-11' });
    expect(periodQuery('range', all)).toEqual({ date_from: '2026-11-01', date_to: '2026-11-10' });
  });
});

describe('file names', () => {
  it('one date for a day, both ends for a week, a month and a range', () => {
    expect(reportFileName('delivery-operation', 'day', { date: '2026-11-25' }, 'pdf')).toBe('delivery-operation_2026-11-25.pdf');
    expect(reportFileName('weekly-summary', 'week', { date: '2026-11-26' }, 'xlsx')).toBe('weekly-summary_2026-11-23_2026-11-29.xlsx');
    expect(reportFileName('monthly-summary', 'month', { month: '2026-02' }, 'csv')).toBe('monthly-summary_2026-02-01_2026-02-28.csv');
    expect(reportFileName('working-time-record', 'range', { date_from: '2026-11-01', date_to: '2026-11-15' }, 'pdf')).toBe(
      'working-time-record_2026-11-01_2026-11-15.pdf',
    );
    expect(reportFileName('working-time-record', 'range', { date_from: '2026-11-03', date_to: '2026-11-03' }, 'csv')).toBe('working-time-record_2026-11-03.csv');
  });
});

describe('the period shown', () => {
  const ja = i18n.getFixedT('ja') as unknown as Translate;
  const en = i18n.getFixedT('en') as unknown as Translate;
  it('a week is Monday to Sunday, whichever day of it is chosen', () => {
    for (const date of ['2026-11-23', '2026-11-26', '2026-11-29']) expect(periodText('week', { date }, ja)).toBe('2026/11/23〜2026/11/29');
    // a Sunday belongs to the week before it; a week across months and years
    expect(periodText('week', { date: '2026-11-22' }, ja)).toBe('2026/11/16〜2026/11/22');
    expect(periodText('week', { date: '2026-12-31' }, ja)).toBe('2026/12/28〜2027/01/03');
  });

  it('a month from its first to its last day, leap years included', () => {
    expect(periodText('month', { month: '2026-11' }, ja)).toBe('2026/11/01〜2026/11/30');
    expect(periodText('month', { month: '2028-02' }, ja)).toBe('2028/02/01〜2028/02/29');
    expect(periodText('month', { month: '2026-12' }, ja)).toBe('2026/12/01〜2026/12/31');
  });

  it('a day alone, a range from end to end', () => {
    expect(periodText('day', { date: '2026-11-25' }, ja)).toBe('2026/11/25');
    expect(periodText('range', { date_from: '2026-11-01', date_to: '2026-11-25' }, ja)).toBe('2026/11/01〜2026/11/25');
  });

  it('in English with an en dash, not 〜', () => {
    expect(periodText('month', { month: '2026-11' }, en)).toBe('2026/11/01–2026/11/30');
  });
});

describe('default period', () => {
  it('today, its week, this month, this month so far', () => {
    expect(defaultPeriod('day', '2026-11-25')).toEqual({ date: '2026-11-25' });
    expect(defaultPeriod('week', '2026-11-25')).toEqual({ date: '2026-11-25' });
    expect(defaultPeriod('month', '2026-11-25')).toEqual({ month: '2026-11' });
    expect(defaultPeriod('range', '2026-11-25')).toEqual({ date_from: '2026-11-01', date_to: '2026-11-25' });
    expect(defaultPeriod('range', '2026-11-01')).toEqual({ date_from: '2026-11-01', date_to: '2026-11-01' });
    expect(defaultPeriod('range', '2026-12-31')).toEqual({ date_from: '2026-12-01', date_to: '2026-12-31' });
  });

  it("today in Asia/Tokyo when none is given", () => {
    const { date } = defaultPeriod('day');
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the 31-day limit', () => {
  it('counts both ends', () => {
    expect(dayCount('2026-11-01', '2026-11-01')).toBe(1);
    expect(dayCount('2026-11-01', '2026-12-01')).toBe(31);
    expect(dayCount('2026-03-01', '2026-03-31')).toBe(31); // across the change to summer time elsewhere: whole days
  });

  it('keeps a range of 31 days, cuts a longer one to 31 from its start, puts one in order', () => {
    expect(REPORT_RANGE_DAYS_MAX).toBe(31);
    expect(clampRange('2026-11-01', '2026-12-01')).toEqual({ date_from: '2026-11-01', date_to: '2026-12-01' });
    expect(clampRange('2026-11-01', '2026-12-02')).toEqual({ date_from: '2026-11-01', date_to: '2026-12-01' });
    expect(clampRange('2026-01-01', '2026-12-31')).toEqual({ date_from: '2026-01-01', date_to: '2026-01-31' });
    expect(clampRange('2026-11-20', '2026-11-10')).toEqual({ date_from: '2026-11-10', date_to: '2026-11-20' });
    expect(clampRange('2026-11-01', '2026-11-30', 7)).toEqual({ date_from: '2026-11-01', date_to: '2026-11-07' });
  });
});

describe('filters shown', () => {
  const all = ['department_id', 'delivery_company_id', 'driver_id'] as const;

  it('a department user gets every declared filter on a master they may list', () => {
    expect(shownFilters(all, { carrier: false, canList: () => true })).toEqual([...all]);
    expect(shownFilters(['department_id', 'delivery_company_id'], { carrier: false, canList: () => true })).toEqual(['department_id', 'delivery_company_id']);
    expect(shownFilters(all, { carrier: false, canList: (area) => area !== 'department' })).toEqual(['delivery_company_id', 'driver_id']);
  });

  it('a carrier never gets the delivery company, even where it could list it', () => {
    expect(shownFilters(all, { carrier: true, canList: () => true })).toEqual(['department_id', 'driver_id']);
    expect(shownFilters(all, { carrier: true, canList: (area) => area === 'driver' })).toEqual(['driver_id']);
  });
});

describe('messages', () => {
  it('describes every declared report in both languages, with the same keys', () => {
    for (const slug of REPORT_SLUGS) expect(reportScreensJa.reportScreens.descriptions, slug).toHaveProperty([slug]);
    expect(Object.keys(reportScreensEn.reportScreens.descriptions)).toEqual(Object.keys(reportScreensJa.reportScreens.descriptions));
  });
});

describe("a download's error", () => {
  const failure = (data: unknown, status = 400) =>
    ({ message: `Request failed with status code ${status}`, response: { status, data } }) as unknown as AxiosError<{ message?: unknown; errors?: unknown }>;

  it('reads the JSON the server sent out of the Blob', async () => {
    const blob = new Blob([JSON.stringify({ message: '指定した日・条件に該当する便がありません。', errors: { date: '日付が正しくありません' } })], {
      type: 'application/json; charset=utf-8',
    });
    const body = await readBlobBody(blob);
    const error = toHttpError(failure(body, 404));
    expect(error).toMatchObject({ message: '指定した日・条件に該当する便がありません。', statusCode: 404, errors: { date: '日付が正しくありません' } });
  });

  it("drops a body that is not JSON (the message is then axios's), leaves other bodies as they are", async () => {
    expect(await readBlobBody(new Blob(['<html>bad gateway</html>'], { type: 'text/html' }))).toBeUndefined();
    expect(await readBlobBody(new Blob(['{not json'], { type: 'application/json' }))).toBeUndefined();
    expect(toHttpError(failure(undefined, 502)).message).toBe('Request failed with status code 502');
    const plain = { message: 'x' };
    expect(await readBlobBody(plain)).toBe(plain);
  });

  it('reaches the caller of a blob request as the server said it', async () => {
    const blob = new Blob([JSON.stringify({ message: 'PDFを作成できません' })], { type: 'application/json' });
    const adapter = (config: InternalAxiosRequestConfig) =>
      Promise.reject(new AxiosError('Request failed with status code 503', 'ERR_BAD_RESPONSE', config, null, { status: 503, statusText: '', headers: {}, config, data: blob }));
    await expect(http.get('/api/report/x', { responseType: 'blob', adapter })).rejects.toMatchObject({ message: 'PDFを作成できません', statusCode: 503 });
  });
});
