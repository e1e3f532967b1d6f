/** 7 days, in milliseconds: what a phone saw last week is still worth showing offline; older is misleading. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
