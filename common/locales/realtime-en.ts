import type { realtimeJa } from './realtime-ja.js';

export const realtimeEn: typeof realtimeJa = {
  realtime: {
    bell: {
      unreadCount: '{{count}} unread',
      allRead: 'All read',
      unread: 'Unread',
      shown: '{{shown}} of {{total}}',
      openTrip: 'Open the trip',
    },
  },
};
