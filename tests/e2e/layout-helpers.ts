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

/**
 * The pieces of visible text that print over one another: the boxes of the text's lines (Range.getClientRects of
 * each text node) of two different elements overlapping by more than a sliver. Each is named as `"a" over "b"`.
 * Text hidden for screen readers only (one pixel wide), invisible text and text scrolled out of its container are
 * not counted, nor lines of one element, nor text in a layer drawn over the page on purpose (a sticky header or bar,
 * a menu, a popover): text is only compared with text of its own layer.
 */
export function textOverlapping(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Piece {
      element: Element;
      layer: Element | null;
      text: string;
      box: { left: number; top: number; right: number; bottom: number };
    }
    /** The element that draws its own layer: fixed or sticky, or positioned with a z-index. */
    const layerOf = (element: Element): Element | null => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.position === 'fixed' || style.position === 'sticky') return at;
        if (style.position !== 'static' && style.zIndex !== 'auto') return at;
      }
      return null;
    };
    /** The part of the viewport `element`'s ancestors let show (those that clip their overflow). */
    const clipOf = (element: Element) => {
      const clip = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
      for (let at = element.parentElement; at && at !== document.documentElement; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = at.getBoundingClientRect();
        clip.left = Math.max(clip.left, box.left);
        clip.top = Math.max(clip.top, box.top);
        clip.right = Math.min(clip.right, box.right);
        clip.bottom = Math.min(clip.bottom, box.bottom);
      }
      return clip;
    };
    const hidden = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible') return true;
      for (let at: Element | null = element; at; at = at.parentElement) {
        if (getComputedStyle(at).opacity === '0') return true;
        const box = at.getBoundingClientRect();
        // Screen-reader-only text: a one-pixel box that clips what it holds.
        if ((box.width <= 1 || box.height <= 1) && getComputedStyle(at).overflow.includes('hidden')) return true;
      }
      return false;
    };

    const pieces: Piece[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!element || !text || element.closest('script, style, noscript, template') || hidden(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const clip = clipOf(element);
      const layer = layerOf(element);
      for (const rect of range.getClientRects()) {
        const box = {
          left: Math.max(rect.left, clip.left),
          top: Math.max(rect.top, clip.top),
          right: Math.min(rect.right, clip.right),
          bottom: Math.min(rect.bottom, clip.bottom),
        };
        if (box.right - box.left < 1 || box.bottom - box.top < 1) continue;
        pieces.push({ element, layer, text, box });
      }
    }

    // A sliver is allowed: the glyph boxes of tightly set lines may touch by a pixel or two.
    const sliver = 3;
    const found = new Set<string>();
    pieces.sort((a, b) => a.box.top - b.box.top);
    for (const [index, a] of pieces.entries()) {
      for (const b of pieces.slice(index + 1)) {
        if (b.box.top >= a.box.bottom - sliver) break;
        if (a.element === b.element || a.layer !== b.layer) continue;
        // Text of an element and of an inline element in it are one flow of text.
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > sliver && height > sliver) found.add(`"${a.text}" over "${b.text}"`);
      }
    }
    return [...found];
  });
}
