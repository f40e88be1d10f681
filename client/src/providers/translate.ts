/**
 * The screens' typed translation: `t` takes a `MessageKey` of the reference (ja) catalogue, so a
 * misspelt key does not compile. i18next's own typed resources crash tsc 5.9 at our catalogue's
 * size ("Debug Failure. No error for last overload signature"), hence this thin wrapper.
 * Keys built at run time name their section's keys: `t(\`tripScreens.kind.${kind}\`)` compiles when
 * `kind` is a `TripKind`; text that is not a key at all goes through `runtimeKey`, on purpose.
 */
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../common/locales/index.js';

export type Translate = (key: MessageKey, options?: Record<string, unknown>) => string;

/** A key known only at run time (a server's message key, a field name from a file): not checked. */
export const runtimeKey = (key: string) => key as MessageKey;

export function useT() {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as Translate, i18n };
}
