// Numbers are what is stored; labels are i18n keys under `enums.<name>.<value>`.
export const USER_TYPE = { superAdmin: 1, adminManage: 2, adminVehicleAllocation: 3 } as const;

/** Department levels 1-4; a delivery company's own staff are level 5. */
export const LEVEL = { headquarters: 1, division: 2, branch: 3, center: 4, deliveryCompany: 5 } as const;
export type Level = 1 | 2 | 3 | 4 | 5;
export const DEPARTMENT_LEVELS = [1, 2, 3, 4] as const;

export const DELIVERY_TYPE = { betweenCenters: 0, storeDirect: 1, both: 2 } as const;
export const TRIP_MODE = { single: 0, noConsolidation: 1, withConsolidation: 2 } as const;
/** load_unit 0 パレット, 1 カゴ車. */
export const LOAD_UNIT = { pallet: 0, cageCart: 1 } as const;
export const RECEIVE_TIMING = { previousDay: 0, sameDay: 1 } as const;
export const LOGIN_FLAG = { loggedOut: 0, loggedIn: 1 } as const;

export const SUPER_ADMIN_ROLE = 'super_admin';
export const APP_VERSION = '1.1.0';
