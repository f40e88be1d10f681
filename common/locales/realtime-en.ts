import type { realtimeJa } from './realtime-ja.js';

export const realtimeEn: typeof realtimeJa = {
  realtime: {
    upgradeRequired: '{{path}} answers WebSocket connections only.',
    bell: {
      unreadCount: '{{count}} unread',
      allRead: 'All read',
      unread: 'Unread',
      shown: '{{shown}} of {{total}}',
      openTrip: 'Open the trip',
      reconnecting: 'Live updates interrupted; reconnecting…',
    },
  },
};
