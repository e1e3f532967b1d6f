import { pushKeyResponseSchema } from '@/contract/push';
import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/** A base64url key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/**
 * Subscribes this browser to the member's notices with the server's key, and tells the server. A subscription made
 * with another key (the server's pair was replaced) is dropped and made again.
 */
export async function subscribePush(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await apiRequest(apiPaths.userApi('/me/push/key'), {
    auth: true,
    schema: pushKeyResponseSchema,
  });
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(public_key) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    const old = await registration.pushManager.getSubscription();
    if (!old) throw error;
    await old.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  await apiRequest(apiPaths.userApi('/me/push/subscriptions'), {
    method: 'POST',
    body: subscription.toJSON(),
    auth: true,
    idempotencyKey: newIdempotencyKey(),
    schema: messageResponseSchema,
  });
}

/**
 * Stops this browser's alerts at logout, so that the next member on a shared phone never sees the last one's: the
 * server forgets it (best effort) and the browser drops the subscription (its push service then answers 410, and the
 * server forgets it then).
 */
export async function unsubscribePush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await apiRequest(apiPaths.userApi('/me/push/subscriptions/delete'), {
    method: 'POST',
    body: { endpoint: subscription.endpoint },
    auth: true,
    idempotencyKey: newIdempotencyKey(),
    schema: messageResponseSchema,
  }).catch(() => undefined);
  await subscription.unsubscribe();
}
