/**
 * Asks the browser once to keep this site's storage under pressure, when the user first has something to lose (a
 * cart edit) or installs the app. The answer is the browser's; the app works either way.
 */
let asked = false;

export async function requestPersistentStorage(): Promise<boolean> {
  if (asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  asked = true;
  try {
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
