/** Realtime notifications and live refreshes (issue 8): the bell's words. */
export const realtimeJa = {
  realtime: {
    bell: {
      unreadCount: '未読 {{count}} 件',
      allRead: '未読はありません',
      unread: '未読',
      shown: '{{shown}} / {{total}} 件',
      openTrip: '便詳細を開く',
    },
  },
};
