import type { Page } from '@playwright/test';

/**
 * The texts in the page's main region cut short on screen: an element that clips its text (an ellipsis, or overflow
 * hidden) and whose text is wider or taller than it shows. Text hidden for screen readers only (one pixel wide) is
 * not counted.
 */
export function textCutOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')].flatMap((element) => {
      const style = getComputedStyle(element);
      const clips = style.textOverflow === 'ellipsis' || style.overflow.includes('hidden');
      const leaf = element.children.length === 0 || style.textOverflow === 'ellipsis';
      if (!clips || !leaf || element.clientWidth <= 1) return [];
      const cut = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
      return cut ? [element.textContent?.trim() ?? ''] : [];
    }),
  );
}
