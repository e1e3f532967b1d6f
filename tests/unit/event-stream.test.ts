import { describe, expect, it } from 'vitest';
import { EventStreamParser, type StreamEvent } from '../../src/lib/event-stream';

/** Parses `chunks` in turn, as they would arrive over a network. */
function parse(chunks: string[], lastEventId = '') {
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = new EventStreamParser(
    {
      onEvent: (event) => events.push(event),
      onComment: (text) => comments.push(text),
      onRetry: (ms) => retries.push(ms),
    },
    lastEventId,
  );
  for (const chunk of chunks) parser.push(chunk);
  return { events, comments, retries, lastEventId: parser.lastEventId };
}

describe('reading a server-sent event stream', () => {
  it('reads events split anywhere across chunks, with any of the three line ends', () => {
    const { events } = parse(['id: 7\r', '\nevent: notice\rdata: {"a"', ':1}\n', '\n', 'data: plain\n\n']);
    expect(events).toEqual([
      { event: 'notice', data: '{"a":1}', lastEventId: '7' },
      { event: 'message', data: 'plain', lastEventId: '7' },
    ]);
  });

  it('joins several data lines with a line feed, and dispatches nothing without data', () => {
    const { events, lastEventId } = parse(['event: ready\nid: 12\n\n', 'data: one\ndata:two\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'one\ntwo', lastEventId: '12' }]);
    expect(lastEventId).toBe('12');
  });

  it('hands over comments (the heartbeat) and retry times, and ignores unknown fields and bad retries', () => {
    const { events, comments, retries } = parse([': \n\n', 'retry: 3000\n\nretry: soon\nfoo: bar\n\n']);
    expect(events).toEqual([]);
    expect(comments).toEqual(['']);
    expect(retries).toEqual([3000]);
  });

  it('keeps the last event ID it started with until the stream names another', () => {
    expect(parse(['data: x\n\n'], '41').events[0]!.lastEventId).toBe('41');
  });
});
