/** Only a path inside this app may be a redirect target after login (`/cart`, never `//evil.example`). */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
