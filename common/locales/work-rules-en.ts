import type { workRulesJa } from './work-rules-ja.js';

export const workRulesEn: typeof workRulesJa = {
  workRules: {
    title: 'Working-time standards (2024 rules for truck drivers)',
    fields: { trip_id: 'Trip' },
    level: { warning: 'Warning', violation: 'Violation' },
    onDate: '{{date}}: {{message}}',
    tagText: '{{level}}: {{message}}',
    dailyBinding: {
      name: 'Daily binding time',
      brief: 'Daily binding time {{binding}}',
      warning: 'Binding time of the day is over 13 h ({{binding}})',
      violation: 'Binding time of the day is over 15 h ({{binding}})',
    },
    dailyBindingOver14: {
      name: 'Days over 14 h of binding',
      brief: 'Over 14 h {{count}} days a week',
      warning: 'Binding time over 14 h on {{count}} days of one week (at most 2)',
      violation: 'Binding time over 14 h on {{count}} days of one week (at most 2)',
    },
    restBetweenShifts: {
      name: 'Rest between shifts',
      brief: 'Rest between shifts {{rest}}',
      warning: 'Rest after the previous shift is under 11 h ({{rest}})',
      violation: 'Rest after the previous shift is under 9 h ({{rest}})',
    },
    monthlyBinding: {
      name: 'Monthly binding time',
      brief: 'Monthly binding time {{binding}}',
      warning: 'Binding time of the month is nearing {{limitHours}} h ({{binding}})',
      violation: 'Binding time of the month is over {{limitHours}} h ({{binding}})',
    },
    annualBinding: {
      name: 'Annual binding time',
      brief: 'Annual binding time {{binding}}',
      warning: 'Binding time of the year (April to March) is nearing {{limitHours}} h ({{binding}})',
      violation: 'Binding time of the year (April to March) is over {{limitHours}} h ({{binding}})',
    },
    twoDayDriving: {
      name: 'Two-day average driving time',
      brief: 'Two-day average driving {{before}} / {{after}}',
      warning: 'Driving time averaged over two days is nearing 9 h a day (with the day before {{before}}, with the day after {{after}})',
      violation: 'Driving time averaged over two days is over 9 h a day (with the day before {{before}}, with the day after {{after}})',
    },
    twoWeekDriving: {
      name: 'Two-week average driving time',
      brief: 'Two-week average driving {{average}}',
      warning: 'Driving time averaged over two weeks is nearing 44 h a week ({{average}})',
      violation: 'Driving time averaged over two weeks is over 44 h a week ({{average}})',
    },
    continuousDriving: {
      name: 'Continuous driving time',
      brief: 'Continuous driving {{driving}}',
      warning: 'Continuous driving is nearing 4 h ({{driving}}, breaks {{breaks}})',
      violation: 'Continuous driving is over 4 h ({{driving}}, breaks {{breaks}})',
    },
  },
};
