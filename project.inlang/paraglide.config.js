/**
 * How the messages compile, read alike by `npm ci` (the postinstall script) and by the Vite plugin of the builds.
 * The app sets the language itself (from the page's address, per render on the server), so the runtime needs only
 * its global variable; no cookie or URL strategy code, and no URLPattern polyfill, goes to the browser.
 */
export default {
  outdir: './src/paraglide',
  strategy: ['globalVariable', 'baseLocale'],
  // Typed messages for tsc, which does not read JavaScript.
  emitTsDeclarations: true,
  emitReadme: false,
};
