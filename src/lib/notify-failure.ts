import { notifications } from '@mantine/notifications';
import { ApiError, NetworkError } from './api-client';

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
          ? 'You are offline. Try again when you are back online.'
          : error instanceof ApiError
            ? error.message
            : 'Something went wrong on our side. Please try again.',
    });
  };
}
