import { useAppStore } from '@/lib/app-store';
import { notifyFailure } from '@/lib/notify-failure';
import { enqueue, useOutboxEntries } from './outbox';
import { ownerOfUser, type FirstAttempt, type OutboxEntry, type OutboxKind, type OutboxOwner } from './outbox-types';
import { requestPersistentStorage } from './storage';

/** Whose entries of this kind the device records now: the signed-in user's, anyone's, or nobody's (signed out). */
export function useOutboxOwner(kind: { owner: 'user' | 'anyone' }): OutboxOwner | null {
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  if (kind.owner === 'anyone') return 'anyone';
  return userId === null ? null : ownerOfUser(userId);
}

/** The entries of the kind's owner still waiting, live. */
export function useOwnerEntries(kind: { owner: 'user' | 'anyone' }, enabled = true): OutboxEntry[] {
  const owner = useOutboxOwner(kind);
  return useOutboxEntries(enabled ? owner : null);
}

/**
 * Records entries of a kind, for every feature: the person's action goes to the outbox first (and shows at once);
 * the replay loop sends it when the network allows. A failure to keep it on the device is told, never silent.
 */
export function useOutboxRecorder<Payload>(kind: OutboxKind<Payload, never>): {
  /** False while a signed-in user's profile (whose id keys their outbox) is still loading: nothing can be recorded. */
  ready: boolean;
  /**
   * `first`: the action was tried online first and failed on the network; it is recorded with the key that attempt
   * carried, so that a request the server did get is answered from that key, not done twice.
   */
  record(payload: Payload, first?: FirstAttempt): Promise<void>;
} {
  const owner = useOutboxOwner(kind);
  return {
    ready: owner !== null,
    async record(payload, first) {
      if (owner === null) return;
      void requestPersistentStorage();
      await enqueue(kind, owner, payload, first).catch(notifyFailure(kind.notKept));
    },
  };
}

/** Entries waiting on this device, live: the signed-in user's and anyone's (contact messages). */
export function useOutboxCount(): number {
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  const mine = useOutboxEntries(userId === null ? null : ownerOfUser(userId));
  const anyone = useOutboxEntries('anyone');
  return mine.length + anyone.length;
}
