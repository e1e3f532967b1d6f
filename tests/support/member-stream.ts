import { MEMBER_EVENTS_PATH } from '../../src/contract/member-events.js';
import { readEventStream, type StreamEvent } from '../../src/lib/event-stream.js';

/** The members' API, as a client reaches it. */
const USER_API = '/backend/api/api/user/v1';

/** A member's live stream, opened as the app opens it (a bearer token, and Last-Event-ID to resume). */
export interface MemberStream {
  status: number;
  events: StreamEvent[];
  comments: string[];
  /** Resolves with the first event (already received or still to come) that `match` accepts. */
  next(match: (event: StreamEvent) => boolean): Promise<StreamEvent>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens it with the bearer `token`, or (null) as EventSource does: no header, the ticket in `query` (`?ticket=...`). */
export async function openMemberStream(
  baseUrl: string,
  token: string | null,
  lastEventId?: string,
  query = '',
): Promise<MemberStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${USER_API}${MEMBER_EVENTS_PATH}${query}`, {
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiting: { match: (event: StreamEvent) => boolean; resolve: (event: StreamEvent) => void }[] = [];
  const ended =
    response.ok && response.body
      ? readEventStream(response.body, {
          onEvent(event) {
            events.push(event);
            for (const waiter of [...waiting]) {
              if (waiter.match(event)) {
                waiting.splice(waiting.indexOf(waiter), 1);
                waiter.resolve(event);
              }
            }
          },
          onComment: (text) => comments.push(text),
        }).then(
          () => undefined,
          () => undefined,
        )
      : response.text().then(
          () => undefined,
          () => undefined,
        );
  return {
    status: response.status,
    events,
    comments,
    next(match) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    ended,
    close: () => abort.abort(),
  };
}
