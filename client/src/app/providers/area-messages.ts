/**
 * Every area's messages (masters, deliveries, trips…), added to the i18next instance when this module
 * loads. The signed-in frame (app-layout.tsx) imports it, and it loads after the login page: the login
 * page's first load carries only the frame's messages (core-ja.ts, core-en.ts).
 */
import { areasEn, areasJa } from '../../../../common/locales/areas.js';
import { i18n } from './i18n.js';

i18n.addResourceBundle('ja', 'translation', areasJa, true, false);
i18n.addResourceBundle('en', 'translation', areasEn, true, false);
