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

/** Whether React has taken this element over: it then carries React's instance key (`__reactFiber$` and a suffix). */
function belongsToReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/** Longest wait for the page's content; past it (React renamed its key?) the app is called ready anyway. */
const CONTENT_WAIT_MS = 10_000;

/**
 * Calls `run` a frame after the page's content (the first element in `<main>`) belongs to React, once the renders
 * that follow at once (the session, a layout for this width) are done. A server-rendered page's content sits in the
 * router's Suspense boundaries, which React hydrates in a pass of its own after the header and footer: until then
 * its buttons look ready and do nothing. Returns a function that cancels.
 */
export function whenContentHydrated(run: () => void): () => void {
  const giveUpAt = performance.now() + CONTENT_WAIT_MS;
  let frame = requestAnimationFrame(function check() {
    const content = document.querySelector('#main > *');
    frame = requestAnimationFrame(!content || belongsToReact(content) || performance.now() > giveUpAt ? run : check);
  });
  return () => cancelAnimationFrame(frame);
}
