/**
 * Puts a server-rendered page into the PWA's shell (dist/index.html): its markup in #root, its route stylesheets in
 * the head, its data for the browser's hydration in a JSON script element. Pure functions; the web-app plugin does
 * the reading and caching.
 */
import type { RenderedPage } from '../../../src/contract/page-renderer.js';
import { PAGE_MODULES_META, SERVER_STATE_ELEMENT_ID } from '../../../src/contract/page-routes.js';
import {
  BASE_LANGUAGE,
  type Language,
  languageOfPath,
  languages,
  pathInLanguage,
} from '../../../src/contract/languages.js';
import { webAppManifestFile } from '../../../src/contract/web-app-manifest.js';

/** dist/.vite/manifest.json: each source module's output file, stylesheets and static imports. */
export type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The route file of a TanStack route id: `/` is index, `/shop/` shop.index, `/shop/$productId` shop.$productId. */
export function routeFileOf(routeId: string): string {
  const trimmed = routeId.replace(/^\//, '');
  const name = trimmed === '' ? 'index' : trimmed.endsWith('/') ? `${trimmed}index` : trimmed;
  return `src/routes/${name.replaceAll('/', '.')}.tsx`;
}

export interface RouteAssets {
  /** Site paths of the stylesheets: the page is styled at its first paint. */
  styles: string[];
  /** Site paths of the code: the entry fetches it beside the app's, after the first paint (src/main.tsx). */
  scripts: string[];
}

/** The code and stylesheets of the routes' code-split components and of everything they import. */
export function routeAssets(manifest: ViteManifest, routeIds: string[]): RouteAssets {
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    scripts.add(`/${entry.file}`);
    entry.css?.forEach((file) => styles.add(`/${file}`));
    entry.imports?.forEach(visit);
  };
  // A route's component is split alone (`?tsr-split=component`) or grouped with its loader (`component---loader`).
  const splits = Object.keys(manifest).filter((key) =>
    /\?tsr-split=(.+)$/.exec(key)?.[1]?.split('---').includes('component'),
  );
  for (const routeId of routeIds) {
    const file = `${routeFileOf(routeId)}?tsr-split=`;
    splits.filter((key) => key.startsWith(file)).forEach(visit);
  }
  return { styles: [...styles], scripts: [...scripts] };
}

const MODULE_SCRIPT = '<script type="module"';
const ROOT_OPEN = '<div id="root">';
/** Ends the start-up screen in #root; the root's own closing tag follows it. */
const ROOT_END = '<!--/app-->';

/** Inserts `tags` ahead of the module scripts, so that they are asked for before the code. */
export function beforeScripts(shell: string, tags: string[]): string {
  if (tags.length === 0) return shell;
  const at = shell.includes(MODULE_SCRIPT) ? MODULE_SCRIPT : '</head>';
  return shell.replace(at, `${tags.join('\n    ')}\n    ${at}`);
}

/** A high-priority preload of the page's largest image (an upload address, URL-encoded). */
export function imagePreload(image: LargestImage): string {
  const responsive = image.srcset ? ` imagesrcset="${image.srcset}" imagesizes="${image.sizes ?? '100vw'}"` : '';
  return `<link rel="preload" as="image" href="${image.href}"${responsive} fetchpriority="high">`;
}

/** The largest image of a page's first screen: its address, and its widths when it has several. */
export interface LargestImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

/**
 * The shell with the page and its route's assets in it. The page replaces all of #root (the start-up screen); the
 * shell's preload of getHomeData is dropped, since the data comes with the page.
 */
