import type { MailAttachment } from '../plugins/mailer.js';

/**
 * Calendar files (RFC 5545) for the mails of callbacks: one event per slot offered to an applicant, in India's time
 * zone (a VTIMEZONE of its own: India keeps +05:30 all year), with a UID that stays the event's through every mail
 * about it and a SEQUENCE raised by each change, so Google Calendar and Outlook update the one entry they imported.
 * The method says what a mail does (RFC 5546): PUBLISH an offer to add as tentative, REQUEST a confirmed callback
 * (and its changes), CANCEL one withdrawn.
 */

export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface CalendarEvent {
  uid: string;
  sequence: number;
  start: Date;
  minutes: number;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  /** The one who offers it (the call's poster), by name; mail goes from the site's address. */
  organizer: { name: string; email: string };
  attendee: { name: string; email: string; confirmed: boolean } | null;
}

const INDIA_MS = 5.5 * 60 * 60 * 1000;

/** `date` as India's local time in the basic format: `20261205T110000`. */
function indiaLocal(date: Date): string {
  return new Date(date.getTime() + INDIA_MS).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** `date` in UTC: `20261205T053000Z`. */
function utc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A parameter value (a CN): quoted, its quotes dropped (a parameter cannot hold one). */
const param = (value: string) => `"${value.replace(/"/g, "'")}"`;

/** Folds a content line at 75 octets, never inside a character (RFC 5545 3.1): Devanagari takes 3 octets each. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // A continuation line begins with a space, which counts towards its 75.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** India's time zone: Indian Standard Time, +05:30, without daylight saving. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Kolkata',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A calendar of `events` for `method`, lines ending in CRLF. */
export function calendar(method: CalendarMethod, events: CalendarEvent[], now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CineVerse//Callbacks//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...VTIMEZONE,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART;TZID=Asia/Kolkata:${indiaLocal(event.start)}`,
      `DTEND;TZID=Asia/Kolkata:${indiaLocal(new Date(event.start.getTime() + event.minutes * 60_000))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      `STATUS:${method === 'CANCEL' ? 'CANCELLED' : event.status}`,
      `ORGANIZER;CN=${param(event.organizer.name)}:mailto:${event.organizer.email}`,
      ...(event.attendee
        ? [
            `ATTENDEE;CN=${param(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${
              event.attendee.confirmed ? 'ACCEPTED' : 'NEEDS-ACTION'
            }:mailto:${event.attendee.email}`,
          ]
        : []),
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The calendar as a mail's attachment: `text/calendar` with its method, which mail programs read as an invitation. */
export function calendarAttachment(method: CalendarMethod, events: CalendarEvent[], filename: string): MailAttachment {
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendar(method, events),
  };
}

/** The address of a place on a map: what a phone opens in its maps app. */
export function mapLink(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}
