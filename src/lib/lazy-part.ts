import { type ComponentType, lazy } from 'react';

const nothing = () => null;

/**
 * A part of the page whose code loads on demand and that the page can do without: when its code cannot load (offline
 * on a first visit, before the service worker has stored it), it renders `failed` (nothing, unless given) for the rest
 * of the visit instead of failing the whole page.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  failed: ComponentType<Props> = nothing,
) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: failed }),
    ),
  );
}
