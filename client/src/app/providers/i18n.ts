/**
 * One i18next instance for our components (react-i18next) and Refine's (i18nProvider).
 * Japanese by default and as fallback; the user's choice is remembered in localStorage.
 */
import type { I18nProvider } from '@refinedev/core';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { coreEn } from '../../../../common/locales/core-en.js';
import { coreJa } from '../../../../common/locales/core-ja.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../../common/locales/index.js';

export const LOCALE_STORAGE_KEY = 'locale';

export const ANTD_LOCALES = { ja: jaJP, en: enUS } as const;

function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

function storedLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_STORAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

function applyLocale(locale: string): void {
  dayjs.locale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (typeof localStorage !== 'undefined') localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

i18n.on('languageChanged', applyLocale);

// The frame's messages only: each area's arrive with the signed-in frame (area-messages.ts).
void i18n.use(initReactI18next).init({
  resources: { ja: { translation: coreJa }, en: { translation: coreEn } },
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyLocale(currentLocale());

export function changeLocale(locale: Locale): Promise<unknown> {
  return i18n.changeLanguage(locale);
}

/** Refine calls translate(key, defaultMessage) as well as translate(key, options, defaultMessage). */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const [values, fallback] = typeof options === 'string' ? [undefined, options] : [options, defaultMessage];
    return i18n.t(key, { ...values, defaultValue: fallback ?? key }) as string;
  },
  changeLocale: (locale) => (isLocale(locale) ? changeLocale(locale) : Promise.resolve()),
  getLocale: () => currentLocale(),
};

export { i18n };
