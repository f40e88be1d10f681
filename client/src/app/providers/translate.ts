/**
 * The screens' typed translation: `t` takes a `MessageKey` of the reference (ja) catalogue, so a
 * misspelt key does not compile. i18next's own typed resources crash tsc 5.9 at our catalogue's
 * size ("Debug Failure. No error for last overload signature"), hence this thin wrapper.
 * A key whose last part is known only at run time (an enum value, a field name) is written
 * `t(keyIn('tripScreens.status', status))`: the section is still checked. A key that comes whole
 * from data (a server's message key, a master declaration's namespace) goes through `runtimeKey`.
 */
import { useTranslation } from 'react-i18next';
import { keyIn, type MessageKey, sectionIn } from '../../../../common/locales/index.js';

export { keyIn, sectionIn };
export type { MessageKey };

export type Translate = (key: MessageKey, options?: Record<string, unknown>) => string;

/** A key that comes whole from data (a server's message key, a master declaration's label): not checked. */
export const runtimeKey = (key: string) => key as MessageKey;

export function useT() {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as Translate, i18n };
}
