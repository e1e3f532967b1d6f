import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';
import { onOutboxChange } from '@/offline/outbox';
import { replayOutbox } from '@/offline/replayer';

/**
 * Runs the outbox replayer for the signed-in user: at start-up, on the `online` event, when the app regains focus,
 * after each new edit, and when a backoff ends. After a replay the cart and wishlist are fetched again: the server
 * is the truth.
 */
export function OutboxSync() {
  const queryClient = useQueryClient();
  const userId = useAppStore((state) => (state.signedIn ? (state.userProfile?.id ?? null) : null));

  useEffect(() => {
    if (userId === null) return;
    let timer: number | undefined;
    let running = false;
    let again = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        await replayOutbox(userId, {
          onDropped: (entry, reason) =>
            notifications.show({
              color: 'red',
              title: `${entry.product.name} could not be saved`,
              message: reason,
              autoClose: false,
            }),
          onSettled: () => {
            void queryClient.invalidateQueries({ queryKey: accountKeys.cart() });
            void queryClient.invalidateQueries({ queryKey: accountKeys.wishlist() });
          },
          scheduleRetry: (delayMs) => {
            window.clearTimeout(timer);
            timer = window.setTimeout(() => void run(), delayMs);
          },
        });
      } finally {
        running = false;
        if (again) {
          again = false;
          void run();
        }
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void run();
    };
    void run();
    const stopListening = onOutboxChange(() => void run());
    window.addEventListener('online', run);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopListening();
      window.clearTimeout(timer);
      window.removeEventListener('online', run);
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, queryClient]);

  return null;
}
