import { Button, Paper, Text } from '@mantine/core';
import { useInstallPrompt } from '@/hooks/use-install-prompt';
import { requestPersistentStorage } from '@/offline/storage';

/**
 * The offer to install the app after a first order, where the shopper has just seen what it is for: shown only where
 * the browser offers installing (once installed, it no longer does).
 */
export function InstallOffer() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Paper withBorder p="md" mb="lg" role="region" aria-label="Install the app">
      <Text fw={700}>Keep CineVerse on your phone</Text>
      <Text size="sm" mt={4}>
        Install the app to follow this order, answer casting calls and read your messages from your home screen, even
        with no network.
      </Text>
      <Button
        mt="sm"
        color="saffron.4"
        c="dark.9"
        onClick={async () => {
          // An installed app is something to keep: ask for storage that survives pressure.
          if (await install()) void requestPersistentStorage();
        }}
      >
        Install the app
      </Button>
    </Paper>
  );
}
