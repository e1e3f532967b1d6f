import type { Browser } from 'playwright-core';

export interface CarouselTransition {
  carousel: string;
  viewportWidth: number;
  /** How far one step moved the slides. */
  distancePx: number;
  /** From the first frame that moved until the slides stay within 1 px of where they stop: the motion people see. */
  visibleMs: number;
  /** Until Embla's own end of the move (within 0.001 px). */
  settledMs: number;
}

/** The home page's carousels, each stepped once by its own button, the pointer resting on it (autoplay waits). */
const carousels = [
  { label: 'Featured', step: ['[role="tab"][aria-selected="true"] + [role="tab"]', '[role="tab"]'] },
  { label: 'Testimonials from members', step: ['[data-type="next"]'] },
];

/** One step of each home page carousel at the spec's widths, timed frame by frame in the page. */
export async function measureCarouselTransitions(
  browser: Browser,
  baseUrl: string,
  widths: number[],
): Promise<CarouselTransition[]> {
  const rows: CarouselTransition[] = [];
  for (const viewportWidth of widths) {
    const context = await browser.newContext({ viewport: { width: viewportWidth, height: 900 } });
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    for (const { label, step } of carousels) {
      // A carousel takes over its still first slides once it is near the screen (scrolled from the page in one step:
      // the still one may be replaced at any moment).
      await page.evaluate(
        (name) => document.querySelector(`[data-carousel][aria-label="${name}"]`)?.scrollIntoView({ block: 'center' }),
        label,
      );
      const root = page.locator(`[aria-label="${label}"][data-carousel="moving"]`);
      await root.waitFor();
      await root.hover();
      await page.locator(`[aria-label="${label}"][data-autoplay="paused"]`).waitFor();
      // No named functions inside: the page runs this as written, without the bundler's helpers.
      const samples = await root.evaluate(async (node, stepSelectors) => {
        const container = node.querySelector<HTMLElement>('.mantine-Carousel-container')!;
        const taken: [number, number][] = [
          [performance.now(), new DOMMatrix(getComputedStyle(container).transform).m41],
        ];
        // The first of the selectors that matches (the banner's next dot, or its first after the last).
        stepSelectors
          .map((selector) => node.querySelector<HTMLElement>(selector))
          .find(Boolean)!
          .click();
        // Every frame, until the slides have not moved for half a second.
        for (let still = 0; still < 30 && performance.now() - taken[0]![0] < 10_000;) {
          await new Promise(requestAnimationFrame);
          const value = new DOMMatrix(getComputedStyle(container).transform).m41;
          still = Math.abs(value - taken.at(-1)![1]) < 0.0005 ? still + 1 : 0;
          taken.push([performance.now(), value]);
        }
        return taken;
      }, step);
      rows.push({ carousel: label, viewportWidth, ...transitionOf(samples) });
    }
    await context.close();
  }
  return rows;
}

/** From frame samples (time, position): how far the slides went, and how long they visibly moved and moved at all. */
function transitionOf(samples: [number, number][]): Omit<CarouselTransition, 'carousel' | 'viewportWidth'> {
  const start = samples[0]![1];
  const end = samples.at(-1)![1];
  const movedAt = samples.find(([, position]) => Math.abs(position - start) > 0.01)?.[0] ?? samples[0]![0];
  // The first frame from which the slides stay within `tolerance` of where they stop.
  const restingFrom = (tolerance: number) => {
    const lastOutside = samples.findLastIndex(([, position]) => Math.abs(position - end) >= tolerance);
    return samples[lastOutside + 1]![0];
  };
  return {
    distancePx: Math.round(Math.abs(end - start)),
    visibleMs: Math.round(restingFrom(1) - movedAt),
    settledMs: Math.round(restingFrom(0.001) - movedAt),
  };
}
