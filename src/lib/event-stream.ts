/**
 * Reads a `text/event-stream` body as the HTML standard's EventSource does (fields, comments, `id:` kept across events,
 * `retry:`), for a stream that must be opened with an Authorization header, which EventSource cannot send (a member's
 * live stream, docs/operations/live.md).
 */

export interface StreamEvent {
  /** `message` unless the event names another. */
  event: string;
  data: string;
  /** The last `id:` seen on the stream so far (the standard's last event ID): what Last-Event-ID resumes from. */
  lastEventId: string;
}

export interface EventStreamHandlers {
  onEvent(event: StreamEvent): void;
  /** A comment line (`: ...`), such as a heartbeat. */
  onComment?(text: string): void;
  /** A `retry:` field: how many milliseconds to wait before opening the stream again. */
  onRetry?(ms: number): void;
}

/** Parses the stream's text as it arrives: `push` each decoded chunk; returns the last event ID so far. */
export class EventStreamParser {
  #buffer = '';
  #data: string[] = [];
  #event = '';
  #lastEventId: string;
  readonly #handlers: EventStreamHandlers;

  constructor(handlers: EventStreamHandlers, lastEventId = '') {
    this.#handlers = handlers;
    this.#lastEventId = lastEventId;
  }

  get lastEventId(): string {
    return this.#lastEventId;
  }

  push(text: string): void {
    this.#buffer += text;
    // A line ends at CRLF, LF or CR; a CR at the very end may be the first half of a CRLF still to come.
    for (;;) {
      const match = /\r\n|\n|\r(?!$)/.exec(this.#buffer);
      if (!match) break;
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      this.#line(line);
    }
  }

  #line(line: string): void {
    if (line === '') {
      this.#dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.#handlers.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.#event = value;
        break;
      case 'data':
        this.#data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.#lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.#handlers.onRetry?.(Number(value));
        break;
      default:
        break;
    }
  }

  #dispatch(): void {
    const event = this.#event || 'message';
    const data = this.#data;
    this.#event = '';
    this.#data = [];
    if (data.length === 0) return;
    this.#handlers.onEvent({ event, data: data.join('\n'), lastEventId: this.#lastEventId });
  }
}

/** Reads `body` to its end (or until `signal` aborts), handing each event to `handlers`; resolves to the last ID. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  handlers: EventStreamHandlers,
  lastEventId = '',
): Promise<string> {
  const parser = new EventStreamParser(handlers, lastEventId);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
  return parser.lastEventId;
}
