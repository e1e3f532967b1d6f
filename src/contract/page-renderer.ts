/**
 * What the server and the server-rendered page module (dist/.ssr/render-page.js, built from src/app/render-page.tsx)
 * agree on: the server imports only these types, never the app's code.
 */

/** fetch's shape: how the app's API calls are answered while the server renders a page (in process). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  /** The app's markup, for the shell's #root. */
  html: string;
  /**
   * The page's title and the resource hints React wrote for it (image preloads), for the head: in #root the browser's
   * tree has none.
   */
  head: string;
  /** The query cache the page was rendered from, as JSON safe inside a script element. */
  state: string;
  /** The routes the page matched, root first, to find their stylesheets. */
  routeIds: string[];
}

/** The page module's exports. */
export interface PageRendererModule {
  /**
   * The page at `url` (path and query), or null when it should be left to the browser. The app's API calls made for
   * it go through `transport` (the server answers them in process).
   */
  renderPage(url: string, transport: ApiTransport): Promise<RenderedPage | null>;
}
