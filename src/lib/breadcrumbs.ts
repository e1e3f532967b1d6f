import { crumb_home } from '@/paraglide/messages/crumb_home.js';

export interface Breadcrumb {
  label: string;
  /** Where the crumb leads; the last crumb is the current page and has none. */
  to: string | null;
}

const SMALL_WORDS = new Set(['and', 'of', 'the', 'to', 'in', 'for']);

/** "terms-and-conditions" -> "Terms and Conditions"; URL escapes are decoded ("Production%20House"). */
function labelOf(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as it is.
  }
  return decoded
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/**
 * Home, then one crumb per path segment, each linking to the path up to it. The last crumb, the page itself, says
 * `current` when given (the page's title), so that the crumb, the heading and the links to the page agree.
 */
export function breadcrumbsFromPath(pathname: string, current?: string): Breadcrumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Breadcrumb[] = [{ label: crumb_home(), to: segments.length > 0 ? '/' : null }];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (last) crumbs.push({ label: current ?? labelOf(segment), to: null });
    else crumbs.push({ label: labelOf(segment), to: `/${segments.slice(0, index + 1).join('/')}` });
  });
  return crumbs;
}
