import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { notificationsScrollClass } from './build/notifications-scroll-class.js';
import { startChunk, startModule } from './build/start-chunk.js';
import { APP_MODULES_META, COLOR_SCHEME_SCRIPT } from './src/contract/page-routes.js';
import { webAppManifestFile } from './src/contract/web-app-manifest.js';

/** Where `npm run dev` sends API and upload calls: the server started by `npm start`. */
const devBackend = process.env.DEV_BACKEND ?? 'http://localhost:8080';

/**
 * One id per release, made from what the browser's code is built from: the persisted query cache of an older
 * release is dropped on the first start of a new one, and two builds of the same sources are the same files (a time
 * here changed every chunk's name at each build, and the first load's compressed size by up to ~140 bytes).
 */
function sourcesId(): string {
  const hash = createHash('sha256');
  for (const root of [
    'src',
    'sw',
    'public',
    'build',
    'messages',
    'index.html',
    'vite.config.ts',
    'package-lock.json',
  ]) {
    const files = fs.statSync(root).isDirectory()
      ? fs
          .readdirSync(root, { recursive: true, encoding: 'utf8' })
          .map((file) => path.join(root, file))
          .filter((file) => fs.statSync(file).isFile())
      : [root];
    for (const file of files.sort()) hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('base64url').slice(0, 16);
}
process.env.VITE_BUILD_ID ??= sourcesId();

/**
 * Every page waits for getHomeData (the site settings) before it shows anything, so the page asks for it while the
 * app's code is still downloading; the app's own fetch of the same address then takes the preloaded answer.
 */
function preloadHomeData(): Plugin {
  let apiBase = '/backend/api';
  return {
    name: 'cineverse-preload-home-data',
    configResolved(config) {
      // The same address and default as src/lib/api-client.ts.
      apiBase = (String(config.env.VITE_API_BASE ?? '') || apiBase).replace(/\/+$/, '');
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', href: `${apiBase}/getHomeData`, as: 'fetch', crossorigin: 'anonymous' },
        injectTo: 'head',
      },
    ],
  };
}

