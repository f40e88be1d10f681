/**
 * Toasts for code outside React (the auth provider's 403 handling). Inside the app the
 * antd `App` context instance is bound, so toasts follow the theme and the locale.
 */
import type { OpenNotificationParams } from '@refinedev/core';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { TOAST_DURATION_MS, TOAST_PLACEMENT } from '../config.js';

/**
 * Bottom right, so a toast never hides the header (the bell, the user menu) or a screen's toolbar; at
 * most three shown at once, the rest stacked under them.
 */
export const TOAST_CONFIG = { placement: TOAST_PLACEMENT, duration: TOAST_DURATION_MS / 1000, bottom: 16, stack: { threshold: 3 } };
notification.config(TOAST_CONFIG);

/** A refusal (an error toast) stays until its ✕ is pressed: it is read, maybe twice, before it goes. */
export const ERROR_TOAST_DURATION = 0;

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
  error: (message: string, key?: string) => instance.error({ message, key, duration: ERROR_TOAST_DURATION }),
  success: (message: string, key?: string) => instance.success({ message, key }),
  info: (message: string, key?: string) => instance.info({ message, key }),
  warning: (message: string, key?: string) => instance.warning({ message, key }),
};
