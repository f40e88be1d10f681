// The report pages (/download/<slug>): their form, buttons and hints. Merged into en.ts.
const SUMMARY = 'Per center and delivery company: trips, vehicles, pallets, cage carts, weight, volume, delivered, delayed, on-time rate';

export const reportScreensEn = {
  reportScreens: {
    period: {
      day: 'Date',
      week: 'Week (Mon–Sun)',
      month: 'Month',
      range: 'Period',
      prevDay: 'Previous day',
      nextDay: 'Next day',
      rangeHint: 'Up to {{days}} days',
    },
    filters: {
      department_id: 'Center',
      delivery_company_id: 'Delivery company',
      driver_id: 'Driver',
      all: 'All',
      ownCompany: '{{name}} (own trips only)',
    },
    amounts: {
      fuel_price: 'Diesel price',
      fuel_priceUnit: 'yen/L',
      fuel_priceHint: 'Used for the fuel cost. Each center starts from the price its last report used ({{default}} yen/L by default until one is entered).',
      default: 'Default',
      invalid: '{{label}} must be a whole number from {{min}} to {{max}}.',
    },
    switches: {
      all_stops: 'Include stops with shorter waits',
    },
    download: {
      label: 'Download',
      pdf: 'PDF',
      xlsx: 'Excel',
      csv: 'CSV',
      csvUtf8: 'CSV (UTF-8)',
      csvSjis: 'CSV (Shift_JIS)',
      enterHint: 'Enter downloads the {{format}}.',
      scopeHint: 'An empty condition means everything you can see.',
    },
    descriptions: {
      'delivery-operation': 'One page per trip: vehicle, driver, times, stops in order, quantities, receipt stamp box',
      'vehicle-chart': "One A4 landscape page per center: a row per vehicle with the day's trips (number, direction, times, load) as bars over the hours",
      'dalivery-daily-report-all': "All of the day's trips and deliveries: status, delay, reported time and place",
      'daily-summary': SUMMARY,
      'weekly-summary': SUMMARY,
      'monthly-summary': SUMMARY,
      'invoice-store-directly': 'Qualified invoice per delivery company and month (store direct): completed trips, base and distance fares, subtotal, 10 % consumption tax, registration number',
      'invoice-between-center': 'Qualified invoice per delivery company and month (between centers): completed trips, base and distance fares, subtotal, 10 % consumption tax, registration number',
      'daily-expense': 'Per vehicle: distance (odometer, else estimated), fuel (distance ÷ economy), fuel cost, tolls, parking, other, total',
      'daily-sales-report': 'Per center and customer: stores delivered, deliveries, shipping fees; per center the trip charges (unit prices) and the gross margin',
      'working-time-record': 'Per driver and day: clock-in, clock-out, breaks, duty time, working time, overtime, night work, limits exceeded',
      'attendance-record': 'Attendance book per driver and month: each day present or absent, clock-in and clock-out, breaks, working time, overtime, night work; days worked and absences',
      'payroll-accounting': 'Per driver, a month: days, worked, regular, overtime (beyond 60 h), late-night and public-holiday hours, and the pay at the hourly wage',
      'waiting-loading-record': 'Stops with a wait of 30 minutes or more (or every stop reached): place, arrival, departure, waiting and loading times and work, shipper confirmation; totals per shipper and place',
      'load-efficiency': 'Per run: load rate (highest of pallets, cage carts, weight, volume), km driven and loaded, loaded-km ratio and load efficiency; per vehicle and company, and the share of runs within 2 hours',
      'co2-emissions': 'CO2 per month and shipper by the improved ton-km method (carried, load rate, ton-km, fuel) and the fuel economy method, with the method and factors',
    },
  },
};
