/**
 * Runs `work` in one tab at a time (a Web Lock): a tab that finds the lock taken skips, since the tab holding it
 * sends everything anyway. Without Web Locks (old browsers) it simply runs.
 */
export async function withTabLock(name: string, work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return work();
  await navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
    if (lock) await work();
  });
}
