import { type ComponentType, type ReactNode, Suspense, use, useCallback, useEffect, useRef, useState } from 'react';
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

interface PartDefinition {
  /** Loads the part's code; the same promise every time. */
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
  definition: PartDefinition;
  /** Lets this part load and be hydrated. */
  open(): void;
  opened: boolean;
  /** The tap it keeps until it is hydrated. */
  tap?: HTMLElement;
}

/** The parts on the page still waiting, by their element, in the page's order. */
const waiting = new Map<HTMLElement, Waiting>();
const PART_ATTRIBUTE = 'data-deferred-part';

const waitingAround = (target: EventTarget | null) => {
  const element = target instanceof Element ? target.closest<HTMLElement>(`[${PART_ATTRIBUTE}]`) : null;
  return element ? waiting.get(element) : undefined;
};

/**
 * A click inside a part not yet hydrated would reach React, which drops it (the boundary has no handlers yet): it is
 * stopped here, before React's listener on the root, and made again once the part is hydrated. A click with a
 * modifier (a link opened in a new tab) is left to the browser.
 */
function keepTap(event: MouseEvent) {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
  const entry = waitingAround(event.target);
  const tapped = (event.target as Element).closest?.<HTMLElement>(
    'button, a[href], summary, label, input, select, textarea, [role="button"], [tabindex]',
  );
  if (!entry || !tapped) return;
  event.preventDefault();
  event.stopPropagation();
  entry.tap = tapped;
  entry.open();
}

/** Touching or focusing a part starts loading it: the tap that may follow then waits less. */
const openOnTouch = (event: Event) => waitingAround(event.target)?.open();

if (typeof document !== 'undefined') {
  document.addEventListener('click', keepTap, true);
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
      entry.open();
      void entry.definition.start().then(
        () => onIdle(next),
        () => onIdle(next),
      );
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
        loading = component.then((loaded) => {
          Loaded = loaded;
        });
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
    ready: Promise<void>;
    done: boolean;
    open(): void;
    hydrated: boolean;
  }

  function Body({ props, part, onHydrated }: { props: Props; part: Instance; onHydrated: () => void }) {
    // The server renders it at once (its code was loaded before the render), and so does a page the browser renders
    // itself once the code is there; the browser hydrating the server's HTML waits until the part is needed.
    if (!part.done && !((part.atOnce || isServer) && Loaded)) use(part.ready);
    useEffect(onHydrated, [onHydrated]);
    return Loaded ? <Loaded {...props} /> : null;
  }

  function DeferredPart(props: Props): ReactNode {
    const ref = useRef<HTMLDivElement>(null);
    const [part] = useState<Instance>(() => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      const atOnce = loadAtOnce && !isServer;
      const ready =
        atOnce || isServer
          ? // The page waits for its part, as for its own code; if it cannot load, the page goes without it.
            definition.start().catch(() => {})
          : // Waits to be needed. If its code cannot load (offline on a first visit) it waits for ever: the server's
            // HTML stays.
            opened.then(definition.start).catch(() => new Promise<void>(() => {}));
      const instance: Instance = { atOnce, ready, done: false, open, hydrated: false };
      void ready.then(() => (instance.done = true));
      return instance;
    });
    const onHydrated = useCallback(() => {
      part.hydrated = true;
      const element = ref.current;
      // Said on the page, for tests and the bench: this part now answers taps itself.
      element?.setAttribute('data-hydrated', '');
      const entry = element && waiting.get(element);
      if (!element || !entry) return;
      waiting.delete(element);
      entry.tap?.click();
    }, [part]);
    useEffect(() => {
      const element = ref.current;
      if (!element || part.hydrated) return;
      const entry: Waiting = {
        definition,
        opened: false,
        open: () => {
          entry.opened = true;
          part.open();
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
    const body = <Body props={props} part={part} onHydrated={onHydrated} />;
    return (
      <div ref={ref} {...{ [PART_ATTRIBUTE]: name }} style={{ display: 'contents' }}>
        {/* The server renders the boundary the browser hydrates; a page the browser renders itself waits whole. */}
        {part.atOnce ? body : <Suspense fallback={null}>{body}</Suspense>}
      </div>
    );
  }
  DeferredPart.displayName = `Deferred(${name})`;
  return DeferredPart;
}
