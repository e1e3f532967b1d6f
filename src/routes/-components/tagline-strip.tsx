import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { header_taglines } from '@/paraglide/messages/header_taglines.js';
import { tagline_1 } from '@/paraglide/messages/tagline_1.js';
import { tagline_2 } from '@/paraglide/messages/tagline_2.js';
import { tagline_3 } from '@/paraglide/messages/tagline_3.js';
import { tagline_4 } from '@/paraglide/messages/tagline_4.js';
import { tagline_5 } from '@/paraglide/messages/tagline_5.js';
import { tagline_6 } from '@/paraglide/messages/tagline_6.js';
import { tagline_7 } from '@/paraglide/messages/tagline_7.js';
import classes from './site-layout.module.css';

/** The spec's seven taglines, in the page's language. */
export const taglines = [tagline_1, tagline_2, tagline_3, tagline_4, tagline_5, tagline_6, tagline_7];

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
    <div className={classes.taglineStrip} aria-roledescription="carousel" aria-label={header_taglines()}>
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
