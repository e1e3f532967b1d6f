/**
 * What a guest asked for just before being sent to log in or register (Add to cart, Apply), kept in the tab's
 * sessionStorage under the asker's key and done once, when they come back signed in to the page that asked. Kept for
 * 30 minutes: a guest who comes back later may no longer want it.
 */
const KEPT_MS = 30 * 60 * 1000;

/** Keeps `value` under `key` until it is taken; storage refused (private mode) keeps nothing: the guest asks again. */
export function keepForReturn(key: string, value: object): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ value, at: Date.now() }));
  } catch {
    // Nothing kept: after logging in the guest taps again.
  }
}

/** The value kept under `key` when `matches` it (this page's) and it is not too old; else null. Left in place. */
export function keptForReturn<T>(key: string, matches: (value: T) => boolean): T | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { value: T; at: number } | null;
    if (!kept || !matches(kept.value)) return null;
    return Date.now() - kept.at < KEPT_MS ? kept.value : null;
  } catch {
    return null;
  }
}

/** The value kept under `key` when `matches` it (this page's), removed so that it is done once; else null. */
export function takeOnReturn<T>(key: string, matches: (value: T) => boolean): T | null {
  const value = keptForReturn(key, matches);
  try {
    if (value !== null) sessionStorage.removeItem(key);
  } catch {
    // Storage gone meanwhile: nothing is kept to do twice.
  }
  return value;
}
