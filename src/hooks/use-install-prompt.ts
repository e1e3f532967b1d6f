import { useEffect, useState } from 'react';

/** Chromium's install event; not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The browser's offer to install the app, kept for a button of our own; null where installing is not possible
 * (already installed, iOS Safari, Firefox). The entry (src/main.tsx) catches the offer as soon as the page starts,
 * since the browser often makes it before the app has rendered; this reads it once the page has hydrated.
 * `install` resolves to whether the user accepted.
 */
export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<boolean> } {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const read = () => setEvent((window.cvInstallPrompt as BeforeInstallPromptEvent | undefined) ?? null);
    const onInstalled = () => {
      window.cvInstallPrompt = undefined;
      setEvent(null);
    };
    read();
    window.addEventListener('cv-install-prompt', read);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('cv-install-prompt', read);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  return {
    canInstall: event !== null,
    install: async () => {
      if (!event) return false;
      await event.prompt();
      const { outcome } = await event.userChoice;
      // An offer is used once; the browser makes a new one if the user may still install.
      window.cvInstallPrompt = undefined;
      setEvent(null);
      // The other offers on the page (footer, header menu, order confirmation) read that it is used.
      window.dispatchEvent(new Event('cv-install-prompt'));
      return outcome === 'accepted';
    },
  };
}
