import './mantine-styles';
import '@mantine/notifications/styles.css';
import './fonts.css';
import '@fontsource/bebas-neue/latin-400.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { SiteSettingsGate } from '@/features/site-settings/components/site-settings-gate';
import { onUnauthorized } from '@/lib/api-client';
import { afterAppReady, markAppReady, whenContentHydrated } from '@/lib/app-ready';
import { lazyPart } from '@/lib/lazy-part';
import { useAppStore } from '@/lib/app-store';
import { usePushOffer } from '@/lib/push-offer';
import { accountKeys } from '@/lib/shop-query-keys';
import { onStorageAvailability } from '@/offline/db';
import {
  PERSIST_BUSTER,
  PERSIST_MAX_AGE_MS,
  persistQueryCacheNow,
  queryPersister,
  shouldPersistQuery,
} from '@/offline/query-persister';
import { NotificationsStack } from './notifications-stack';
import { PersistQueryClient } from './persist-query-client';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine's notification stack, mounted when the first notification is shown; the store holds it until then. Its
 * code is in the start chunk (a few hundred bytes of its own): a chunk loaded on demand could fail offline on a first
 * visit, before the service worker has stored it, and a failed module is never fetched again by that page.
 */
function NotificationsOnDemand() {
  const { notifications: shown, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && shown.length + queue.length > 0) setWanted(true);
  return wanted ? <NotificationsStack /> : null;
}

export interface AppProps {
  queryClient: QueryClient;
  /** Made with the same query client; loaded before a server-rendered page is hydrated. */
  router: AppRouter;
}

const OutboxSync = lazyPart(() => import('./outbox-sync').then((module) => module.OutboxSync));
const UpdatePrompt = lazyPart(() => import('./update-prompt').then((module) => module.UpdatePrompt));
const PushOffer = lazyPart(() => import('@/components/push-offer').then((module) => module.PushOffer));

/** The offer of alerts on this device, once an action has asked for it (lib/push-offer.ts): its code loads then. */
function PushOfferOnDemand() {
  const offered = usePushOffer((state) => state.offered);
  return offered ? <PushOffer /> : null;
}

/**
 * What loads once the app is ready: the outbox's replay loop (and every feature's kind of entry), and the service
 * worker with its update prompt. Neither competes with the page becoming usable, and their code stays out of every
 * visitor's start. (Their chunks are online on a first visit; later the service worker holds them.)
 */
function AfterReady() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterAppReady(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <OutboxSync />
      <UpdatePrompt />
      <PushOfferOnDemand />
    </Suspense>
  ) : null;
}

/** The whole app, the same tree on the server (public pages rendered to HTML) and in the browser. */
export function App({ queryClient, router }: AppProps) {
  // The page says when the app has taken over its HTML (hydrated a server-rendered page, content included, or
  // rendered the shell) and settled: a frame later at least, after the renders that follow hydration at once (a
  // layout for this screen's width, the session). Before that a server-rendered page's buttons do nothing. Tests
  // wait for it.
  useEffect(() => whenContentHydrated(markAppReady), []);

  useEffect(
    () =>
      onUnauthorized(() => {
        useAppStore.getState().signOut();
        queryClient.removeQueries({ queryKey: accountKeys.all() });
        notifications.show({
          id: 'session-ended',
          color: 'red',
          title: 'Session ended',
          message: 'Please log in again.',
        });
        void router.navigate({ to: '/' });
      }),
    [queryClient, router],
  );

  useEffect(
    () =>
      onStorageAvailability(() =>
        notifications.show({
          id: 'storage-unavailable',
          color: 'yellow',
          title: 'Nothing is saved on this device',
          message:
            'This browser does not let the app store data (private mode or a full disk). It works for this visit only.',
          autoClose: false,
        }),
      ),
    [],
  );

  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <NotificationsOnDemand />
      <PersistQueryClient
        client={queryClient}
        persistOptions={{
          persister: queryPersister,
          maxAge: PERSIST_MAX_AGE_MS,
          buster: PERSIST_BUSTER,
          dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
        }}
        persistNow={persistQueryCacheNow}
      >
        <SiteSettingsGate>
          <RouterProvider router={router} />
        </SiteSettingsGate>
        <AfterReady />
      </PersistQueryClient>
    </MantineProvider>
  );
}
