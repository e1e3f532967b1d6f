// With its extension: vite.config.ts imports this module too, and Vite's config loader asks for one.
import { pathWithoutLanguage } from './languages.js';

/**
 * The page paths the app answers (in English; every one also under a language's prefix, `/hi/shop`), shared by the router's tests and the server, which returns the app shell with
 * status 200 for these and 404 for any other path so that crawlers see a real 404.
 */
export const pageRoutePatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/about\/?$/,
  /^\/contact\/?$/,
  /^\/terms-and-conditions\/?$/,
  /^\/privacy-policy\/?$/,
  /^\/refund-cancellation\/?$/,
  /^\/shipping-policy\/?$/,
  /^\/grievance-officer\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/profiles\/[^/]+\/?$/,
  /^\/auditions\/?$/,
  /^\/auditions\/\d+\/?$/,
  /^\/me\/(applications|casting-calls(\/new|\/\d+(\/edit)?)?)\/?$/,
  /^\/shop\/?$/,
  /^\/shop\/\d+\/?$/,
  /^\/(login|register|forgot-password|reset-password|confirm-email|cart|checkout|wishlist|coupons|profile|orders|my-profile|messages)\/?$/,
  /^\/contact-claim\/?$/,
  /^\/orders\/\d+\/?$/,
  /^\/guardian(\/messages)?\/?$/,
  /^\/admin(\/.*)?$/,
];

export function isPagePath(pathname: string): boolean {
  const bare = pathWithoutLanguage(pathname);
  return pageRoutePatterns.some((pattern) => pattern.test(bare));
}

/**
 * Signed-in and sign-in pages, and a guardian's pages (keyed by the token in the address's fragment): their content
 * depends on the device's session or address, so the server sends the bare shell.
 */
const accountPagePattern =
  /^\/(login|register|forgot-password|reset-password|confirm-email|contact-claim|cart|checkout|wishlist|coupons|profile|orders|my-profile|messages|me|admin|guardian)(\/|$)/;

/** The back office: staff pages, which search engines are told not to index. */
export function isBackOfficePath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathWithoutLanguage(pathname));
}

/** Public pages, which the server renders to HTML so that they show before the app's code has run. */
export function isServerRenderedPath(pathname: string): boolean {
  return isPagePath(pathname) && !accountPagePattern.test(pathWithoutLanguage(pathname));
}

/** The id of the JSON script element that carries a server-rendered page's data (dehydrated query cache). */
export const SERVER_STATE_ELEMENT_ID = 'cv-state';

/** The name of the meta element listing a server-rendered page's route modules, space-separated site paths. */
export const PAGE_MODULES_META = 'cv-page-modules';

/** The name of the meta element listing the app's own modules (written into index.html by the build). */
export const APP_MODULES_META = 'cv-app-modules';

/**
 * The shell's one inline script, first in its head: Mantine's colour scheme on `<html>` before the first paint, as
 * MantineProvider (`defaultColorScheme="auto"`) sets it once the app runs. Set only then, it restyled and repainted
 * the whole page as the app started, and a dark-mode reader saw the light page until then. The server allows this
 * script by its hash in the Content-Security-Policy.
 */
export const COLOR_SCHEME_SCRIPT =
  "document.documentElement.setAttribute('data-mantine-color-scheme',matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')";
