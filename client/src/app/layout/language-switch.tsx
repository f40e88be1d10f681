import { Segmented } from 'antd';
import { LOCALES, type Locale } from '../../../../common/locales/index.js';
import { changeLocale, currentLocale } from '../providers/i18n.js';
import { keyIn, useT } from '../providers/translate.js';

export function LanguageSwitch() {
  const { t } = useT();
  return (
    <Segmented<Locale>
      data-testid="language-switch"
      size="small"
      aria-label={t('app.language')}
      value={currentLocale()}
      options={LOCALES.map((locale) => ({ value: locale, label: t(keyIn('languages', locale)) }))}
      onChange={(locale) => void changeLocale(locale)}
    />
  );
}
