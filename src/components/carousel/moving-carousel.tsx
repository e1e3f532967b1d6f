import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { useReducedMotion } from '@mantine/hooks';
import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type CarouselProps, DEFAULT_AUTOPLAY_MS } from './carousel-props';
import classes from './carousel.module.css';
import { carousel_next } from '@/paraglide/messages/carousel_next.js';
import { carousel_position } from '@/paraglide/messages/carousel_position.js';
import { carousel_previous } from '@/paraglide/messages/carousel_previous.js';
import { carousel_slide } from '@/paraglide/messages/carousel_slide.js';
import { carousel_slides } from '@/paraglide/messages/carousel_slides.js';

type AutoplayState = 'playing' | 'paused' | 'off';

/**
 * Mantine's carousel writes two things of its own in English: its dots' name ("Slides") and a live region saying
 * "Slide 2 of 5" at each change. Both are said in the page's language here: the name once, and the live region's
 * text each time Mantine writes it (in its own text node, which React keeps updating).
 */
function useCarouselWords(root: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    element.querySelector(':scope > [role="tablist"]')?.setAttribute('aria-label', carousel_slides());
    const status = element.querySelector(':scope > [role="status"]');
    if (!status) return;
    const say = () => {
      const text = status.firstChild;
      const said = text?.nodeType === Node.TEXT_NODE ? /^Slide (\d+) of (\d+)$/.exec(text.nodeValue ?? '') : null;
      const words = said && carousel_slide({ index: Number(said[1]), total: Number(said[2]) });
      // Written only when it differs: every write is a mutation this observer would see again.
      if (text && words && words !== text.nodeValue) text.nodeValue = words;
    };
    say();
    const observer = new MutationObserver(say);
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}

/** Where the pointer and the focus were when this took over from the still slides (no event tells it after). */
export interface TakeOver {
  pointerInside?: boolean;
  focusInside?: boolean;
}

/** The slides in view when the carousel rests on `snap`: with one slide per step, `snap` and those after it. */
function slidesInView(embla: EmblaCarouselType): Set<number> {
  const slides = embla.slideNodes();
  const viewWidth = embla.rootNode().getBoundingClientRect().width;
  const slideWidth = slides[0]?.getBoundingClientRect().width ?? viewWidth;
  const perView = Math.max(1, Math.round(viewWidth / Math.max(slideWidth, 1)));
  const first = embla.selectedScrollSnap();
  const inView = new Set<number>();
  for (let offset = 0; offset < Math.min(perView, slides.length); offset += 1) {
    inView.add((first + offset) % slides.length);
  }
  return inView;
}

/**
 * Mantine's carousel on Embla, endless, with Embla's autoplay. Autoplay waits while the pointer or the keyboard focus
 * is inside, and is off when the user prefers reduced motion (slides then change without animation). Slides out of
 * view are inert, so Tab reaches only what is shown.
 */
export function MovingCarousel<T>({
  items,
  getKey,
  renderItem,
  label,
  layout,
  duration,
  autoplayMs,
  withIndicators = false,
  withControls = false,
  selected = 0,
  onSelectedChange,
  className,
  pointerInside = false,
  focusInside = false,
}: CarouselProps<T> & TakeOver) {
  // Read at once: this component only ever renders in the browser, after the page has loaded.
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const playsByItself = autoplayMs !== null && !reducedMotion;
  // One plugin per carousel for its whole life (Mantine's own example keeps it in a ref); it plays while `autoplayMs`
  // is set. Adding or removing a plugin would restart Embla on its first slide.
  const [autoplay] = useState(() =>
    Autoplay({
      delay: autoplayMs ?? DEFAULT_AUTOPLAY_MS,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  );
  // Embla starts where the carousel was when this took over; later changes of `selected` scroll (new options would
  // restart Embla without animation).
  const [initialSlide] = useState(selected);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [inView, setInView] = useState<Set<number>>(() => new Set([0]));
  const [hovered, setHovered] = useState(pointerInside);
  const [focused, setFocused] = useState(focusInside);
  const [autoplayState, setAutoplayState] = useState<AutoplayState>('paused');
  const paused = hovered || focused || !playsByItself;
  const pausedRef = useRef(paused);
  const rootRef = useRef<HTMLDivElement>(null);
  useCarouselWords(rootRef);

  useEffect(() => {
    pausedRef.current = paused;
  }, [paused]);

  useEffect(() => {
    if (!embla) return;
    const update = () => setInView(slidesInView(embla));
    const onPlay = () => setAutoplayState('playing');
    const onStop = () => setAutoplayState(embla.plugins().autoplay ? 'paused' : 'off');
    // Embla's autoplay starts again when a drag ends; while the pointer or the focus is inside it waits.
    const onPointerUp = () => {
      if (pausedRef.current) embla.plugins().autoplay?.stop();
    };
    update();
    embla.on('select', update).on('reInit', update);
    embla.on('autoplay:play', onPlay).on('autoplay:stop', onStop).on('pointerUp', onPointerUp);
    return () => {
      embla.off('select', update).off('reInit', update);
      embla.off('autoplay:play', onPlay).off('autoplay:stop', onStop).off('pointerUp', onPointerUp);
    };
  }, [embla]);

  useEffect(() => {
    const plugin = embla?.plugins().autoplay;
    if (!plugin) return;
    if (paused) plugin.stop();
    else plugin.play();
  }, [embla, paused]);

  useEffect(() => {
    if (embla && embla.selectedScrollSnap() !== selected) embla.scrollTo(selected);
  }, [embla, selected]);

  return (
    <Carousel
      ref={rootRef}
      aria-label={label}
      className={`${classes.root} ${classes[layout]} ${className ?? ''}`}
      classNames={{ indicator: classes.indicator }}
      data-carousel="moving"
      data-autoplay={playsByItself ? autoplayState : 'off'}
      slideSize="var(--slide-size)"
      emblaOptions={{
        loop: true,
        align: 'start',
        // Instant changes when the user prefers reduced motion. Embla applies the last matching breakpoint.
        duration: reducedMotion ? 0 : duration.desktop,
        breakpoints: reducedMotion
          ? {}
          : {
              '(max-width: 1023.98px)': { duration: duration.tablet },
              '(max-width: 767.98px)': { duration: duration.phone },
            },
      }}
      plugins={reducedMotion ? [] : [autoplay]}
      initialSlide={initialSlide}
      getEmblaApi={setEmbla}
      onSlideChange={onSelectedChange}
      withControls={withControls}
      withIndicators={withIndicators}
      controlSize={44}
      previousControlProps={{ 'aria-label': carousel_previous({ label }) }}
      nextControlProps={{ 'aria-label': carousel_next({ label }) }}
      getIndicatorProps={(index) => ({ 'aria-label': carousel_slide({ index: index + 1, total: items.length }) })}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setHovered(false);
      }}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {items.map((item, index) => (
        <Carousel.Slide
          key={getKey(item)}
          aria-label={carousel_position({ index: index + 1, total: items.length })}
          aria-hidden={!inView.has(index)}
          inert={!inView.has(index)}
        >
          {renderItem(item, index)}
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
