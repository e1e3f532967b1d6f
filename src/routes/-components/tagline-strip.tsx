import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import classes from './site-layout.module.css';

export const taglines = [
  'Where India’s storytellers meet',
  'Auditions, crews and studios in one place',
  'Build your portfolio. Get discovered.',
  'From Mumbai to Chennai, Hyderabad to Kolkata',
  'Verified casting calls, no middlemen',
  'Learn the craft from working professionals',
  'Official merchandise of the films you love',
] as const;

/** Spec: a new tagline every 3000 ms, each change animated over 1200 ms. */
export const TAGLINE_AUTOPLAY_MS = 3000;
export const TAGLINE_TRANSITION_MS = 1200;

/** The rotating strip above the header; it holds still when the user prefers reduced motion. */
export function TaglineStrip() {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (reducedMotion) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % taglines.length), TAGLINE_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [reducedMotion]);

  return (
    <div className={classes.taglineStrip} aria-roledescription="carousel" aria-label="Taglines">
      <ul
        className={classes.taglineTrack}
        style={{
          transform: `translateY(-${index * 2}rem)`,
          transitionDuration: `${TAGLINE_TRANSITION_MS}ms`,
        }}
      >
        {taglines.map((tagline, position) => (
          <li key={tagline} className={classes.tagline} aria-hidden={position !== index}>
            {tagline}
          </li>
        ))}
      </ul>
    </div>
  );
}
