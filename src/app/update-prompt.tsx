import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { afterAppReady } from '@/lib/app-ready';

/**
 * Registers the service worker (production builds only) and, when a new version is waiting, offers to reload.
 * Nothing reloads by itself: a half-filled form is never lost to an update.
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<{ accept: () => void } | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // After the app is ready: the worker and its registration code never compete with the page becoming usable.
    const cancelWait = afterAppReady(() => {
      import('./service-worker-registration')
        .then(({ registerServiceWorker }) =>
          registerServiceWorker((accept) => {
            if (!cancelled) setWaiting({ accept });
          }),
        )
        .catch((error: unknown) => console.warn('The service worker could not be registered', error));
    });
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, []);

  if (!waiting) return null;

  const reload = () => waiting.accept();

  return (
    <Paper
      role="alertdialog"
      aria-label="Update available"
      shadow="lg"
      p="md"
      withBorder
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      maw={420}
      style={{ zIndex: 400 }}
    >
      <Text fw={600}>A new version of the app is ready.</Text>
      <Group mt="sm" justify="flex-end">
        <Button variant="subtle" onClick={() => setWaiting(null)}>
          Later
        </Button>
        <Button onClick={reload}>Reload</Button>
      </Group>
    </Paper>
  );
}
