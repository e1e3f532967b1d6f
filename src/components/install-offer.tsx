import { Button, Paper, Text } from '@mantine/core';
import { useInstallPrompt } from '@/hooks/use-install-prompt';
import { requestPersistentStorage } from '@/offline/storage';
import { install_app } from '@/paraglide/messages/install_app.js';
import { install_text } from '@/paraglide/messages/install_text.js';
import { install_title } from '@/paraglide/messages/install_title.js';

/**
 * The offer to install the app after a first order, where the shopper has just seen what it is for: shown only where
 * the browser offers installing (once installed, it no longer does).
 */
export function InstallOffer() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Paper withBorder p="md" mb="lg" role="region" aria-label={install_app()}>
      <Text fw={700}>{install_title()}</Text>
      <Text size="sm" mt={4}>
        {install_text()}
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
        {install_app()}
      </Button>
    </Paper>
  );
}
