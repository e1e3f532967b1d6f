/** Notes of applications the server refused after they waited offline, kept for their writer to copy. */
export const UNSENT_APPLICATIONS_KEY = 'cv-unsent-applications';

/** What the signed-in user left on this device besides the session, the cache and the outbox: gone at logout. */
export function forgetUserDeviceData(): void {
  try {
    window.localStorage.removeItem(UNSENT_APPLICATIONS_KEY);
  } catch {
    // Storage blocked: nothing was kept there.
  }
}
