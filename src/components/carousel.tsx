import { useReducedMotion } from '@mantine/hooks';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './carousel.module.css';

export interface CarouselProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Names the carousel for assistive technology ("Testimonials"). */
  label: string;
  slidesPerView: number;
  /** Duration of one slide change. */
  speedMs: number;
  /** Time between automatic slide changes; null for none. */
  autoplayMs: number | null;
  withDots?: boolean;
  withControls?: boolean;
  className?: string;
}

/**
 * An endless carousel: after the last slide comes the first again, moving forward. The first `slidesPerView`
 * slides are repeated after the last so the loop never rewinds visibly; once the track rests on a copy it jumps,
 * without animation, to the original. Autoplay stops while the pointer or the keyboard focus is inside, and never
 * starts when the user prefers reduced motion. Slides out of view are inert, so Tab reaches only what is shown.
 */
export function Carousel<T>(props: CarouselProps<T>) {
  // A new number of slides, or of slides in view, starts over from the first slide.
  const perView = Math.max(1, Math.min(props.slidesPerView, props.items.length));
  return <CarouselTrack key={`${props.items.length}/${perView}`} {...props} />;
}

function CarouselTrack<T>({
  items,
  getKey,
  renderItem,
  label,
  slidesPerView,
  speedMs,
  autoplayMs,
  withDots = false,
  withControls = false,
  className,
}: CarouselProps<T>) {
  const count = items.length;
  const perView = Math.max(1, Math.min(slidesPerView, count));
  const canSlide = count > perView;
  const reducedMotion = useReducedMotion();
  const [position, setPosition] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const settleTimer = useRef<number | undefined>(undefined);

  const positionRef = useRef(0);

  const jump = useCallback((target: number, animated: boolean) => {
    positionRef.current = target;
    setAnimate(animated);
    setPosition(target);
  }, []);

  /** Animates to a track position; a position on a copy settles onto its original once the move is over. */
  const moveTo = useCallback(
    (target: number) => {
      window.clearTimeout(settleTimer.current);
      jump(target, true);
      if (target >= count) settleTimer.current = window.setTimeout(() => jump(target - count, false), speedMs);
    },
    [count, speedMs, jump],
  );

  /** Jumps without animation to `from` first, then animates to `to` once the jump has been painted. */
  const jumpThenMove = useCallback(
    (from: number, to: number) => {
      window.clearTimeout(settleTimer.current);
      jump(from, false);
      requestAnimationFrame(() => requestAnimationFrame(() => moveTo(to)));
    },
    [jump, moveTo],
  );

  const next = useCallback(() => {
    const current = positionRef.current;
    // Still resting on a copy (a click during the settle): continue from the original it stands for.
    if (current >= count) jumpThenMove(current - count, current - count + 1);
    else moveTo(current + 1);
  }, [count, moveTo, jumpThenMove]);

  const previous = useCallback(() => {
    const current = positionRef.current;
    // From the first slide, back is the last: jump to the copy of the first, then step back onto the last.
    if (current === 0) jumpThenMove(count, count - 1);
    else moveTo(current - 1);
  }, [count, moveTo, jumpThenMove]);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  useEffect(() => {
    if (!canSlide || autoplayMs === null || reducedMotion || paused) return;
    const timer = window.setInterval(next, autoplayMs);
    return () => window.clearInterval(timer);
  }, [canSlide, autoplayMs, reducedMotion, paused, next]);

  const active = position % count;
  const track = canSlide ? [...items, ...items.slice(0, perView)] : items;
  const slideWidth = 100 / perView;

  return (
    <section
      className={className ? `${classes.root} ${className}` : classes.root}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className={classes.viewport}>
        <div
          className={classes.track}
          data-testid="carousel-track"
          aria-live={autoplayMs !== null && !paused && !reducedMotion ? 'off' : 'polite'}
          style={{
            transform: `translateX(-${position * slideWidth}%)`,
            transitionDuration: animate ? `${speedMs}ms` : '0ms',
          }}
        >
          {track.map((item, index) => {
            const isCopy = index >= count;
            const inView = index >= position && index < position + perView;
            return (
              <div
                key={isCopy ? `copy-${getKey(item)}` : getKey(item)}
                className={classes.slide}
                style={{ flexBasis: `${slideWidth}%` }}
                role="group"
                aria-roledescription="slide"
                aria-label={`${(index % count) + 1} of ${count}`}
                aria-hidden={isCopy || !inView}
                inert={isCopy || !inView}
              >
                {renderItem(item, index % count)}
              </div>
            );
          })}
        </div>
      </div>
      {canSlide && withControls ? (
        <div className={classes.controls}>
          <button type="button" className={classes.control} onClick={previous} aria-label={`Previous: ${label}`}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={classes.control} onClick={next} aria-label={`Next: ${label}`}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
      {canSlide && withDots ? (
        <div className={classes.dots}>
          {items.map((item, index) => (
            <button
              key={getKey(item)}
              type="button"
              className={classes.dot}
              aria-label={`Slide ${index + 1} of ${count}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => moveTo(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
