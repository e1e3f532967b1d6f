import { isSitePath } from '@/contract/site-path';

/**
 * Links come from a database that editors fill: only http(s) addresses and site-relative paths become links, so a
 * `javascript:` or `data:` address can never run.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed.startsWith('/')) return isSitePath(trimmed) ? trimmed : null;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
