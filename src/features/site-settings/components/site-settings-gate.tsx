import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { imageUrl } from '@/lib/image-url';
import { SiteSettingsContext } from '@/lib/site-settings-context';
import { homeDataQueryOptions } from '../api/get-home-data';
import { siteSettings_loading } from '@/paraglide/messages/sitesettings_loading1.js';

function setLink(rel: string, href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  link.href = href;
}

/**
 * Start-up as the spec says: a spinner while the site settings load, then the app, whether the load succeeded or
 * failed. On success the settings are provided to the app (`useSiteSettings`, the one source of them) and set the
 * favicon and touch icon (each page names itself and the site in its title: `DocumentTitle`).
 */
export function SiteSettingsGate({ children }: { children: ReactNode }) {
  const { data, error, isPending } = useQuery(homeDataQueryOptions());
  // Once the first load has finished, later refetches never take the app away again.
  const [settled, setSettled] = useState(false);
  if (!isPending && !settled) setSettled(true);

  useEffect(() => {
    if (!data) return;
    const settings = data.site_settings;
    if (settings.site_favicon) setLink('icon', imageUrl(settings.site_favicon, 'settings'));
    if (settings.site_logo) setLink('apple-touch-icon', imageUrl(settings.site_logo, 'settings'));
  }, [data]);

  useEffect(() => {
    if (error) console.error('Failed to load site settings:', error);
  }, [error]);

  if (!settled && isPending) {
    return (
      <Center h="100dvh" role="status" aria-label={siteSettings_loading()}>
        <Loader color="saffron" size="lg" />
      </Center>
    );
  }
  return <SiteSettingsContext value={data?.site_settings ?? null}>{children}</SiteSettingsContext>;
}