/** Mantine's colour scheme set before the first paint (COLOR_SCHEME_SCRIPT). */
function colorSchemeScript(): Plugin {
  return {
    name: 'cineverse-color-scheme-script',
    transformIndexHtml: () => [{ tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/** The fonts of the first screen: the body text's Inter (every weight in one file) and the headings' Bebas Neue. */
const firstScreenFonts = [/inter-latin-wght-normal-.*\.woff2$/, /bebas-neue-latin-400-normal-.*\.woff2$/];

/**
 * Preloads the first screen's fonts. Found by the page's own styles only after the app has rendered, they arrived
 * late and, swapped in, moved the text and the footer below it (layout shift).
 */
function preloadFonts(): Plugin {
  return {
    name: 'cineverse-preload-fonts',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) => firstScreenFonts.some((pattern) => pattern.test(file)))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: 'anonymous' },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * Puts the stylesheet and the home-data preload ahead of the scripts in the head. Vite writes them after the entry
 * script and its ~30 module preloads; over HTTP/1.1's six connections per host the render-blocking stylesheet then
 * queued behind the code, and the start-up screen could not paint until the code had downloaded.
 */
function stylesBeforeScripts(): Plugin {
  return {
    name: 'cineverse-styles-before-scripts',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const firstScript = html.indexOf('<script type="module"');
        if (firstScript < 0) return html;
        const early = /<link rel="(?:stylesheet|preload)"[^>]*>/g;
        const tags = [...html.slice(firstScript).matchAll(early)]
          .map((match) => match[0])
          .filter((tag) => tag.includes('rel="stylesheet"') || tag.includes('as="fetch"'));
        if (tags.length === 0) return html;
        let rest = html.slice(firstScript);
        for (const tag of tags) rest = rest.replace(tag, '');
        return `${html.slice(0, firstScript)}${tags.join('\n    ')}\n    ${rest}`;
      },
    },
  };
}

/** Libraries every page starts with, whatever the route: React, and the others. */
const reactModules = /node_modules\/(react|react-dom|scheduler)\//;
const frameworkModules = /node_modules\/(react|react-dom|scheduler|@tanstack|zustand|dexie|zod)\//;
/** The wire contract's modules, their zod schemas built as they are evaluated, and the zod setup they import. */
const contractModules = /\/src\/(contract\/|lib\/zod-jitless\.ts$)/;

/**
 * The back office's own modules and the packages only it uses: chunks named `admin…`, which the service worker does
 * not precache, so that a visitor's device never downloads them.
 */
const backOfficeModules =
  /\/src\/(features\/admin-|components\/admin\/|lib\/admin-api\.ts$|contract\/admin\.ts$)|node_modules\/(@mantine\/dropzone|react-dropzone|file-selector|attr-accept)\//;

/** The app's start in one chunk of its own (build/start-chunk.ts). */
const startGroup = startChunk(frameworkModules);
/** The chunks the entry has run before the app's code can import anything (src/main.tsx). */
const loadedAtStart =
  /(^|\/)(index|start(-react|-libraries|-contract)?|react|framework|contract|rolldown-runtime)-[\w-]+\.js$/;

/**
 * The entry imports the app only after the first paint (src/main.tsx), so Vite would neither link the app's
 * stylesheet nor preload its code. This links the stylesheet, so that the first paint is styled, and names the
 * app's modules in a meta element, which the entry preloads all at once after that paint. Preloaded by the HTML, the
 * code would compete with the stylesheet, fonts and first image of a slow connection for the first paint.
 */
function appAssets(): Plugin {
  return {
    name: 'cineverse-app-assets',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const bundle = context.bundle ?? {};
        const start = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.moduleIds.some((id) => startModule.test(id)),
        );
        if (!start || start.type !== 'chunk') return html;
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || scripts.has(fileName)) return;
          scripts.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        return [
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          {
            tag: 'meta',
            attrs: { name: APP_MODULES_META, content: [...scripts].map((file) => `/${file}`).join(' ') },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/** The installed app's words in a language, from its messages (`manifest_*`). */
function manifestWords(language: 'en' | 'hi') {
  const messages = JSON.parse(fs.readFileSync(`messages/${language}.json`, 'utf8')) as Record<string, string>;
  return {
    name: messages.manifest_name,
    short_name: messages.manifest_short_name,
    description: messages.manifest_description,
  };
}

/**
 * The Hindi app's manifest beside the English one: the same app's icons and colours, with Hindi words, `lang` hi,
 * opening at `/hi/`. Its own `id`: an app installed from a Hindi page is the Hindi app, and visiting English pages
 * never renames it (nor the English app from Hindi pages). Emitted into the bundle, so that the service worker's
 * precache (its glob takes `*.webmanifest`) holds it too.
 */
function hindiWebManifest(): Plugin {
  const english = webAppManifestFile('en');
  return {
    name: 'cineverse-hindi-web-manifest',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const asset = bundle[english];
        if (!asset || asset.type !== 'asset') return;
        const manifest = JSON.parse(String(asset.source)) as Record<string, unknown>;
        this.emitFile({
          type: 'asset',
          fileName: webAppManifestFile('hi'),
          source: JSON.stringify({ ...manifest, ...manifestWords('hi'), id: '/hi/', lang: 'hi', start_url: '/hi/' }),
        });
      },
    },
  };
}

/** The browser's plugins; the server's renderer (an SSR build) needs only the router's and React's. */
const browserPlugins = (): PluginOption[] => [
  notificationsScrollClass(),
  startGroup.plugin,
  colorSchemeScript(),
  preloadHomeData(),
  preloadFonts(),
  appAssets(),
  stylesBeforeScripts(),
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    // The page registers the worker itself (src/app/service-worker-registration.ts).
    injectRegister: false,
    manifestFilename: webAppManifestFile('en'),
    includeAssets: ['icons/*.png', 'robots.txt'],
    manifest: {
      id: '/',
      ...manifestWords('en'),
      lang: 'en-IN',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#14110f',
      theme_color: '#14110f',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // Every route chunk, the styles, fonts and icons: the app must open offline on pages never visited.
      globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
      // Not the back office's code (backOfficeModules): staff load it online; visitors never need it. Nor the
      // Devanagari font: the worker keeps it once a Hindi page has used it (sw/sw.ts).
      globIgnores: ['**/*.br', '**/*.gz', 'assets/admin*', 'assets/noto-sans-devanagari-*'],
    },
    devOptions: { enabled: false },
  }),
  hindiWebManifest(),
];

