import { create } from 'zustand';

/** Where the device remembers that its member said "Not now" to alerts: never offered again on it. */
export const PUSH_DECLINED_KEY = 'cv-push-declined';

interface PushOfferState {
  /** Whether the offer to turn on alerts (Web Push) is shown. */
  offered: boolean;
  close(): void;
}

export const usePushOffer = create<PushOfferState>()((set) => ({
  offered: false,
  close: () => set({ offered: false }),
}));

/** Whether this browser can show pushed notices: a service worker, the Push API and notifications. */
export function canPush(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

function declined(): boolean {
  try {
    return localStorage.getItem(PUSH_DECLINED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Offers alerts on this device after a meaningful action (an application sent, a call saved), never on a page's
 * own load: only where the browser can show them, the member has not been asked by the browser yet, and has not
 * said "Not now" on this device. A member who already allowed them has this browser's subscription sent again
 * (it may be another member's browser now, or the server may have forgotten it), without asking.
 */
export function offerPush(): void {
  if (!canPush() || declined()) return;
  if (Notification.permission === 'granted') {
    void import('./push-subscription').then(({ subscribePush }) => subscribePush()).catch(() => undefined);
    return;
  }
  if (Notification.permission === 'default') usePushOffer.setState({ offered: true });
}
