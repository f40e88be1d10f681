/** The 2024 working-time rules (改善基準告示) at their boundaries: common/work-rules.ts. */
import { describe, expect, it } from 'vitest';
import { formatMinutes } from '../../common/time.js';
import { workRulesEn } from '../../common/locales/work-rules-en.js';
import { workRulesJa } from '../../common/locales/work-rules-ja.js';
import { checkWorkRules, dayFigures, findingMessageParams, fiscalYearOf, type RuleFinding, WORK_RULES, type WorkDay, type WorkRule } from '../../common/work-rules.js';

/** An instant from a date and a Tokyo wall time; `+1` days when the time passes midnight. */
const at = (date: string, time: string, plusDays = 0) => {
  const d = new Date(`${date}T${time}:00+09:00`);
  return new Date(d.getTime() + plusDays * 86_400_000).toISOString();
};

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A day from `in` to `out` (Tokyo, `out` may be on the next day when earlier than `in`), no driving. */
function day(date: string, clockIn: string, clockOut: string, extra: Partial<WorkDay> = {}): WorkDay {
  return {
    date,
    clockIn: at(date, clockIn),
    clockOut: at(date, clockOut, clockOut <= clockIn ? 1 : 0),
    breaks: [],
    breakMinutes: 0,
    departureAt: null,
    returnAt: null,
    ...extra,
  };
}

/** A day with `minutes` of binding from 06:00 (may pass midnight). */
function dayOf(date: string, minutes: number, extra: Partial<WorkDay> = {}): WorkDay {
  const clockIn = at(date, '06:00');
  return { ...day(date, '06:00', '07:00'), clockIn, clockOut: new Date(Date.parse(clockIn) + minutes * 60_000).toISOString(), ...extra };
}

/** A day driving `minutes` from 06:00 (clock in 05:30, out 30 min after the return). */
function drivingDay(date: string, minutes: number): WorkDay {
  const departure = Date.parse(at(date, '06:00'));
  const back = departure + minutes * 60_000;
  return {
    ...day(date, '05:30', '06:00'),
    clockOut: new Date(back + 30 * 60_000).toISOString(),
    departureAt: new Date(departure).toISOString(),
    returnAt: new Date(back).toISOString(),
  };
}

const NO_AGREEMENT = { bindingExtensionAgreement: false };
const check = (days: WorkDay[], from: string, to = from, options = NO_AGREEMENT) => checkWorkRules(days, from, to, options);
const of = (findings: RuleFinding[], rule: WorkRule) => findings.filter((f) => f.rule === rule);

describe('dayFigures', () => {
  it('binding is clock out − clock in, worked less the breaks, overtime over 8 h', () => {
    const figures = dayFigures(day('2026-11-24', '08:00', '19:30', { breakMinutes: 60 }));
    expect(figures).toMatchObject({ binding: 690, worked: 630, overtime: 150, lateNight: 0 });
  });

  it('counts breaks given as intervals (not break_minutes) when they have times', () => {
    const figures = dayFigures(
      day('2026-11-24', '08:00', '17:00', {
        breakMinutes: 999,
        breaks: [
          { start: at('2026-11-24', '12:00'), end: at('2026-11-24', '12:45') },
          { start: at('2026-11-24', '15:00'), end: at('2026-11-24', '15:15') },
        ],
      }),
    );
    expect(figures).toMatchObject({ binding: 540, worked: 480, overtime: 0 });
  });

  it('a shift across midnight: binding over the two calendar days, late night 22:00-05:00 Tokyo only', () => {
    const figures = dayFigures(day('2026-11-24', '20:00', '06:00'));
    expect(figures.binding).toBe(600);
    expect(figures.lateNight).toBe(7 * 60);
    expect(figures.overtime).toBe(120);
  });

  it('late night leaves out a break taken inside it, and counts the early morning of the same day', () => {
    const night = day('2026-11-24', '21:00', '01:00', { breaks: [{ start: at('2026-11-24', '23:00'), end: at('2026-11-24', '23:30') }] });
    expect(dayFigures(night)).toMatchObject({ binding: 240, worked: 210, lateNight: 150 });
    const early = day('2026-11-24', '03:30', '12:00');
    expect(dayFigures(early).lateNight).toBe(90);
  });

  it('late night with breaks known only as a total: taken outside 22:00-05:00 as far as possible', () => {
    expect(dayFigures(day('2026-11-24', '18:00', '02:00', { breakMinutes: 60 })).lateNight).toBe(240);
    expect(dayFigures(day('2026-11-24', '22:00', '02:00', { breakMinutes: 60 })).lateNight).toBe(180);
  });

  it('driving is departure → return less the breaks inside it', () => {
    const d = day('2026-11-24', '07:00', '18:00', {
      departureAt: at('2026-11-24', '08:00'),
      returnAt: at('2026-11-24', '17:00'),
      breaks: [
        { start: at('2026-11-24', '07:10'), end: at('2026-11-24', '07:40') },
        { start: at('2026-11-24', '12:00'), end: at('2026-11-24', '13:00') },
      ],
    });
    expect(dayFigures(d).driving).toBe(480);
  });

  it('a day without both clock times has no binding', () => {
    expect(dayFigures({ ...day('2026-11-24', '08:00', '17:00'), clockOut: null }).binding).toBe(0);
  });
});

