import i18next, { type TFunction } from 'i18next';
import { en } from '../common/locales/en.js';
import { DEFAULT_LOCALE, type Locale } from '../common/locales/index.js';
import { ja } from '../common/locales/ja.js';

const resources = { ja: { translation: ja }, en: { translation: en } } as const;

const i18n = i18next.createInstance();
void i18n.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  initImmediate: false,
  interpolation: { escapeValue: false },
});

export type Translate = TFunction;

export function translator(locale: Locale): Translate {
  return i18n.getFixedT(locale);
}
