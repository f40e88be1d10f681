/** Field formats shared by the server's checks and the client's forms. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;
export const POSTAL_CODE_PATTERN = /^\d{3}-?\d{4}$/;
export const PHONE_PATTERN = /^[0-9+()-]{6,20}$/;
export const LATITUDE_RANGE = { min: -90, max: 90 } as const;
export const LONGITUDE_RANGE = { min: -180, max: 180 } as const;
export const NAME_MAX = 100;
export const ADDRESS_MAX = 200;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 適格請求書発行事業者登録番号: T and 13 digits */
export const INVOICE_REGISTRATION_PATTERN = /^T\d{13}$/;
export const VEHICLE_NUMBER_MAX = 30;
export const PASSWORD_MIN = 8;
/** A user's or driver's login id: 2 characters at least, as short ids (the demo's `hq`) are in use and must stay savable. */
export const LOGIN_ID_PATTERN = /^[A-Za-z0-9_.@-]{2,50}$/;
/** A calendar date as the API carries it (a unit price's 適用開始日). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Amounts (fuel economy, volumes, fees): never negative, bounded so a typo cannot overflow a report. */
export const AMOUNT_RANGE = { min: 0, max: 1e9 } as const;
