import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Form rules whose messages name the field, from the catalogue's `errors.*` texts. */
export function useFieldRules(labelNamespace: string) {
  const { t } = useTranslation();
  return useMemo(() => {
    const field = (name: string) => t(`${labelNamespace}.${name}`);
    return {
      required: (name: string): Rule => ({ required: true, message: t('errors.required', { field: field(name) }) }),
      max: (name: string, max: number): Rule => ({ max, message: t('errors.tooLong', { field: field(name), max }) }),
      pattern: (name: string, pattern: RegExp): Rule => ({
        pattern,
        message: t('errors.invalidFormat', { field: field(name) }),
      }),
      range: (name: string, { min, max }: { min: number; max: number }): Rule => ({
        type: 'number',
        min,
        max,
        message: t('errors.outOfRange', { field: field(name), min, max }),
      }),
    };
  }, [t, labelNamespace]);
}

/** A cleared text box means "no value" (null), not an empty string. */
export function emptyToNull(value: unknown): unknown {
  return value === '' ? null : value;
}
