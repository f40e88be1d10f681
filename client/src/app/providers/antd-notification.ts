import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';
import { ERROR_TOAST_DURATION } from './toast.js';

/**
 * Refine's toasts through antd's App context, as `useNotificationProvider` of @refinedev/antd
 * shows them (Refine's description as the title, its message as the body). Written here because
 * that package is one bundled module: importing anything from it on the first page pulls its
 * whole bundle (markdown, upload, pro-layout) into the login page. No mutation of ours is
 * undoable, so Refine's "progress" toast is shown as a plain info toast. A refusal stays until closed.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) =>
      notification.open({
        key,
        type: type === 'progress' ? 'info' : type,
        message: description ?? null,
        description: message,
        ...(type === 'error' ? { duration: ERROR_TOAST_DURATION } : {}),
      }),
    close: (key) => notification.destroy(key),
  };
}
