import { z } from 'zod/mini';

/**
 * Web Push: a member lets a browser show their notices (application news, callback offers, messages, a shipped
 * order) when the app is closed. The browser's push subscription is sent here; the server encrypts each notice to it
 * and signs it with its VAPID key.
 */

/** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
export const pushKeyResponseSchema = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKeyResponseSchema>;

const PUSH_ENDPOINT = 'endpoint must be a push service address';
const PUSH_KEYS = 'keys must be the browser’s push keys';
const base64url = (max: number) =>
  z.string().check(z.minLength(16, PUSH_KEYS), z.maxLength(max, PUSH_KEYS), z.regex(/^[A-Za-z0-9_-]+=*$/, PUSH_KEYS));

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: PUSH_ENDPOINT }).check(z.maxLength(2000, PUSH_ENDPOINT)),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** The browser that no longer wants the notices. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string().check(z.minLength(1, PUSH_ENDPOINT), z.maxLength(2000, PUSH_ENDPOINT)),
});

/** What a push message carries to the service worker (sw/sw.ts shows it). */
export interface PushMessage {
  title: string;
  body: string;
  /** A path in the app, opened when the notification is tapped. */
  link: string;
  /** The notice's kind: notices of one kind and link replace each other on the device. */
  kind: string;
}

/** The most browsers one member keeps subscribed: a new one past it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
