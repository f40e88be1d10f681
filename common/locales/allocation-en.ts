import type { allocationJa } from './allocation-ja.js';

export const allocationEn: typeof allocationJa = {
  allocation: {
    measures: { pallets: 'pallets', cage_carts: 'cage carts', weight: 'weight (kg)' },
    overCapacity: 'Over the load limit ($t(allocation.measures.{{measure}}): {{load}} of {{capacity}}).',
    vehicleBusy: 'This vehicle is already on trip {{trip_no}} ({{date}}) at an overlapping time.',
    driverBusy: 'This driver is already on trip {{trip_no}} ({{date}}) at an overlapping time.',
    stale: '{{name}} has changed this trip. Reload the page before you continue.',
    staleUnknown: 'Another user has changed this trip. Reload the page before you continue.',
    notConfirmed: 'This trip is not confirmed, so loading cannot start.',
    cancelled: 'This trip has been cancelled.',
    completed: 'This trip has been completed.',
    alreadyStarted: 'Loading of this trip has already started.',
    startedCannotUnconfirm: 'A trip whose loading has started cannot be unconfirmed.',
    notPlanned: 'Deliveries cannot be changed once loading of the trip has started.',
    deliveryOutOfDay: 'Delivery (slip {{slip}}) is for another date or center than the trip.',
    deliveryNotFound: 'Delivery (ID {{id}}) was not found.',
    deliveryOnOtherTrip: 'Delivery (slip {{slip}}) is on another trip.',
    deliveryDone: 'Delivery (slip {{slip}}) is in transit or delivered and cannot be changed.',
    sameTrip: 'Choose two different trips to move between.',
    kindFields: 'Enter {{field}}.',
    windowOrder: 'The planned arrival must be after the planned loading start.',
    noTripNo: 'No trip number is left for this day.',
    sameDate: 'Choose a different date to copy to.',
    warnings: {
      lateForWindow: '{{store}}: planned arrival {{planned}} is after the receiving window ({{start}}–{{end}}).',
      earlyForWindow: '{{store}}: planned arrival {{planned}} is before the receiving window ({{start}}–{{end}}).',
      missesSpecifiedTime: '{{store}}: planned arrival {{planned}} misses the specified time {{specified}}.',
      stopsWithWarnings: '{{count}} stops have time-window warnings.',
    },
    notification: {
      loadingStart: '{{center}} loading started, trip {{trip_no}} {{vehicle}}',
    },
  },
};
