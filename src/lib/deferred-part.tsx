import {
  type ComponentType,
  memo,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { afterAppReady } from './app-ready';

/**
 * A part of a server-rendered page below the fold (the footer, the home page's FAQ and card carousels) whose code
 * loads, and whose server HTML React takes over (hydrates), only when it is needed: scrolled near, touched, focused,
 * or once the phone is idle after the app is ready. Until then the server's HTML stays as it is, in place (a Suspense
 * boundary React leaves dehydrated): nothing moves, links work, and a tap on a button in it is kept and made again
 * once the part is hydrated. Hydrating the whole page at once kept a cheap phone busy for a few hundred
 * milliseconds after the first paint, and the first load carried these parts' words in both languages.
 *
 * The server renders a part as any other component (`loadDeferredParts` loads their code before it renders). A page
 * the browser renders itself (the shell the service worker answers, or a page opened by a link in the app once the
 * start's idle moment has passed) loads a part as soon as it renders it.
 */

/**
 * A promise already settled, marked as React marks one it has seen settle: `use` reads it at once instead of
 * suspending the render until a microtask has run.
 */
function settled(): Promise<void> {
  return Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
}

interface PartDefinition {
  /** Loads the part's code; the same promise every time, unless it failed (the next call tries again). */
  start(): Promise<void>;
}

const definitions: PartDefinition[] = [];
const isServer = typeof document === 'undefined';

/** Set once the browser renders pages itself, or the idle moment after the start has passed: parts load at once. */
let loadAtOnce = isServer;

/** The page is the browser's own render, not the server's: nothing to keep, parts load as they render. */
export function renderDeferredPartsAtOnce(): void {
  loadAtOnce = true;
}

/** The server's renderer: every part's code, before a page is rendered. */
export function loadDeferredParts(): Promise<unknown> {
  return Promise.all(definitions.map((definition) => definition.start()));
}

interface Waiting {
  /** Loads this part's code (again, if it failed) so that it is hydrated; settles when the attempt has. */
  open(): Promise<void>;
  opened: boolean;
  /** Its code could not be loaded: taps on it are left to the browser until a later attempt loads it. */
  failed: boolean;
}

/**
 * The last tap kept, on the element tapped, and the address it was made at. One at a time: a newer click, a key or
 * a move to another address drops it, or the part's hydration would pull the reader back to what they left.
 */
let kept: { entry: Waiting; tapped: HTMLElement; at: string } | undefined;

/** The parts on the page still waiting, by their element, in the page's order. */
const waiting = new Map<HTMLElement, Waiting>();
const PART_ATTRIBUTE = 'data-deferred-part';

const waitingAround = (target: EventTarget | null) => {
  const element = target instanceof Element ? target.closest<HTMLElement>(`[${PART_ATTRIBUTE}]`) : null;
  return element ? waiting.get(element) : undefined;
};

/**
 * A link the browser follows as well as the app would: one to a new tab or window, to another site, a download, or
 * a phone number or mail address. Kept and followed seconds later, a new tab would be stopped as a popup.
 */
function needsNoApp(link: HTMLAnchorElement): boolean {
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return true;
  return !/^https?:$/.test(link.protocol) || link.origin !== location.origin;
}

/**
 * A click inside a part not yet hydrated would reach React, which drops it (the boundary has no handlers yet): it is
 * stopped here, before React's listener on the root, and made again once the part is hydrated. A click with a
 * modifier (a link opened in a new tab) and a link that needs no app are left to the browser, and so is every tap on
 * a part whose code could not be loaded (its links then load their pages; its buttons wait for a later attempt).
 */
function keepTap(event: MouseEvent) {
  // Any click is newer than the tap kept: the reader has moved on (the kept tap's own replay is made after this).
  kept = undefined;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
  const entry = waitingAround(event.target);
  const tapped = (event.target as Element).closest?.<HTMLElement>(
    'button, a[href], summary, label, input, select, textarea, [role="button"], [tabindex]',
  );
  if (!entry || entry.failed || !tapped || (tapped instanceof HTMLAnchorElement && needsNoApp(tapped))) return;
  event.preventDefault();
  event.stopPropagation();
  kept = { entry, tapped, at: location.href };
  void entry.open();
}

/** The tap `entry` keeps, if the reader has not moved on since: no newer click or key, still at the same address. */
function keptTapOf(entry: Waiting): HTMLElement | undefined {
  if (kept?.entry !== entry) return undefined;
  const { tapped, at } = kept;
  kept = undefined;
  return at === location.href && tapped.isConnected ? tapped : undefined;
}

/** Touching or focusing a part starts loading it: the tap that may follow then waits less. */
const openOnTouch = (event: Event) => waitingAround(event.target)?.open();

if (typeof document !== 'undefined') {
  document.addEventListener('click', keepTap, true);
  document.addEventListener('keydown', () => (kept = undefined), true);
  for (const type of ['pointerdown', 'focusin', 'touchstart']) {
    document.addEventListener(type, openOnTouch, { capture: true, passive: true });
  }
  const onIdle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200);
  // Once the app is ready, in the phone's idle moments, the waiting parts are hydrated one by one in the page's order.
  afterAppReady(() => {
    const next = () => {
      const entry = [...waiting.values()].find((candidate) => !candidate.opened);
      if (!entry) {
        loadAtOnce = true;
        return;
      }
      void entry.open().then(() => onIdle(next));
    };
    onIdle(next);
  });
}

