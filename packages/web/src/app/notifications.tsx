import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { errorBodyToMessage, GENERIC_ERROR_TITLE_KEY, type ApiError } from '../api/errors';
import { i18n } from '../i18n';

/**
 * Notifications for code outside React. The antd `App` registers its context-aware instance at
 * start (theme and locale apply); the static one is the fallback.
 */
let api: NotificationInstance = notification;

export function setNotificationApi(instance: NotificationInstance): void {
  api = instance;
}

const t = (key: string, options?: { defaultValue?: string }) => i18n.t(key, options ?? {});

const multiline = (text: string) => <span style={{ whiteSpace: 'pre-line' }}>{text}</span>;

/** The generic danger notification of spec §8. */
export function notifyError(error: ApiError | null): void {
  api.error({
    title: t(GENERIC_ERROR_TITLE_KEY),
    description: multiline(errorBodyToMessage(error?.body ?? null, t)),
  });
}

export function notifySessionExpired(): void {
  // one key: concurrent 401s show one notification
  api.warning({ key: 'session-expired', title: t('NOTIFICATIONS.ERROR.SESSION_EXPIRED') });
}

export function notifySuccess(title: string, description?: string): void {
  api.success({ title, ...(description ? { description } : {}) });
}

export function notifyDanger(title: string, description?: string): void {
  api.error({ title, ...(description ? { description: multiline(description) } : {}) });
}

export function notifyWarning(title: string, description?: string): void {
  api.warning({ title, ...(description ? { description } : {}) });
}
