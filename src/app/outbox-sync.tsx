import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';
import { onContactOutboxChange, replayContactOutbox } from '@/offline/contact-outbox';
import { onOutboxChange } from '@/offline/outbox';
import { replayOutbox } from '@/offline/replayer';

/**
 * Runs `replay` at start, on the `online` event, when the app regains focus, after each change reported by
 * `subscribe`, and when a backoff ends; never two at once. Returns the function that stops it.
 */
function startReplayLoop(
  replay: (scheduleRetry: (delayMs: number) => void) => Promise<void>,
  subscribe: (listener: () => void) => () => void,
): () => void {
  let timer: number | undefined;
  let running = false;
  let again = false;
  const scheduleRetry = (delayMs: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void run(), delayMs);
  };
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await replay(scheduleRetry);
    } finally {
      running = false;
      if (again) {
        again = false;
        void run();
      }
    }
  };
  const onEvent = () => void run();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run();
  };
  void run();
  const unsubscribe = subscribe(onEvent);
  window.addEventListener('online', onEvent);
  window.addEventListener('focus', onEvent);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    unsubscribe();
    window.clearTimeout(timer);
    window.removeEventListener('online', onEvent);
    window.removeEventListener('focus', onEvent);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Sends the outboxes: the signed-in user's cart and wishlist edits, and contact messages written offline. After a
 * cart replay the cart and wishlist are fetched again: the server is the truth.
 */
export function OutboxSync() {
  const queryClient = useQueryClient();
  const userId = useAppStore((state) => (state.signedIn ? (state.userProfile?.id ?? null) : null));

  useEffect(() => {
    if (userId === null) return;
    return startReplayLoop(
      (scheduleRetry) =>
        replayOutbox(userId, {
          onDropped: (entry, reason) =>
            notifications.show({
              color: 'red',
              title: `${entry.product.name} could not be saved`,
              message: reason,
              autoClose: false,
            }),
          onAcknowledged: ({ cart, wishlist }) => {
            if (cart) queryClient.setQueryData(accountKeys.cart(), cart);
            if (wishlist) queryClient.setQueryData(accountKeys.wishlist(), wishlist);
          },
          onSettled: () => {
            void queryClient.invalidateQueries({ queryKey: accountKeys.cart() });
            void queryClient.invalidateQueries({ queryKey: accountKeys.wishlist() });
          },
          scheduleRetry,
        }),
      onOutboxChange,
    );
  }, [userId, queryClient]);

  useEffect(
    () =>
      startReplayLoop(
        (scheduleRetry) =>
          replayContactOutbox({
            onDropped: (_entry, reason) =>
              notifications.show({
                color: 'red',
                title: 'Your message could not be sent',
                message: reason,
                autoClose: false,
              }),
            scheduleRetry,
          }),
        onContactOutboxChange,
      ),
    [],
  );

  return null;
}
