// Drivers' working time under the 2024 rules (改善基準告示): each rule's name as managers know it and
// its warning (注意, amber) and violation (違反, red) wording; `brief`, the rule with its figure, is
// the tag of an overview table (the sentence its tooltip). Figures are H:mm (common/time.ts
// formatMinutes), counts as they are; `limitHours` is the limit in hours. Merged into ja.ts.
export const workRulesJa = {
  workRules: {
    title: '労働時間の基準（改善基準告示）',
    fields: { trip_id: '便' },
    level: { warning: '注意', violation: '違反' },
    onDate: '{{date}}：{{message}}',
    tagText: '{{level}}：{{message}}',
    dailyBinding: {
      name: '1日の拘束時間',
      brief: '1日の拘束時間 {{binding}}',
      warning: '1日の拘束時間が13時間を超えています（{{binding}}）',
      violation: '1日の拘束時間が15時間を超えています（{{binding}}）',
    },
    dailyBindingOver14: {
      name: '拘束時間14時間超の回数',
      brief: '拘束14時間超 週{{count}}回',
      warning: '1日の拘束時間が14時間を超える日が1週間に{{count}}回あります（週2回まで）',
      violation: '1日の拘束時間が14時間を超える日が1週間に{{count}}回あります（週2回まで）',
    },
    restBetweenShifts: {
      name: '休息期間',
      brief: '休息期間 {{rest}}',
      warning: '勤務終了後の休息期間が11時間未満です（{{rest}}）',
      violation: '勤務終了後の休息期間が9時間を下回っています（{{rest}}）',
    },
    monthlyBinding: {
      name: '1か月の拘束時間',
      brief: '1か月の拘束時間 {{binding}}',
      warning: '1か月の拘束時間が{{limitHours}}時間に近づいています（{{binding}}）',
      violation: '1か月の拘束時間が{{limitHours}}時間を超えています（{{binding}}）',
    },
    annualBinding: {
      name: '1年の拘束時間',
      brief: '1年の拘束時間 {{binding}}',
      warning: '1年（4月〜翌年3月）の拘束時間が{{limitHours}}時間に近づいています（{{binding}}）',
      violation: '1年（4月〜翌年3月）の拘束時間が{{limitHours}}時間を超えています（{{binding}}）',
    },
    twoDayDriving: {
      name: '2日平均の運転時間',
      brief: '2日平均の運転時間 {{before}}／{{after}}',
      warning: '2日を平均した1日当たりの運転時間が9時間に近づいています（前日との平均 {{before}}、翌日との平均 {{after}}）',
      violation: '2日を平均した1日当たりの運転時間が9時間を超えています（前日との平均 {{before}}、翌日との平均 {{after}}）',
    },
    twoWeekDriving: {
      name: '2週間平均の運転時間',
      brief: '2週間平均の運転時間 {{average}}',
      warning: '2週間を平均した1週間当たりの運転時間が44時間に近づいています（{{average}}）',
      violation: '2週間を平均した1週間当たりの運転時間が44時間を超えています（{{average}}）',
    },
    continuousDriving: {
      name: '連続運転時間',
      brief: '連続運転時間 {{driving}}',
      warning: '連続運転時間が4時間に近づいています（{{driving}}、中断 {{breaks}}）',
      violation: '連続運転時間が4時間を超えています（{{driving}}、中断 {{breaks}}）',
    },
  },
};
