/**
 * Compile-time test (checked by `npm run typecheck`, not run): the screens' `t` takes message keys
 * of the reference catalogue only, so a misspelt key, a namespace or a misspelt section does not compile.
 */
import { keyIn, type Translate } from '../../client/src/app/providers/translate.js';

declare const t: Translate;

export const known = [t('buttons.save'), t(keyIn('tripScreens.status', 1)), t(keyIn('deliveryScreens.fields', 'date'))];

// @ts-expect-error a misspelt key
export const misspelt = t('buttons.savee');

// @ts-expect-error a namespace is not a message
export const namespace = t('buttons');

// @ts-expect-error a misspelt section
export const section = keyIn('tripScreens.statuss', 1);
