import { areasEn } from './areas.js';
import { coreEn } from './core-en.js';
import type { Catalogue } from './ja.js';

export const en: Catalogue = { ...areasEn, ...coreEn };
