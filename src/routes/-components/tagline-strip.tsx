import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { m } from '@/paraglide/messages';
import classes from './site-layout.module.css';

/** The spec's seven taglines, in the page's language. */
export const taglines = [m.tagline_1, m.tagline_2, m.tagline_3, m.tagline_4, m.tagline_5, m.tagline_6, m.tagline_7];

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
    <div className={classes.taglineStrip} aria-roledescription="carousel" aria-label={m.header_taglines()}>
      <ul
        className={classes.taglineTrack}
        style={{
          transform: `translateY(-${index * 2}rem)`,
          transitionDuration: `${TAGLINE_TRANSITION_MS}ms`,
        }}
      >
        {taglines.map((tagline, position) => (
          <li key={position} className={classes.tagline} aria-hidden={position !== index}>
            {tagline()}
          </li>
        ))}
      </ul>
    </div>
  );
}
