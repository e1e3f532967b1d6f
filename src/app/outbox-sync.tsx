import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cartOutbox } from '@/features/cart/api/cart-outbox';
import { contactOutbox } from '@/features/contact/api/contact-outbox';
import { applicationOutbox } from '@/features/casting/api/application-outbox';
import { myCastingKeys } from '@/features/casting/api/casting-keys';
import { startTapeUploads } from '@/features/casting/api/tape-uploads';
import { profileOutbox } from '@/features/profiles/api/profile-outbox';
import { replyOutbox } from '@/features/profiles/api/reply-outbox';
import { wishlistOutbox } from '@/features/wishlist/api/wishlist-outbox';
import { useAppStore } from '@/lib/app-store';
import { onOutboxChange } from '@/offline/outbox';
import { ownerOfUser, type OutboxOwner } from '@/offline/outbox-types';
import { replayOutbox } from '@/offline/replayer';
import { tapeRec_arrived } from '@/paraglide/messages/taperec_arrived1.js';

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

/** Every kind of entry the app queues; a feature that queues a new kind adds it here. */
const outboxKinds = [cartOutbox, wishlistOutbox, contactOutbox, profileOutbox, applicationOutbox, replyOutbox];

const showRefusal = (notice: { title: string; message: string }) =>
  notifications.show({ color: 'red', title: notice.title, message: notice.message, autoClose: false });

const showDelivery = (notice: { title: string; message: string }) =>
  notifications.show({ color: 'green', title: notice.title, message: notice.message });

/** Replays one owner's entries for as long as the component is mounted with that owner (none: nothing to send). */
function useReplayLoop(owner: OutboxOwner | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (owner === null) return;
    return startReplayLoop(
      (scheduleRetry) =>
        replayOutbox(
          owner,
          outboxKinds,
          { queryClient },
          { onDropped: showRefusal, onDelivered: showDelivery, scheduleRetry },
        ),
      onOutboxChange,
    );
  }, [owner, queryClient]);
}

/**
 * Sends the outbox: the signed-in user's entries (cart and wishlist edits) with their session, and anyone's
 * (contact messages written offline), signed in or not; and the signed-in user's self-tapes.
 */
export function OutboxSync() {
  const userId = useAppStore((state) => (state.signedIn ? (state.userProfile?.id ?? null) : null));
  useReplayLoop('anyone');
  useReplayLoop(userId === null ? null : ownerOfUser(userId));
  // Self-tapes kept on the device go on uploading; an application waiting for one is sent once it has arrived.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    return startTapeUploads(ownerOfUser(userId), (tape) => {
      void queryClient.invalidateQueries({ queryKey: myCastingKeys.applications() });
      showDelivery({ title: tapeRec_arrived({ role: tape.roleName }), message: tape.callTitle });
    });
  }, [userId, queryClient]);
  return null;
}
