/**
 * A button took its own list item away (removed it, moved it elsewhere): focus goes to the same button, by its
 * `data-action`, on the next item (or the one before), else to the element with `fallbackId` (the page's heading),
 * never back to the top of the document with the item that is gone.
 */
export function keepFocusInList(button: HTMLElement, fallbackId: string): void {
  const item = button.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  const same = neighbour?.querySelector<HTMLElement>(`[data-action="${button.dataset.action}"]`);
  (same ?? document.getElementById(fallbackId))?.focus();
}
