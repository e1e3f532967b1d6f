/**
 * What a reader does on a server-rendered page before the app has taken it over, kept until it has. On a slow phone
 * or connection the page shows seconds before its code runs (src/main.tsx waits for the first paint, then downloads
 * and runs the app), and until React hydrates it a button does nothing. Without this:
 * - a tap on a button was lost, and a form's submit button sent the form the browser's way (a reload of the page as
 *   a GET, which lost what was typed);
 * - text typed into a field stayed on screen through hydration, but the form's state did not have it, and the first
 *   render after hydration emptied the field;
 * - a box ticked or a choice made in a list showed, but the page did not act on it (the directory unfiltered under
 *   a ticked "Verified only").
 *
 * Kept here: what each field was changed to before React owned it (its text, a box's tick, a list's choice), and the
 * last button tapped (or form submitted) before React started; a tap after React has started (React handles it)
 * drops the kept one, as the reader has acted again. Links are left alone: they work as plain links meanwhile. Once
 * the app is ready, src/app/early-input-replay.ts gives the fields what they were changed to and makes the tap once.
 * This part runs in the entry, before the app's code arrives.
 */
export interface EarlyInput {
  /** What each field was changed to before React owned it: its text or choice, or whether a box is ticked. */
  changed: Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string | boolean>;
  /** The last button tapped, or form sent, before React started. */
  tap?: HTMLButtonElement | HTMLFormElement | undefined;
  /** Stops keeping. */
  stop(): void;
}

/** Whether React has a key of this prefix on the element: `__reactContainer$` on a root, `__reactProps$` on a node. */
const hasReactKey = (element: Element, prefix: string) => Object.keys(element).some((key) => key.startsWith(prefix));

/** What a field holds: a box's or radio button's tick, else its text or choice. */
const stateOf = (field: HTMLInputElement) => (/^(checkbox|radio)$/.test(field.type) ? field.checked : field.value);

/** Starts keeping what is typed and tapped in `root`. */
export function recordEarlyInput(root: HTMLElement): EarlyInput {
  const kept: EarlyInput = { changed: new Map(), stop };
  // Changed before this script ran (the page shows while its end still downloads): not what it came with.
  // A list has no default value of its own: the server marks its chosen option `selected`.
  for (const field of root.querySelectorAll<HTMLInputElement>('input:not([type=file]),textarea,select')) {
    const change = stateOf(field);
    const initial =
      typeof change == 'boolean'
        ? field.defaultChecked
        : (field.defaultValue ?? field.querySelector<HTMLOptionElement>('[selected]')?.value);
    if (change !== initial) kept.changed.set(field, change);
  }
  const keep = (event: Event) => {
    const { target } = event;
    if (!(target instanceof Element) || !root.contains(target)) return;
    if (event.type === 'input') {
      // Not a file input (its value cannot be given back). A field React owns saw this change itself.
      if (!target.matches('input:not([type=file]),textarea,select')) return;
      const field = target as HTMLInputElement;
      if (hasReactKey(field, '__reactProps$')) kept.changed.delete(field);
      else kept.changed.set(field, stateOf(field));
      return;
    }
    // A tap on a button, or a form sent without one (Enter in a form that has none: a submit event's target).
    const tapped = event.type === 'click' ? target.closest<HTMLButtonElement>('button:enabled') : target;
    if (hasReactKey(root, '__reactContainer$')) kept.tap = undefined;
    else if (tapped) {
      // Sent the browser's way, a form would reload the page and lose what was typed.
      event.preventDefault();
      kept.tap = tapped as HTMLButtonElement | HTMLFormElement;
    }
  };
  const types = ['input', 'click', 'submit'];
  for (const type of types) document.addEventListener(type, keep, true);
  function stop() {
    for (const type of types) document.removeEventListener(type, keep, true);
  }
  return kept;
}
