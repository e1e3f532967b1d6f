import { z } from 'zod/mini';
import { notificationSchema } from './notifications';

/**
 * A signed-in member's live stream (server-sent events, `text/event-stream`): what they are told while the app is
 * open, without asking. Each event's `id:` is the notification's id, so a stream opened again with `Last-Event-ID`
 * resumes where it stopped; a comment line every 25 s keeps it open through proxies.
 */
export const MEMBER_EVENTS_PATH = '/me/events';

/** The events, by name (`event:`), and what each one's `data:` holds (JSON). */
export const memberEventNames = {
  /** The stream is open; `id:` is the member's latest notification's (0 for none), where a reconnection resumes. */
  ready: 'ready',
  /** A new notice in the member's centre. */
  notice: 'notice',
  /** A new message in one of the member's conversations (to read it, load the conversations again). */
  message: 'message',
  /** News may have been missed (too many while away, or the server lost its feed): load the centre again. */
  resync: 'resync',
} as const;

export const noticeEventSchema = notificationSchema;
export const messageEventSchema = z.object({ conversation_id: z.int() });
