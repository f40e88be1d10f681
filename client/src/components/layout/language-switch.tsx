import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../../common/locales/index.js';
import { changeLocale, currentLocale } from '../../providers/i18n.js';

export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Segmented<Locale>
      data-testid="language-switch"
      size="small"
      aria-label={t('app.language')}
      value={currentLocale()}
      options={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
      onChange={(locale) => void changeLocale(locale)}
    />
  );
}
