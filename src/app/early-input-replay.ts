/**
 * Gives `text` to a field React controls as typing would: React reads a change from an `input` event only when the
 * value differs from the one it last saw, so that one is set empty first (through the element's own setter, which
 * React watches) and the text is then set behind React's back (through the prototype's).
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Once the app is ready: gives the text kept by the entry (src/early-input.ts) to its fields, then makes the kept tap
 * once, in a task of its own, once React has rendered that text (a submit then sends it).
 */
export function replayEarlyInput(): void {
  const kept = window.cvEarlyInput;
  window.cvEarlyInput = undefined;
  if (!kept) return;
  kept.stop();
  for (const [field, text] of kept.typed) if (field.isConnected) typeInto(field, text);
  const { tap } = kept;
  if (!tap?.isConnected) return;
  setTimeout(() => {
    if (tap instanceof HTMLFormElement) tap.requestSubmit();
    else if (!tap.disabled) tap.click();
  }, 0);
}
