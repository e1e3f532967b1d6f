import { z } from 'zod/mini';
import { recordId } from './fields';

/** A member's notification centre: what CineVerse told them, newest first, and marking it read. */

export const notificationKinds = [
  'application',
  'callback',
  'applicants',
  'moderation',
  'order',
  'wishlist',
  'message',
  'roles',
] as const;
export const notificationSchema = z.object({
  id: z.int(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** A path in the app. */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;
export const notificationListResponseSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({ unread: z.int() }),
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;
export const markReadSchema = z.object({
  /** The notifications read; absent: every one. */
  ids: z.optional(z.array(recordId('ids')).check(z.maxLength(200, 'At most 200 notifications at once'))),
});
