/**
 * Toasts for code outside React (the auth provider's 403 handling). Inside the app the
 * antd `App` context instance is bound, so toasts follow the theme and the locale.
 */
import type { OpenNotificationParams } from '@refinedev/core';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { HEADER_HEIGHT, TOAST_DURATION_MS, TOAST_PLACEMENT } from '../config.js';

/** Top right, below the header so a toast never hides the bell or the user menu. */
export const TOAST_CONFIG = { placement: TOAST_PLACEMENT, duration: TOAST_DURATION_MS / 1000, top: HEADER_HEIGHT + 8 };
notification.config(TOAST_CONFIG);

/** The key of Refine's toast for a failed login (useLogin). */
export const LOGIN_ERROR_KEY = 'login-error';

/**
 * Refine's toast for a record query (the edit and detail pages' useForm, useShow) that found nothing.
 * A record outside the caller's scope answers 404 and the page shows the not-found page, so a toast
 * saying it again is noise.
 */
export function isRecordNotFoundToast(params: OpenNotificationParams, notFoundMessage: string): boolean {
  return params.type === 'error' && (params.key?.endsWith('-getOne-notification') ?? false) && params.description === notFoundMessage;
}

/** 「検索」, not antd's 「検 索」: a space between two CJK characters reads as two words. */
export const BUTTON_CONFIG = { autoInsertSpace: false };

let instance: Pick<NotificationInstance, 'error' | 'success' | 'info' | 'warning'> = notification;

export function bindToasts(api: NotificationInstance): void {
  instance = api;
}

export const toast = {
  error: (message: string, key?: string) => instance.error({ message, key }),
  success: (message: string, key?: string) => instance.success({ message, key }),
  info: (message: string, key?: string) => instance.info({ message, key }),
  warning: (message: string, key?: string) => instance.warning({ message, key }),
};
