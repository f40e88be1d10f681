// The Japanese catalogue is the reference: en.ts must have exactly the same keys (checked by tsc).
import { areasJa } from './areas.js';
import { coreJa } from './core-ja.js';

export const ja = { ...areasJa, ...coreJa };

export type Catalogue = typeof ja;
