/**
 * Gives a field React controls what the reader changed it to, as the change itself would. React reads a change of a
 * text field from an `input` event, and of a box or radio button from a `click`, only when the value differs from the
 * one it last saw: that one is set to something else first (through the element's own setter, which React watches),
 * and the change is then set behind React's back (through the prototype's). A list's `change` event is read as is.
 */
function giveBack(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, change: string | boolean): void {
  if (field instanceof HTMLSelectElement) {
    field.value = String(change);
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (typeof change === 'boolean') {
    const box = field as HTMLInputElement;
    box.checked = !change;
    setBehindReact(box, 'checked', change);
    box.dispatchEvent(new Event('click', { bubbles: true }));
  } else {
    field.value = '';
    setBehindReact(field, 'value', change);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Sets a field's property through its prototype's setter, which React does not watch. */
function setBehindReact(field: HTMLInputElement | HTMLTextAreaElement, property: 'checked' | 'value', to: unknown) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set?.call(field, to);
}

/**
 * Once the app is ready: gives the fields what the entry (src/early-input.ts) kept of their changes, then makes the
 * kept tap once, in a task of its own, once React has rendered them (a submit then sends them).
 */
export function replayEarlyInput(): void {
  const kept = window.cvEarlyInput;
  window.cvEarlyInput = undefined;
  if (!kept) return;
  kept.stop();
  for (const [field, change] of kept.changed) if (field.isConnected) giveBack(field, change);
  const { tap } = kept;
  if (!tap?.isConnected) return;
  setTimeout(() => {
    if (tap instanceof HTMLFormElement) tap.requestSubmit();
    else if (!tap.disabled) tap.click();
  }, 0);
}