describe('daily binding (1日の拘束時間)', () => {
  const date = '2026-11-24';
  it.each([
    [13 * 60, null],
    [13 * 60 + 1, 'warning'],
    [15 * 60, 'warning'],
    [15 * 60 + 1, 'violation'],
  ] as const)('%i minutes → %s', (minutes, level) => {
    const found = of(check([dayOf(date, minutes)], date), 'dailyBinding');
    expect(found.map((f) => f.level)).toEqual(level ? [level] : []);
    if (level) expect(found[0]!.figures.binding).toBe(minutes);
  });

  it('counts the next day’s start within 24 h toward the first day', () => {
    // Day 1 06:00-16:00 (10 h); day 2 starts 04:00, i.e. 2 h before day 1's 24 h end: 12 h, no finding.
    const days = [day(date, '06:00', '16:00'), day(addDays(date, 1), '04:00', '12:00')];
    expect(of(check(days, date), 'dailyBinding')).toEqual([]);
    // Day 2 starting at 00:59 puts 5 h 1 min inside day 1's 24 h: 15 h 1 min.
    const early = [day(date, '06:00', '16:00'), day(addDays(date, 1), '00:59', '09:00')];
    expect(of(check(early, date), 'dailyBinding')).toEqual([
      { rule: 'dailyBinding', level: 'violation', date, figures: { binding: 901, limit: 900 } },
    ]);
  });

  it('entries of one date are one working day (a recorded morning and a planned afternoon)', () => {
    const days = [day(date, '06:00', '12:00'), day(date, '13:00', '21:01')];
    expect(of(check(days, date), 'dailyBinding')).toMatchObject([{ level: 'violation', figures: { binding: 901 } }]);
  });

  it('over 14 h more than twice in one week (Mon-Sun) warns on the third such day', () => {
    // 2026-11-23 is a Monday.
    const week = ['2026-11-23', '2026-11-25', '2026-11-27'].map((d) => dayOf(d, 14 * 60 + 1));
    const found = of(check(week, '2026-11-23', '2026-11-29'), 'dailyBindingOver14');
    expect(found).toEqual([{ rule: 'dailyBindingOver14', level: 'warning', date: '2026-11-27', figures: { binding: 841, count: 3, limitCount: 2 } }]);
    // Exactly 14 h on the third day is not over; the third day in the next week starts a new count.
    expect(of(check([...week.slice(0, 2), dayOf('2026-11-27', 840)], '2026-11-23', '2026-11-29'), 'dailyBindingOver14')).toEqual([]);
    expect(of(check([...week.slice(0, 2), dayOf('2026-11-30', 841)], '2026-11-23', '2026-11-30'), 'dailyBindingOver14')).toEqual([]);
  });
});

