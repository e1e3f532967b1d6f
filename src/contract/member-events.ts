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

/**
 * A ticket to open the stream with the browser's EventSource, which cannot send the Authorization header: asked for
 * with the bearer token (`POST`), then given as `?ticket=` (docs/decisions/2026-11-28-live-stream-ticket.md). It is
 * good for a minute, for the session that asked for it only, and never after that session ends.
 */
export const MEMBER_EVENTS_TICKET_PATH = '/me/events/ticket';

export const memberEventsTicketSchema = z.object({
  ticket: z.string(),
  /** When it stops opening streams (ISO 8601); a stream opened with it stays open past this. */
  expires_at: z.string(),
});
export type MemberEventsTicket = z.infer<typeof memberEventsTicketSchema>;

/**
 * The stream's query, for a client that cannot send headers: the ticket, and the notification id to resume after
 * (what Last-Event-ID says; the header wins when both are sent, as EventSource's own reconnection sends it).
 */
export const memberEventsQuerySchema = z.object({
  ticket: z.optional(z.string().check(z.maxLength(200))),
  last_event_id: z.optional(z.string().check(z.maxLength(20))),
});
