import i18next from 'i18next';
import { deliveriesEn } from '../../../common/locales/deliveries-en.js';
import { deliveriesJa } from '../../../common/locales/deliveries-ja.js';
import { driverScreenEn } from '../../../common/locales/driver-screen-en.js';
import { driverScreenJa } from '../../../common/locales/driver-screen-ja.js';
import { sharesEn } from '../../../common/locales/shares-en.js';
import { sharesJa } from '../../../common/locales/shares-ja.js';

/** The screen's words, and the few of the shared catalogues it shows (荷姿, a note's category). */
const catalogue = (screen: typeof driverScreenJa, shares: typeof sharesJa, deliveries: typeof deliveriesJa) => ({
  ...screen,
  shareCategory: shares.shares.category,
  loadUnit: deliveries.deliveries.loadUnit,
});

const ja = catalogue(driverScreenJa, sharesJa, deliveriesJa);

type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** A key of the screen's catalogue: a misspelt one does not compile. */
export type ScreenKey = KeysOf<typeof ja>;

export type Language = 'ja' | 'en';
const LANGUAGE_KEY = 'haisha.driver.language';

export const savedLanguage = (): Language => {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  if (saved === 'ja' || saved === 'en') return saved;
  return navigator.language.startsWith('ja') ? 'ja' : 'en';
};

export const screenI18n = i18next.createInstance();
void screenI18n.init({
  lng: savedLanguage(),
  fallbackLng: 'ja',
  initImmediate: false,
  interpolation: { escapeValue: false },
  resources: {
    ja: { translation: ja },
    en: { translation: catalogue(driverScreenEn, sharesEn, deliveriesEn) },
  },
});

export function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  return screenI18n.changeLanguage(language);
}

export type T = (key: ScreenKey, params?: Record<string, unknown>) => string;
export const translate: T = (key, params) => screenI18n.t(key, params ?? {});
