import { allocationEn } from './allocation-en.js';
import { allocationJa } from './allocation-ja.js';
import { allocationScreensEn } from './allocation-screens-en.js';
import { allocationScreensJa } from './allocation-screens-ja.js';
import { deliveriesEn } from './deliveries-en.js';
import { deliveriesJa } from './deliveries-ja.js';
import { deliveryScreensEn } from './delivery-screens-en.js';
import { deliveryScreensJa } from './delivery-screens-ja.js';
import { driverAppEn } from './driver-app-en.js';
import { driverAppJa } from './driver-app-ja.js';
import { driverTimeEn } from './driver-time-en.js';
import { driverTimeJa } from './driver-time-ja.js';
import { mapsEn } from './maps-en.js';
import { mapsJa } from './maps-ja.js';
import { mastersEn } from './masters-en.js';
import { mastersJa } from './masters-ja.js';
import { reportScreensEn } from './report-screens-en.js';
import { reportScreensJa } from './report-screens-ja.js';
import { reportsEn } from './reports-en.js';
import { reportsJa } from './reports-ja.js';
import { realtimeEn } from './realtime-en.js';
import { recordsEn } from './records-en.js';
import { recordsJa } from './records-ja.js';
import { realtimeJa } from './realtime-ja.js';
import { sharesEn } from './shares-en.js';
import { sharesJa } from './shares-ja.js';
import { systemEn } from './system-en.js';
import { systemJa } from './system-ja.js';
import { workRulesEn } from './work-rules-en.js';
import { workRulesJa } from './work-rules-ja.js';

/**
 * Each area's messages (masters, deliveries, trips, the driver app, their screens), one catalogue file
 * per area. The server has them from the start; the client adds them when the signed-in frame loads,
 * so that the login page's first load stays small.
 */
export const areasJa = {
  ...mastersJa,
  ...systemJa,
  ...allocationJa,
  ...driverAppJa,
  ...allocationScreensJa,
  ...deliveryScreensJa,
  ...deliveriesJa,
  ...driverTimeJa,
  ...mapsJa,
  ...realtimeJa,
  ...sharesJa,
  ...workRulesJa,
  ...reportsJa,
  ...reportScreensJa,
  ...recordsJa,
};

export const areasEn: typeof areasJa = {
  ...mastersEn,
  ...systemEn,
  ...allocationEn,
  ...driverAppEn,
  ...allocationScreensEn,
  ...deliveryScreensEn,
  ...deliveriesEn,
  ...driverTimeEn,
  ...mapsEn,
  ...realtimeEn,
  ...sharesEn,
  ...workRulesEn,
  ...reportsEn,
  ...reportScreensEn,
  ...recordsEn,
};
