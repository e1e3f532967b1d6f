import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev` sends API and upload calls: the server started by `npm start`. */
const devBackend = process.env.DEV_BACKEND ?? 'http://localhost:8080';

/** One id per build: the persisted query cache of an older release is dropped on the first start of a new one. */
process.env.VITE_BUILD_ID ??= new Date().toISOString();

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

/** The fonts of the first screen: body text, its semibold, and the headings' Bebas Neue. */
const firstScreenFonts = [
  /inter-latin-400-normal-.*\.woff2$/,
  /inter-latin-600-normal-.*\.woff2$/,
  /bebas-neue-latin-400-normal-.*\.woff2$/,
];

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

export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      { find: /^zod\/mini$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') },
    ],
  },
  plugins: [
    // The router plugin must run before React's so that it sees the route files untransformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    preloadHomeData(),
    preloadFonts(),
    stylesBeforeScripts(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The page registers the worker itself through workbox-window (src/app/service-worker.ts).
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icons/*.png', 'robots.txt'],
      manifest: {
        id: '/',
        name: 'CineVerse: India’s film-industry network',
        short_name: 'CineVerse',
        description:
          'Actors, writers, directors, DOPs, studios and learners of Indian cinema, with official film merchandise.',
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
        globIgnores: ['**/*.br', '**/*.gz'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: { '/backend': devBackend },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