describe('rest between shifts (休息期間)', () => {
  const first = '2026-11-24';
  const next = '2026-11-25';
  /** Day 1 ends 20:00; day 2 starts `rest` minutes later. */
  const pair = (rest: number) => {
    const end = Date.parse(at(first, '20:00'));
    const start = new Date(end + rest * 60_000).toISOString();
    return [day(first, '08:00', '20:00'), { ...day(next, '08:00', '09:00'), clockIn: start, clockOut: new Date(end + (rest + 480) * 60_000).toISOString() }];
  };
  it.each([
    [11 * 60, null],
    [11 * 60 - 1, 'warning'],
    [9 * 60, 'warning'],
    [9 * 60 - 1, 'violation'],
  ] as const)('%i minutes of rest → %s, reported on the day it ends', (rest, level) => {
    const found = of(check(pair(rest), first, next), 'restBetweenShifts');
    expect(found.map((f) => [f.level, f.date, f.figures.rest])).toEqual(level ? [[level, next, rest]] : []);
  });
});

describe('monthly and annual binding (1か月・1年の拘束時間)', () => {
  /** `hours` of binding in November 2026 over 22 days, the last day making up the remainder. */
  const month = (minutes: number) => {
    const days: WorkDay[] = [];
    let left = minutes;
    for (let d = 1; left > 0; d++) {
      const today = Math.min(left, 13 * 60);
      days.push(dayOf(`2026-11-${String(d).padStart(2, '0')}`, today));
      left -= today;
    }
    return days;
  };
  const monthly = (minutes: number, agreement = false) =>
    of(check(month(minutes), '2026-11-01', '2026-11-30', { bindingExtensionAgreement: agreement }), 'monthlyBinding');

  it('284 h is within the limit; 284 h 1 min violates on the day it is passed', () => {
    expect(monthly(284 * 60)).toEqual([]);
    const found = monthly(284 * 60 + 1);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ level: 'violation', figures: { binding: 284 * 60 + 1, limit: 284 * 60 } });
  });

  it('with the agreement (労使協定) the limit is 310 h', () => {
    expect(monthly(300 * 60, true)).toEqual([]);
    expect(monthly(310 * 60, true)).toEqual([]);
    expect(monthly(310 * 60 + 1, true)).toMatchObject([{ figures: { limit: 310 * 60 } }]);
  });

  it('the annual total runs over the fiscal year April-March', () => {
    expect(fiscalYearOf('2026-03-31')).toBe(2025);
    expect(fiscalYearOf('2026-04-01')).toBe(2026);
    // 3,300 h exactly from April to March: within; one more minute on 2027-03-31 violates.
    const days: WorkDay[] = [];
    let left = 3300 * 60;
    for (let n = 0; left > 0; n++) {
      const today = Math.min(left, 11 * 60);
      days.push(dayOf(addDays('2026-04-01', n), today));
      left -= today;
    }
    const year = (list: WorkDay[]) => of(check(list, '2026-04-01', '2027-03-31'), 'annualBinding');
    expect(year(days)).toEqual([]);
    expect(year([...days, dayOf('2027-03-31', 1)])).toMatchObject([{ date: '2027-03-31', figures: { binding: 3300 * 60 + 1 } }]);
    // The same minute on 2027-04-01 belongs to the next fiscal year.
    expect(of(check([...days, dayOf('2027-04-01', 1)], '2026-04-01', '2027-04-30'), 'annualBinding')).toEqual([]);
  });
});

