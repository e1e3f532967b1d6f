import { Button } from '@mantine/core';
import { useInstallPrompt } from '@/hooks/use-install-prompt';
import { requestPersistentStorage } from '@/offline/storage';
import { menu_install } from '@/paraglide/messages/menu_install.js';

/** "Install the app", shown only where the browser offers installing. */
export function InstallButton() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Button
      variant="outline"
      color="saffron.4"
      mt="md"
      onClick={async () => {
        // An installed app is something to keep: ask for storage that survives pressure.
        if (await install()) void requestPersistentStorage();
      }}
    >
      {menu_install()}
    </Button>
  );
}
