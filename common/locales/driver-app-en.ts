import type { driverAppJa } from './driver-app-ja.js';

export const driverAppEn: typeof driverAppJa = {
  driverApp: {
    fields: {
      date: 'Date',
      at: 'Time',
      latitude: 'Latitude',
      longitude: 'Longitude',
      wait_minutes: 'Waiting time (min)',
      work_started_at: 'Work start time',
      work_ended_at: 'Work end time',
      work_content: 'Work done',
      consignee_confirmed: 'Confirmed by the consignee',
    },
    events: {
      loadingStart: 'loading start',
      departure: 'departure',
      arrival: 'arrival',
      stopDeparture: 'departure from the stop',
    },
    notLoading: 'This trip has not started loading, so it cannot depart.',
    notDeparted: 'This trip has not departed, so no arrival or completion can be recorded.',
    alreadyDeparted: 'This trip has already departed.',
    stopsPending: '{{count}} stop(s) have no arrival yet. Record the arrivals before completing the trip.',
    stopAlreadyArrived: 'Stop {{seq}} already has an arrival.',
    stopNotArrived: 'Stop {{seq}} has no arrival yet, so no departure can be recorded.',
    stopAlreadyDeparted: 'Stop {{seq}} already has a departure.',
    outsideTripDays: '{{field}} must be within one day of the trip date.',
    beforeEvent: '{{field}} must be later than the {{event}} ({{time}}).',
    outsideNow: '{{field}} must be within one day of the current time.',
    outsideStay: '{{field}} must be between the arrival and the departure.',
    alreadyClockedIn: 'Already clocked in for this day.',
    notClockedIn: 'There is no clock-in to clock out from.',
    alreadyClockedOut: 'Already clocked out for this day.',
    clockOutBeforeIn: 'The clock-out must be later than the clock-in ({{time}}).',
  },
};