describe('driving time (運転時間)', () => {
  const d1 = '2026-11-24';
  const d2 = '2026-11-25';
  const d3 = '2026-11-26';
  const twoDay = (minutes: [number, number, number]) =>
    of(check([drivingDay(d1, minutes[0]), drivingDay(d2, minutes[1]), drivingDay(d3, minutes[2])], d2), 'twoDayDriving');

  it('the two-day average violates only when the pairs with the day before AND the day after are over 9 h', () => {
    // 10 h on the day: 9 h 1 min average with the day before, and with the day after.
    expect(twoDay([482, 600, 482])).toMatchObject([{ level: 'violation', date: d2, figures: { before: 541, after: 541 } }]);
    // Only the pair with the day before is over: no violation.
    expect(twoDay([482, 600, 480])).toEqual([]);
    // Only the pair with the day after is over: no violation.
    expect(twoDay([480, 600, 482])).toEqual([]);
  });

  it('two-week average over 44 h per week violates (periods from Monday 2024-04-01, every 14 days)', () => {
    // 2026-11-09 is a Monday starting a period: 952 days (68 periods) after 2024-04-01.
    const start = '2026-11-09';
    const fortnight = (last: number) => Array.from({ length: 11 }, (_, i) => drivingDay(addDays(start, i), i === 10 ? last : 480));
    expect(of(check(fortnight(88 * 60 - 10 * 480), start, addDays(start, 13)), 'twoWeekDriving')).toEqual([]);
    expect(of(check(fortnight(88 * 60 - 10 * 480 + 1), start, addDays(start, 13)), 'twoWeekDriving')).toMatchObject([
      { date: addDays(start, 10), figures: { average: (88 * 60 + 1) / 2 } },
    ]);
  });

  describe('continuous driving (連続運転時間)', () => {
    const date = '2026-11-24';
    /** Drive 2 h, break `a`, drive 2 h, break `b`, drive 1 h. */
    const route = (a: number, b: number) => {
      const dep = Date.parse(at(date, '06:00'));
      const iso = (m: number) => new Date(dep + m * 60_000).toISOString();
      const breaks = [
        { start: iso(120), end: iso(120 + a) },
        { start: iso(240 + a), end: iso(240 + a + b) },
      ];
      const back = 300 + a + b;
      return { ...day(date, '05:30', '06:00'), clockOut: iso(back + 30), departureAt: iso(0), returnAt: iso(back), breaks };
    };
    const continuous = (d: WorkDay) => of(check([d], date), 'continuousDriving');

    it('4 h of driving with 30 minutes of breaks (15 + 15) starts the count again', () => {
      expect(continuous(route(15, 15))).toEqual([]);
    });

    it('4 h of driving with 29 minutes of breaks (15 + 14) does not: the next minute violates', () => {
      expect(continuous(route(15, 14))).toMatchObject([{ level: 'violation', figures: { driving: 300, breaks: 29, limit: 240 } }]);
    });

    it('a break under 10 minutes does not count (21 + 9)', () => {
      expect(continuous(route(21, 9))).toMatchObject([{ figures: { breaks: 21 } }]);
      expect(continuous(route(20, 10))).toEqual([]);
    });

    it('exactly 4 h of driving without a break is within the limit, 4 h 1 min is not', () => {
      expect(continuous(drivingDay(date, 240))).toEqual([]);
      expect(continuous(drivingDay(date, 241))).toMatchObject([{ figures: { driving: 241, breaks: 0 } }]);
    });
  });
});

describe('findings', () => {
  it('only the days within [from, to] are reported; days around them are context', () => {
    const days = [dayOf('2026-11-24', 16 * 60), dayOf('2026-11-25', 16 * 60)];
    expect(check(days, '2026-11-25').map((f) => f.date)).toEqual(['2026-11-25', '2026-11-25']);
  });
});

describe('formatMinutes', () => {
  it('shows minutes as H:mm, hours past 24', () => {
    expect(formatMinutes(912)).toBe('15:12');
    expect(formatMinutes(541)).toBe('9:01');
    expect(formatMinutes(284 * 60)).toBe('284:00');
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(540.5)).toBe('9:01');
  });
});

describe('findingMessageParams', () => {
  it('minutes as H:mm, counts as they are, the limit in hours, other entries passed through', () => {
    expect(findingMessageParams({ binding: 912, limit: 900, level: 'violation' })).toEqual({ binding: '15:12', limit: '15:00', limitHours: '15', level: 'violation' });
    expect(findingMessageParams({ binding: 841, count: 3, limitCount: 2 })).toEqual({ binding: '14:01', count: 3, limitCount: 2 });
    expect(findingMessageParams({ binding: 198_001, limit: 198_000 }).limitHours).toBe('3,300');
  });
});

describe('brief texts (the tags of overview tables)', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  it.each([
    ['ja', workRulesJa.workRules],
    ['en', workRulesEn.workRules],
  ] as const)('in %s, each rule gives a figure, and only figures its sentences give', (_locale, texts) => {
    for (const rule of WORK_RULES) {
      const { brief, warning, violation } = texts[rule];
      const given = new Set([...placeholders(warning), ...placeholders(violation)]);
      expect(placeholders(brief).length, rule).toBeGreaterThan(0);
      expect(placeholders(brief).filter((name) => !given.has(name)), rule).toEqual([]);
    }
  });
});
