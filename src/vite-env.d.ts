/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_API_VERSION?: string;
  /** Set by the build: busts the persisted query cache on every release. */
  readonly VITE_BUILD_ID?: string;
}
