import type { realtimeJa } from './realtime-ja.js';

export const realtimeEn: typeof realtimeJa = {
  realtime: {
    upgradeRequired: '{{path}} answers WebSocket connections only.',
  },
};
