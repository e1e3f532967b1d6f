/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_API_VERSION?: string;
  /** Set by the build: busts the persisted query cache on every release. */
  readonly VITE_BUILD_ID?: string;
}

interface Window {
  /** The browser's install offer (beforeinstallprompt), kept by the entry until the install button uses it. */
  cvInstallPrompt?: Event | undefined;
  /** What was typed and tapped before the app took the page over, kept by the entry until the app is ready. */
  cvEarlyInput?: import('./early-input').EarlyInput | undefined;
}
