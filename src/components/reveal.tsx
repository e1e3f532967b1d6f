import { useReducedMotion } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useInView } from '@/hooks/use-in-view';
import classes from './reveal.module.css';

/** Spec: scroll animations last 300 ms, repeat and mirror (they play backwards when the block leaves the screen). */
export const SCROLL_ANIMATION_MS = 300;

/** Fades and lifts its content in each time it scrolls into view; still when the user prefers reduced motion. */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const reducedMotion = useReducedMotion();
  const [ref, inView] = useInView<HTMLDivElement>(0.1);
  return (
    <div
      ref={ref}
      className={className ? `${classes.reveal} ${className}` : classes.reveal}
      data-visible={reducedMotion || inView}
      style={{ transitionDuration: `${SCROLL_ANIMATION_MS}ms` }}
    >
      {children}
    </div>
  );
}
