/** Realtime: the socket's refusal of a plain request, and the bell's words. */
export const realtimeJa = {
  realtime: {
    upgradeRequired: 'このアドレスは WebSocket 専用です（{{path}}）。',
    bell: {
      unreadCount: '未読 {{count}} 件',
      allRead: '未読はありません',
      unread: '未読',
      shown: '{{shown}} / {{total}} 件',
      openTrip: '便詳細を開く',
      reconnecting: 'リアルタイム更新が途切れています。再接続しています…',
    },
  },
};
