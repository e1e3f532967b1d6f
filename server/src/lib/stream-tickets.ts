import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tickets to open a member's live stream with EventSource (docs/decisions/2026-11-28-live-stream-ticket.md). A ticket
 * names its session (the auth token's row), when it stops working and a random part, signed with HMAC-SHA256 keyed by
 * that session's stored token hash: any process on the same database can check it, with no key to share and nothing
 * written, and it dies with its session (a revoked or idle token is refused before its hash is even used).
 */

/** How long a ticket opens streams: enough to open one, and for EventSource's own reconnections in that time. */
export const STREAM_TICKET_SECONDS = 60;

export interface ParsedTicket {
  tokenId: number;
  expires: number;
  nonce: string;
  mac: string;
}

const mac = (tokenHash: string, tokenId: number, expires: number, nonce: string) =>
  createHmac('sha256', tokenHash).update(`live-ticket/${tokenId}/${expires}/${nonce}`).digest('base64url');

/** A ticket for session `tokenId` (whose stored hash is `tokenHash`), good until `now` + STREAM_TICKET_SECONDS. */
export function makeStreamTicket(tokenId: number, tokenHash: string, now = new Date()) {
  const expires = Math.floor(now.getTime() / 1000) + STREAM_TICKET_SECONDS;
  const nonce = randomBytes(12).toString('base64url');
  return {
    ticket: `${tokenId}.${expires}.${nonce}.${mac(tokenHash, tokenId, expires, nonce)}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** A ticket's parts, or null when it has not the shape of one or has expired. */
export function parseStreamTicket(ticket: string, now = new Date()): ParsedTicket | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(ticket);
  if (!match) return null;
  const parsed = { tokenId: Number(match[1]), expires: Number(match[2]), nonce: match[3]!, mac: match[4]! };
  return parsed.expires * 1000 > now.getTime() ? parsed : null;
}

/** Whether `parsed` was signed for its session, whose stored hash is `tokenHash`. */
export function ticketSignedFor(parsed: ParsedTicket, tokenHash: string): boolean {
  const given = Buffer.from(parsed.mac, 'base64url');
  const expected = Buffer.from(mac(tokenHash, parsed.tokenId, parsed.expires, parsed.nonce), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
