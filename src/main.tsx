/**
 * The entry. The page's own HTML (a server-rendered page, or the start-up screen) paints first; the app's code,
 * which the HTML already preloads, runs after that first paint. In a hidden tab, where no frame is painted, it
 * starts at once.
 */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');

const startApp = () => void import('./app/start').then(({ start }) => start(rootElement));
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));