export default defineConfig(({ isSsrBuild, mode }) => ({
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      { find: /^zod\/mini$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') },
    ],
  },
  plugins: [
    // The messages compiled into src/paraglide (options in project.inlang/paraglide.config.js), again on a change.
    paraglideVitePlugin({ project: './project.inlang', outdir: './src/paraglide' }),
    // The router plugin must run before React's so that it sees the route files untransformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    ...(isSsrBuild ? [] : browserPlugins()),
  ],
  server: {
    proxy: { '/backend': devBackend },
  },
  // The server's renderer carries its packages: it runs from DIST_DIR, which need not sit beside node_modules.
  ssr: { noExternal: true },
  // Bundled, React would pick its build from the server's NODE_ENV at run time; a production build is production's.
  define: isSsrBuild && mode === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the server finds a rendered page's route stylesheets in it.
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // The app's own named chunks keep their names (start, framework, react, contract, admin…); every other
        // chunk is named by its hash alone, of 7 characters (the fewest rolldown allows for this many chunks): the
        // start's list of chunks to preload, which every visitor downloads, carries ~100 of these names.
        ...(isSsrBuild
          ? {}
          : {
              chunkFileNames: (chunk: { name: string }) =>
                /^(start|framework|react|contract|admin|rolldown-runtime)/.test(chunk.name)
                  ? 'assets/[name]-[hash].js'
                  : 'assets/[hash:7].js',
            }),
        // The server's renderer is one file: it is imported again after a rebuild under a new address, and a chunk
        // of it importing `../render-page.js` would load a second copy of it (another React context) beside the new.
        // The browser's framework, which every page starts with, is one chunk: ~40 small ones compressed worse.
        // The app's start is one more (build/start-chunk.ts).
        codeSplitting: isSsrBuild
          ? false
          : {
              groups: [
                { name: 'react', test: reactModules, priority: 4 },
                { name: 'framework', test: frameworkModules, priority: 3 },
                {
                  name: 'contract',
                  test: (id: string) => contractModules.test(id) && startGroup.test(id),
                  priority: 2,
                  includeDependenciesRecursively: false,
                },
                { name: 'start', test: startGroup.test, priority: 1, includeDependenciesRecursively: false },
                {
                  name: 'admin',
                  test: (id: string) => backOfficeModules.test(id) && !startGroup.test(id),
                  priority: 5,
                  includeDependenciesRecursively: false,
                },
              ],
            },
      },
    },
    // The app's own modules are preloaded by the entry from the HTML's list (src/main.tsx); no second list in it.
    modulePreload: {
      polyfill: false,
      // Nor for the back office's routes: their lists of chunks would weigh on every visitor's start, and staff's
      // browsers load the same chunks as the route's code imports them. Any other list leaves out the chunks every
      // page has run before its code can import anything (the entry, the start, React, the framework, the contract).
      resolveDependencies: (url, deps) =>
        /\/start(-react|-libraries|-contract)?-[\w-]+\.js$/.test(url) || /(^|\/)admin[.-][\w.-]*\.js$/.test(url)
          ? []
          : deps.filter((dep) => !loadedAtStart.test(dep)),
    },
    copyPublicDir: !isSsrBuild,
  },
}));
