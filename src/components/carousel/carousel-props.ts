import type { ReactNode } from 'react';

/** Spec: "Default carousel autoplay 3000 ms". */
export const DEFAULT_AUTOPLAY_MS = 3000;

/**
 * How many slides are in view: `single` one at a time; `cards` 4, 3 under 1024 px, 2 under 768 px (spec point 9).
 * The sizes are CSS (`carousel.module.css`), so the server renders the right number for every width.
 */
export type CarouselLayout = 'single' | 'cards';

/** Embla's `duration` under 768 px, from 768 px and from 1024 px (the widths of the `cards` layout). */
export interface CarouselDurations {
  phone: number;
  tablet: number;
  desktop: number;
}

export interface CarouselProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Names the carousel for assistive technology ("Testimonials from members"). */
  label: string;
  layout: CarouselLayout;
  /**
   * Embla's `duration` for a slide change, at each width (its own unit, not milliseconds: a step takes longer the
   * farther it goes, so narrower screens need more). The values that give the spec's transition times, and the times
   * measured with them, are in the README.
   */
  duration: CarouselDurations;
  /** Time between automatic slide changes; null for none. */
  autoplayMs: number | null;
  withIndicators?: boolean;
  withControls?: boolean;
  /** The slide shown first, and the one to move to when it changes (the product gallery's thumbnails). */
  selected?: number;
  /** Called with the slide's index when the carousel moves to another one. */
  onSelectedChange?: (index: number) => void;
  className?: string;
}
