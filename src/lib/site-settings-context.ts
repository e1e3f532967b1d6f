import { createContext, useContext } from 'react';
import type { SiteSettings } from '@/contract/site';

/**
 * The site settings, provided by the settings gate from the cached home data: the same on the server and in the
 * browser's first render, so a server-rendered page shows them and hydrates without rendering again. This is the
 * spec's global `siteSetting`: one source, the cached home data.
 */
export const SiteSettingsContext = createContext<SiteSettings | null>(null);

/** The site settings; null while they load or after a failed load. */
export function useSiteSettings(): SiteSettings | null {
  return useContext(SiteSettingsContext);
}
