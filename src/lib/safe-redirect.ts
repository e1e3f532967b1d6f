import { isSitePath } from '@/contract/site-path';

/** Only a path inside this app may be a redirect target after login (`/cart`, never `//evil.example`). */
export function safeRedirect(target: string | undefined): string {
  if (!target || !isSitePath(target)) return '/';
  return target;
}
