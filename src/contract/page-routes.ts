/**
 * The page paths the app answers, shared by the router's tests and the server, which returns the app shell with
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
  /^\/category\/[^/]+\/?$/,
  /^\/shop\/?$/,
  /^\/shop\/\d+\/?$/,
  /^\/(login|register|cart|checkout|wishlist|coupons|profile|orders)\/?$/,
  /^\/orders\/\d+\/?$/,
];

export function isPagePath(pathname: string): boolean {
  return pageRoutePatterns.some((pattern) => pattern.test(pathname));
}
