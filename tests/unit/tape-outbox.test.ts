import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applicationOutbox, type QueuedApplication } from '@/features/casting/api/application-outbox';
import { cartOutbox } from '@/features/cart/api/cart-outbox';
import { db, type TapeRow } from '@/offline/db';
import { enqueue, listEntries } from '@/offline/outbox';
import { ownerOfUser } from '@/offline/outbox-types';
import { replayOutbox } from '@/offline/replayer';
import { clearOwnerTapes, getTape, keepTape, listTapes, updateTape } from '@/offline/tapes';
import { forgetMemberOnDevice } from '@/offline/forget-member';
import { testProduct } from './test-product';

const USER = ownerOfUser(21);
const kinds = [cartOutbox, applicationOutbox];

interface Call {
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** The server's side of the sends: every request recorded, each answered as the API answers it. */
function server(answer: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const call: Call = {
      path: new URL(url, 'http://x').pathname,
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
      idempotencyKey: headers['idempotency-key'] ?? null,
    };
    calls.push(call);
    const answered = answer(call);
    if (answered) return answered;
    if (call.path.endsWith('/applications')) {
      const application = {
        id: 99,
        call_id: 5,
        role_id: 8,
        status: 'submitted',
        note: call.body.note ?? '',
        photo_ids: call.body.photo_ids ?? [],
        reel: null,
        self_tape_url: null,
        self_tape_id: call.body.self_tape_id ?? null,
        tape_request: null,
        callback: null,
        created_at: new Date().toISOString(),
      };
      return new Response(JSON.stringify({ data: application }), { status: 201 });
    }
    return new Response(JSON.stringify({ data: [], subtotal: 100, item_count: 1 }), { status: 200 });
  });
  return calls;
}

/** A tape as the apply form keeps it: the recording, nothing of it on the server yet. */
const recorded = (): Omit<TapeRow, 'id'> => ({
  owner: USER,
  roleId: 8,
  applicationId: null,
  callTitle: 'Monsoon Letters',
  roleName: 'Meera',
  file: new Blob([new Uint8Array(3000)], { type: 'video/webm' }),
  fileName: 'self-tape.webm',
  fileType: 'video/webm',
  size: 3000,
  uploadUrl: null,
  received: 0,
  tapeId: null,
  failure: null,
  createdAt: Date.now(),
});

const application = (tapeKey: number): QueuedApplication => ({
  callId: 5,
  roleId: 8,
  callTitle: 'Monsoon Letters',
  roleName: 'Meera',
  input: { photo_ids: [3], reel: null, self_tape_url: null, note: 'Hindi and Marathi' },
  tapeKey,
});

const hooks = () => ({ onDropped: vi.fn(), onDelivered: vi.fn(), scheduleRetry: vi.fn() });

let queryClient: QueryClient;
beforeEach(async () => {
  await db.entries.clear();
  await db.tapes.clear();
  queryClient = new QueryClient();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an application that carries a self-tape', () => {
  it('waits in the outbox while its tape uploads, without holding up other edits, and is sent once with the tape', async () => {
    const tapeKey = await keepTape(recorded());
    await enqueue(applicationOutbox, USER, application(tapeKey));
    await enqueue(cartOutbox, USER, {
      action: { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false },
      product: testProduct(1),
    });
    const calls = server();

    // Half the tape on the server: the application is not sent, nor counted as tried; the cart edit goes.
    await updateTape(tapeKey, { uploadUrl: 'https://example.test/tus/abc', received: 1500, tapeId: 7 });
    const first = hooks();
    await replayOutbox(USER, kinds, { queryClient }, first);
    expect(calls.map((call) => call.path)).toEqual([expect.stringMatching(/\/addToCart$/)]);
    const [waiting] = await listEntries(USER);
    expect(waiting).toMatchObject({ kind: 'application', attempts: 0, nextAttemptAt: 0 });
    expect(first.scheduleRetry).not.toHaveBeenCalled();

    // Every byte arrived (the uploader lets go of the video): the application goes, with the tape's number.
    await updateTape(tapeKey, { file: null, received: 3000 });
    const second = hooks();
    await replayOutbox(USER, kinds, { queryClient }, second);
    const sent = calls.filter((call) => call.path.endsWith('/casting-calls/5/roles/8/applications'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ self_tape_id: 7, self_tape_url: null, note: 'Hindi and Marathi' });
    expect(sent[0]?.idempotencyKey).toBe(waiting?.idempotencyKey);
    expect(second.onDelivered).toHaveBeenCalledTimes(1);
    expect(await listEntries(USER)).toEqual([]);
    // The tape is on the server and its application sent: nothing of it stays on the device.
    expect(await getTape(tapeKey)).toBeUndefined();

    await replayOutbox(USER, kinds, { queryClient }, hooks());
    expect(calls.filter((call) => call.path.endsWith('/applications'))).toHaveLength(1);
  });

  it('is not sent when the server refused its tape, and the member is told why', async () => {
    const tapeKey = await keepTape(recorded());
    await enqueue(applicationOutbox, USER, application(tapeKey));
    const calls = server();
    await updateTape(tapeKey, { failure: 'A self-tape must be a video' });
    const replayHooks = hooks();
    await replayOutbox(USER, kinds, { queryClient }, replayHooks);
    expect(calls).toEqual([]);
    expect(replayHooks.onDropped).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('A self-tape must be a video') }),
    );
    expect(await listEntries(USER)).toEqual([]);
    expect(await getTape(tapeKey)).toBeUndefined();
  });

  it("keeps the video across a restart of the app, and forgets a member's tapes when they log out", async () => {
    const tapeKey = await keepTape(recorded());
    await updateTape(tapeKey, { uploadUrl: 'https://example.test/tus/abc', received: 1024 });
    db.close();
    await db.open();
    const [kept] = await listTapes(USER);
    expect(kept).toMatchObject({ uploadUrl: 'https://example.test/tus/abc', received: 1024, size: 3000 });
    expect(kept?.file).toBeInstanceOf(Blob);
    expect(kept?.file?.size).toBe(3000);

    await keepTape({ ...recorded(), owner: ownerOfUser(22) });
    await forgetMemberOnDevice(21);
    expect(await listTapes(USER)).toEqual([]);
    expect(await listTapes(ownerOfUser(22))).toHaveLength(1);
    await clearOwnerTapes(ownerOfUser(22));
  });
});
