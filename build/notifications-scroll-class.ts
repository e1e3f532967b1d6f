import type { Plugin } from 'vite';

const NOTIFICATIONS_MODULE = '/@mantine/notifications/esm/Notifications.mjs';
const CLASS_NAME_READ = 'RemoveScroll.classNames.fullWidth';

/**
 * Mantine's notification stack, in every visitor's first load (src/app/app.tsx), imports `RemoveScroll` only to read
 * one class name from it (`RemoveScroll.classNames.fullWidth`, which keeps the stack in place while a modal locks
 * the page's scrolling). That import brought react-remove-scroll and its helper packages into the start: about
 * 10 KB, 3.4 KB compressed. This plugin writes the class name in its place, read from Mantine at build time, so
 * those packages load with the modals and drawers that use them. The build fails if Mantine stops reading it so.
 * See docs/decisions/2026-11-27-first-load-headroom.md.
 */
export function notificationsScrollClass(): Plugin {
  return {
    name: 'cineverse:notifications-scroll-class',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.includes(NOTIFICATIONS_MODULE)) return null;
      const { RemoveScroll } = await import('@mantine/core');
      const className = JSON.stringify(RemoveScroll.classNames.fullWidth);
      const importedFromCore = /(import\s*\{[^}]*?)\bRemoveScroll,\s*([^}]*\}\s*from\s*["']@mantine\/core["'])/;
      const written = code.replace(importedFromCore, '$1$2').replaceAll(CLASS_NAME_READ, className);
      if (!code.includes(CLASS_NAME_READ) || /\bRemoveScroll\b/.test(written)) {
        throw new Error(`${id} no longer uses RemoveScroll as build/notifications-scroll-class.ts expects`);
      }
      return { code: written, map: null };
    },
  };
}
