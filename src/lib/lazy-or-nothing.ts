import { type ComponentType, lazy } from 'react';

/**
 * A component whose code loads on demand and that the page can do without: when its code cannot load (offline on a
 * first visit, before the service worker has stored it), it renders nothing for the rest of the visit instead of
 * failing the whole page.
 */
export function lazyOrNothing<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const nothing: ComponentType<Props> = () => null;
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: nothing }),
    ),
  );
}