/**
 * `load` gives the part's component (or a promise of it, from a module of its own); `name` is for the page's HTML
 * (`data-deferred-part`). Its props must not change before it is hydrated (React would then throw the server's HTML
 * away and render it anew).
 */
export function deferredPart<Props extends object>(
  name: string,
  load: () => ComponentType<Props> | Promise<ComponentType<Props>>,
) {
  let Loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const definition: PartDefinition = {
    start: () => {
      if (loading) return loading;
      const component = load();
      // A part of a module already loaded is there at once (it is deferred for its hydration only).
      if (component instanceof Promise) {
        loading = component.then(
          (loaded) => {
            Loaded = loaded;
          },
          (error: unknown) => {
            // Not kept: a later attempt loads it again (a weak network's lost request, a chunk since deployed anew).
            loading = null;
            throw error;
          },
        );
      } else {
        Loaded = component;
        loading = Promise.resolve();
      }
      return loading;
    },
  };
  definitions.push(definition);

  interface Instance {
    /** Rendered by the browser with no server HTML to keep: no boundary of its own, nothing to wait for. */
    atOnce: boolean;
    /** Settles once the part may render; once it has, React's `use` reads it at once, without suspending. */
    ready: Promise<void>;
    /** Loads the part's code (again if it failed); `ready` settles once it is loaded. */
    open(): Promise<void>;
    hydrated: boolean;
  }

  function Body({ props, part, onHydrated }: { props: Props; part: Instance; onHydrated: () => void }) {
    // The server renders it at once (its code was loaded before the render). The browser waits for `ready`: at once
    // for a page it renders itself once the code is there, until the part is needed when it hydrates the server's
    // HTML. Asked for on every render in the browser, never on a condition that can change between a render that
    // waited and React's replay of it: the replay must call the same hooks (React throws otherwise).
    if (!isServer) use(part.ready);
    useEffect(onHydrated, [onHydrated]);
    return Loaded ? <Loaded {...props} /> : null;
  }

  function DeferredPart(props: Props): ReactNode {
    const ref = useRef<HTMLDivElement>(null);
    const [part] = useState<Instance>(() => {
      let loaded = () => {};
      const atOnce = loadAtOnce && !isServer;
      const ready =
        atOnce && Loaded
          ? // Its code is there: nothing to wait for.
            settled()
          : atOnce || isServer
            ? // The page waits for its part, as for its own code; if it cannot load, the page goes without it.
              definition.start().catch(() => {})
            : // Waits to be needed, then for its code. If that cannot load (offline on a first visit, a chunk gone
              // after a deploy) it goes on waiting, the server's HTML in place, until a later attempt loads it.
              new Promise<void>((resolve) => (loaded = resolve));
      const open = () => definition.start().then(loaded);
      return { atOnce, ready, open, hydrated: false };
    });
    const onHydrated = useCallback(() => {
      part.hydrated = true;
      const element = ref.current;
      // Said on the page, for tests and the bench: this part now answers taps itself.
      element?.setAttribute('data-hydrated', '');
      const entry = element && waiting.get(element);
      if (!element || !entry) return;
      waiting.delete(element);
      keptTapOf(entry)?.click();
    }, [part]);
    useEffect(() => {
      const element = ref.current;
      if (!element || part.hydrated) return;
      const entry: Waiting = {
        opened: false,
        failed: false,
        open: () => {
          entry.opened = true;
          return part.open().then(
            () => {
              entry.failed = false;
            },
            () => {
              entry.failed = true;
              // The link tapped is followed the browser's way, a page load that needs none of this part's code; a
              // button's tap is dropped (it would act in a part that cannot).
              const tapped = keptTapOf(entry);
              if (tapped instanceof HTMLAnchorElement) location.assign(tapped.href);
            },
          );
        },
      };
      waiting.set(element, entry);
      // Scrolled near. Observed by its children: the wrapper itself has no box.
      const observer =
        typeof IntersectionObserver === 'undefined'
          ? null
          : new IntersectionObserver(
              (entries) => {
                if (entries.some((change) => change.isIntersecting)) entry.open();
              },
              { rootMargin: '200px' },
            );
      for (const child of element.children) observer?.observe(child);
      return () => {
        observer?.disconnect();
        waiting.delete(element);
      };
    }, [part]);
    // The same elements while the props are: a boundary not yet hydrated that is given new ones (the layout above it
    // rendered again, as it does for a signed-in member once the session and profile arrive) is rendered anew by
    // React, and the server's HTML is thrown away.
    const boundary = useMemo(() => {
      const body = <Body props={props} part={part} onHydrated={onHydrated} />;
      // The server renders the boundary the browser hydrates; a page the browser renders itself waits whole.
      return part.atOnce ? body : <Suspense fallback={null}>{body}</Suspense>;
    }, [props, part, onHydrated]);
    return (
      <div ref={ref} {...{ [PART_ATTRIBUTE]: name }} style={{ display: 'contents' }}>
        {boundary}
      </div>
    );
  }
  DeferredPart.displayName = `Deferred(${name})`;
  // Its props compared one by one: a parent's render with the same props does not reach the boundary.
  return memo(DeferredPart);
}
