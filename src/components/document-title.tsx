import { useSiteSettings } from '@/lib/site-settings-context';

const FALLBACK_SITE_NAME = 'CineVerse';

/**
 * The browser tab's title for a page: "Cart | CineVerse", or the site name alone for the home page. React puts the
 * element in the document's head, and the server's renderer in the page it sends.
 */
export function DocumentTitle({ page }: { page?: string }) {
  const siteName = useSiteSettings()?.site_name || FALLBACK_SITE_NAME;
  return <title>{page ? `${page} | ${siteName}` : siteName}</title>;
}
