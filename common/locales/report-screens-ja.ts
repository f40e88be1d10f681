// The report pages (/download/<slug>): their form, buttons and hints. Merged into ja.ts.
const SUMMARY = 'センター・配送会社ごと：便数・車両数・パレット・カゴ車・重量・容積・配達済・遅延・定時率';

export const reportScreensJa = {
  reportScreens: {
    period: {
      day: '日付',
      week: '週（月〜日）',
      month: '対象月',
      range: '期間',
      prevDay: '前日',
      nextDay: '翌日',
      rangeHint: '最大{{days}}日',
    },
    filters: {
      department_id: 'センター',
      delivery_company_id: '配送会社',
      driver_id: 'ドライバー',
      all: 'すべて',
      ownCompany: '{{name}}（自社の便のみ）',
    },
    amounts: {
      fuel_price: '軽油単価',
      fuel_priceUnit: '円/L',
      fuel_priceHint: '燃料費の計算に使います。センターごとに、前回の出力に使った値から始まります（未入力のセンターは既定値 {{default}} 円/L）。',
      default: '既定値',
      invalid: '{{label}}は{{min}}〜{{max}}の整数で入力してください。',
    },
    switches: {
      all_stops: '荷待ち30分未満の停車も含める',
    },
    download: {
      label: '出力',
      pdf: 'PDF',
      xlsx: 'Excel',
      csv: 'CSV',
      csvUtf8: 'CSV (UTF-8)',
      csvSjis: 'CSV (Shift_JIS)',
      enterHint: 'Enterキーで{{format}}を出力します。',
      scopeHint: '空欄の条件は、閲覧できる範囲のすべてが対象です。',
    },
    descriptions: {
      'delivery-operation': '便ごとに1ページ：車両・ドライバー・時刻・停車順・数量・受領印欄',
      'vehicle-chart': 'センターごとにA4横1ページ：車両ごとの行に、その日の便（便番号・方面・時刻・積載）を時間軸の帯で',
      'dalivery-daily-report-all': 'その日の全便・全配送：状況・遅延・報告時刻と場所',
      'daily-summary': SUMMARY,
      'weekly-summary': SUMMARY,
      'monthly-summary': SUMMARY,
      'invoice-store-directly': '配送会社ごと・月ごとの適格請求書（店舗直送）：完了した便・基本運賃・距離運賃・小計・消費税10%・登録番号',
      'invoice-between-center': '配送会社ごと・月ごとの適格請求書（センター間）：完了した便・基本運賃・距離運賃・小計・消費税10%・登録番号',
      'daily-expense': '車両ごと：走行距離（メーター、なければ推定）・燃料（距離÷燃費）・燃料費・高速代・駐車料金・その他・経費合計',
      'daily-sales-report': 'センター・得意先ごと：納品店舗数・配送件数・運賃売上、センターごとの運送費（便の単価）と粗利',
      'working-time-record': 'ドライバーごと日ごと：出勤・退勤・休憩・拘束・実働・残業・深夜・基準超過',
      'attendance-record': 'ドライバーごと・月ごとの出勤簿：日ごとの出勤・欠勤・出退勤時刻・休憩・実働・残業・深夜、出勤日数と欠勤日数',
      'payroll-accounting': 'ドライバーごと・月ごと：出勤日数・実働・所定内・時間外（月60時間超）・深夜・休日（祝日）の時間と、時給による基本給・各手当・総支給額',
      'waiting-loading-record': '荷待ち30分以上（または到着したすべて）の停車：場所・到着・出発・荷待ち・荷役の時刻と内容・荷主確認、荷主別・場所別の集計',
      'load-efficiency': '運行ごと：積載率（パレット・カゴ車・重量・容積の最大）・走行距離・実車距離・実車率・積載効率、車両別・配送会社別と2時間以内の運行の割合',
      'co2-emissions': '月ごと・荷主ごとのCO2排出量：改良トンキロ法（輸送量・積載率・トンキロ・燃料）と燃費法、算定方法と係数つき',
    },
  },
};