export function serverRenderedHtml(shell: string, page: RenderedPage, assets: RouteAssets, publicUrl: string): string {
  // Everything in #root goes, whitespace included: React hydrates the root's children and would meet a text node.
  const open = shell.indexOf(ROOT_OPEN);
  const close = open < 0 ? -1 : shell.indexOf('</div>', shell.indexOf(ROOT_END, open));
  if (open < 0 || close < 0 || !shell.includes(ROOT_END))
    throw new Error('The shell has no #root ending in <!--/app-->');
  const missing = (href: string) => !shell.includes(`href="${href}"`);
  // The page's own title takes the place of the shell's.
  const title = /<title>[^<]*<\/title>/.exec(page.head)?.[0];
  // A shared link's card (WhatsApp, Facebook) needs whole addresses: the app names its images by path.
  const hints = (title ? page.head.replace(title, '') : page.head).replace(
    /(<meta property="og:(?:image|url)" content=")\//g,
    `$1${publicUrl.replace(/\/$/, '')}/`,
  );
  const links = [
    ...(hints ? [hints] : []),
    ...assets.styles.filter(missing).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    `<meta name="${PAGE_MODULES_META}" content="${assets.scripts.join(' ')}">`,
  ];
  // So do the image and page addresses of the structured data search engines read (schema.org's are URLs).
  const body = page.html.replace(
    /(<script type="application\/ld\+json">)([^<]*)(<\/script>)/g,
    (_, start, json, end) => {
      const whole = (json as string).replace(/("(?:image|url)":")\//g, `$1${publicUrl.replace(/\/$/, '')}/`);
      return `${start}${whole}${end}`;
    },
  );
  let withPage = `${shell.slice(0, open + ROOT_OPEN.length)}${body}${shell.slice(close)}`
    .replace(/<title>[^<]*<\/title>/, (shellTitle) => title ?? shellTitle)
    .replace(/<link rel="preload" href="[^"]*\/getHomeData" as="fetch"[^>]*>\s*/, '')
    .replace(
      '</body>',
      `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.state}</script>\n  </body>`,
    );
  // The page's own description takes the place of the shell's.
  if (hints.includes('<meta name="description"'))
    withPage = withPage.replace(/<meta\s+name="description"[^>]*>\s*/, '');
  return beforeScripts(withPage, links);
}

/** The words of the shell itself (the start-up screen, the title before the app's) in each language but English. */
const shellWords: Record<Exclude<Language, 'en'>, [string, string][]> = {
  hi: [
    ['<p>Loading CineVerse…</p>', '<p>CineVerse खुल रहा है…</p>'],
    ['CineVerse needs JavaScript to run.', 'CineVerse चलाने के लिए JavaScript चालू करें।'],
    [
      "CineVerse: India's film-industry network for actors, writers, directors, DOPs, studios and learners, with official film merchandise.",
      'CineVerse: भारत के फ़िल्म जगत का नेटवर्क, अभिनेताओं, लेखकों, निर्देशकों, DOP, स्टूडियो और सीखने वालों के लिए, साथ में फ़िल्मों का असली मर्चेंडाइज़।',
    ],
  ],
};

/**
 * The shell in the language of `pathname`: `<html lang>` says it (screen readers, the browser's fonts and
 * hyphenation follow it), the start-up screen speaks it, and it links the manifest of the app in that language (an app
 * installed from it is named in it and opens in it). English pages keep the shell as built.
 */
export function shellInLanguage(shell: string, pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === 'en') return shell;
  let html = shell.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  for (const [english, translated] of shellWords[language]) html = html.replace(english, translated);
  return html.replace(
    `<link rel="manifest" href="/${webAppManifestFile(BASE_LANGUAGE)}"`,
    `<link rel="manifest" href="/${webAppManifestFile(language)}"`,
  );
}

/**
 * A public page's canonical address and its alternates in every language (`hreflang`, with x-default the English
 * one), so that search engines index each language's page as its own and show readers theirs. The query is left out:
 * filters and pages of a list are the same page.
 */
export function languageLinks(pathname: string, publicUrl: string): string[] {
  const origin = publicUrl.replace(/\/$/, '');
  // The path is the request's: escaped, it cannot end the attribute it is written in.
  const href = (language: Language) =>
    `${origin}${pathInLanguage(pathname, language)}`.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    `<link rel="canonical" href="${href(languageOfPath(pathname))}">`,
    ...languages.map((language) => `<link rel="alternate" hreflang="${language}" href="${href(language)}">`),
    `<link rel="alternate" hreflang="x-default" href="${href(BASE_LANGUAGE)}">`,
  ];
}

/** Each language's Open Graph locale. */
const openGraphLocales: Record<Language, string> = { en: 'en_IN', hi: 'hi_IN' };

/**
 * The language of a public page for a shared link's card (WhatsApp, Facebook): `og:locale` the page's, and the
 * other languages' pages as `og:locale:alternate`.
 */
export function openGraphLocale(pathname: string): string[] {
  const language = languageOfPath(pathname);
  return [
    `<meta property="og:locale" content="${openGraphLocales[language]}">`,
    ...languages
      .filter((other) => other !== language)
      .map((other) => `<meta property="og:locale:alternate" content="${openGraphLocales[other]}">`),
  ];
}
