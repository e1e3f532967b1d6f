/**
 * The moment the app has taken over the page (hydrated a server-rendered page, or rendered the shell) and settled.
 * The page marks it with `data-app-ready` on `<html>` and the `app-ready` performance mark (tests and the bench wait
 * for them); code that only adds motion
 * or background work starts after it, so it never competes with the page becoming usable.
 */
const waiting: (() => void)[] = [];
let ready = false;

export function markAppReady(): void {
  if (ready) return;
  ready = true;
  document.documentElement.setAttribute('data-app-ready', '');
  performance.mark('app-ready');
  for (const run of waiting.splice(0)) run();
}

/** Runs `run` once the app is ready (at once if it already is). Returns a function that cancels a wait. */
export function afterAppReady(run: () => void): () => void {
  if (ready) {
    run();
    return () => {};
  }
  waiting.push(run);
  return () => {
    const index = waiting.indexOf(run);
    if (index >= 0) waiting.splice(index, 1);
  };
}
