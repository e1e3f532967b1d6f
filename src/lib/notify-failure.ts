import { notifications } from '@mantine/notifications';
import { ApiError, NetworkError } from './api-client';
import { errors_ui_offline_retry } from '@/paraglide/messages/errors_ui_offline_retry.js';
import { errors_ui_our_side_retry } from '@/paraglide/messages/errors_ui_our_side_retry.js';

/**
 * Tells the user that a change did not happen and why. A 401 is left to the app, which already says the session
 * ended.
 */
export function notifyFailure(title: string) {
  return (error: Error): void => {
    if (error instanceof ApiError && error.status === 401) return;
    notifications.show({
      color: 'red',
      title,
      message:
        error instanceof NetworkError
          ? errors_ui_offline_retry()
          : error instanceof ApiError
            ? error.message
            : errors_ui_our_side_retry(),
    });
  };
}
