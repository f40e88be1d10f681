export const realtimeJa = {
  realtime: {
    upgradeRequired: 'このアドレスは WebSocket 専用です（{{path}}）。',
  },
};
