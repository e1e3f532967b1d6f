import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  MEMBER_EVENTS_PATH,
  MEMBER_EVENTS_TICKET_PATH,
  memberEventNames,
  memberEventsTicketSchema,
  noticeEventSchema,
} from '@/contract/member-events';
import type { NotificationList } from '@/contract/notifications';
import { API_BASE, apiPaths, apiRequest } from '@/lib/api-client';
import { getAccessToken } from '@/lib/session';
import { accountKeys } from '@/lib/shop-query-keys';
import { notificationKeys } from './notification-queries';

/** The centre's length (the server's NOTIFICATION_LIST_SIZE): a notice added live pushes the oldest out. */
const LIST_SIZE = 50;
/** A page hidden this long closes its stream (a phone's battery and the server's sockets); shown again, it reopens. */
const HIDDEN_CLOSE_MS = 60 * 1000;
/** The first wait before opening a stream again after it failed; doubled each time, up to the last. */
const RETRY_MS = 3 * 1000;
const MAX_RETRY_MS = 60 * 1000;

/** The conversations' key (src/features/profiles: a feature does not import another; the key is the account's). */
const conversationsKey = () => [...accountKeys.all(), 'conversations'] as const;

/** Whether the stream may be open now: the page shown and the device online. */
const mayOpen = () => navigator.onLine && document.visibilityState !== 'hidden';

function addNotice(queryClient: QueryClient, data: string) {
  const notice = noticeEventSchema.parse(JSON.parse(data));
  queryClient.setQueryData<NotificationList>(notificationKeys.list(), (list) => {
    if (!list || list.data.some((item) => item.id === notice.id)) return list;
    return {
      data: [notice, ...list.data].slice(0, LIST_SIZE),
      meta: { unread: list.meta.unread + (notice.read ? 0 : 1) },
    };
  });
}

/**
 * Keeps the signed-in member's live stream open while the page is shown and the device online
 * (docs/operations/live.md), and writes what arrives into the bell's and the open conversations' caches, so they
 * change without reloading. The browser's EventSource is used (a fetch left open would keep the page from ever being
 * idle); it cannot send the bearer token, so each opening asks for a one-minute ticket first. EventSource reconnects
 * by itself with Last-Event-ID; once the server refuses (the ticket expired), a new one is opened with a new ticket
 * and the last id in its address. Answers whether a stream is open now: the centre is not asked again every minute
 * meanwhile.
 */
export function useLiveNotices(): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let source: EventSource | null = null;
    let lastEventId: string | null = null;
    let stopped = false;
    let opening = false;
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
    /** Whether a stream was open before: what was written while none was must be read again. */
    let wasOpen = false;

    const close = () => {
      source?.close();
      source = null;
      setOpen(false);
    };

    const catchUp = () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: conversationsKey() });
    };

    const retryLater = () => {
      clearTimeout(retryTimer);
      const wait = Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** Math.min(failures, 5));
      failures += 1;
      retryTimer = setTimeout(() => void connect(), wait);
    };

    async function connect() {
      if (stopped || source || opening) return;
      if (!mayOpen() || !getAccessToken()) return;
      opening = true;
      let ticket: string;
      try {
        ticket = (
          await apiRequest(apiPaths.userApi(MEMBER_EVENTS_TICKET_PATH), {
            method: 'POST',
            body: {},
            auth: true,
            schema: memberEventsTicketSchema,
          })
        ).ticket;
      } catch {
        opening = false;
        if (!stopped) retryLater();
        return;
      }
      opening = false;
      if (stopped || source || !mayOpen()) return;
      const query = new URLSearchParams({ ticket });
      if (lastEventId !== null) query.set('last_event_id', lastEventId);
      const stream = new EventSource(`${API_BASE}${apiPaths.userApi(MEMBER_EVENTS_PATH)}?${query.toString()}`);
      source = stream;
      stream.addEventListener('open', () => {
        failures = 0;
        setOpen(true);
        if (wasOpen) catchUp();
        wasOpen = true;
      });
      stream.addEventListener(memberEventNames.ready, (event) => {
        lastEventId = event.lastEventId;
        // A notice written between the centre's loading and the stream's opening is read once more.
        const list = queryClient.getQueryData<NotificationList>(notificationKeys.list());
        const newest = list?.data[0]?.id ?? 0;
        if (list && Number(event.lastEventId) > newest) catchUp();
      });
      stream.addEventListener(memberEventNames.notice, (event) => {
        lastEventId = event.lastEventId;
        addNotice(queryClient, event.data);
      });
      stream.addEventListener(memberEventNames.message, () => {
        void queryClient.invalidateQueries({ queryKey: conversationsKey() });
      });
      stream.addEventListener(memberEventNames.resync, (event) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        catchUp();
      });
      stream.addEventListener('error', () => {
        setOpen(false);
        // CONNECTING: EventSource tries again by itself. CLOSED: the server refused (an expired ticket, a session
        // ended): a new ticket is asked for, later, and only while the member is still signed in.
        if (stream.readyState === EventSource.CLOSED && source === stream) {
          source = null;
          retryLater();
        }
      });
    }

    const onVisibility = () => {
      clearTimeout(hiddenTimer);
      if (document.visibilityState === 'hidden') {
        hiddenTimer = setTimeout(close, HIDDEN_CLOSE_MS);
      } else {
        void connect();
      }
    };
    const onOnline = () => {
      failures = 0;
      clearTimeout(retryTimer);
      void connect();
    };

    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', close);
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(hiddenTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', close);
      close();
    };
  }, [queryClient]);

  return open;
}
