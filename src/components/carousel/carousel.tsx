import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { afterAppReady } from '@/lib/app-ready';
import type { CarouselProps } from './carousel-props';
import classes from './carousel.module.css';
// Types only: the module itself loads when a carousel is about to move.
import type { TakeOver } from './moving-carousel';
import { carousel_position } from '@/paraglide/messages/carousel_position.js';
import { carousel_slide_role } from '@/paraglide/messages/carousel_slide_role.js';
import { carousel_role } from '@/paraglide/messages/carousel_role.js';

export type { CarouselLayout, CarouselProps } from './carousel-props';

type MovingCarouselModule = typeof import('./moving-carousel');

/** The module that moves slides (Mantine's carousel, Embla and its autoplay), once loaded. */
let loadedModule: MovingCarouselModule | null = null;
let loading: Promise<MovingCarouselModule> | null = null;

const noChanges = () => () => {};

function loadMovingCarousel(): Promise<MovingCarouselModule> {
  loading ??= import('./moving-carousel').then((module) => (loadedModule = module));
  return loading;
}

/**
 * A carousel: `@mantine/carousel` with Embla's autoplay. The server renders its first slides still, and so does the
 * browser until the app is ready and the carousel is on screen or near it; then the code that moves slides loads (it
 * is not part of the first load) and takes over the same layout. A carousel further down waits until it is scrolled
 * near, so the page's start does not pay for it. If the code cannot load (offline on a first visit) the first slides
 * stay, still usable.
 */
export function Carousel<T>(props: CarouselProps<T>) {
  // Hydrating the server's still slides, the code that moves them may already be here (another carousel loaded it):
  // the first render still matches the server's (its snapshot), or React would throw the HTML away.
  const initial = useSyncExternalStore(
    noChanges,
    () => loadedModule,
    () => null,
  );
  const [moving, setMoving] = useState<MovingCarouselModule | null>(initial);
  const [takeOver, setTakeOver] = useState<TakeOver>({});
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = rootRef.current;
    if (moving || !element) return;
    let cancelled = false;
    let cancelWait = () => {};
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        cancelWait = afterAppReady(() => {
          loadMovingCarousel()
            .then((module) => {
              if (cancelled) return;
              setTakeOver({
                pointerInside: element.matches(':hover'),
                focusInside: element.contains(document.activeElement),
              });
              setMoving(module);
            })
            .catch(() => {
              // The still first slides stay; the next visit, served by the service worker, moves.
              loading = null;
            });
        });
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      cancelWait();
    };
  }, [moving]);

  if (moving) return <moving.MovingCarousel {...props} {...takeOver} />;
  return <StillCarousel {...props} rootRef={rootRef} />;
}

/**
 * The first slides, laid out as the moving carousel lays them out (Mantine's root, viewport, container and slides,
 * sized by the same `--slide-size`), so that the hand-over shifts nothing. Slides past the ones in view are hidden.
 */
function StillCarousel<T>({
  rootRef,
  items,
  getKey,
  renderItem,
  label,
  layout,
  selected = 0,
  className,
}: CarouselProps<T> & { rootRef: RefObject<HTMLDivElement | null> }) {
  const start = Math.min(Math.max(selected, 0), Math.max(items.length - 1, 0));
  const order = [...items.keys()].slice(start).concat([...items.keys()].slice(0, start));
  return (
    <div
      ref={rootRef}
      role="region"
      aria-roledescription={carousel_role()}
      aria-label={label}
      className={`${classes.root} ${classes[layout]} ${className ?? ''}`}
      data-carousel="still"
    >
      <div className={classes.viewport}>
        <div className={classes.container}>
          {order.map((index, position) => (
            <div
              key={getKey(items[index]!)}
              className={`${classes.slide} ${classes.stillSlide}`}
              role="group"
              aria-roledescription={carousel_slide_role()}
              aria-label={carousel_position({ index: index + 1, total: items.length })}
              data-position={position}
            >
              {renderItem(items[index]!, index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
