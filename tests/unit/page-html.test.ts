import { describe, expect, it } from 'vitest';
import {
  openGraphLocale,
  routeAssets,
  routeFileOf,
  serverRenderedHtml,
  shellInLanguage,
  type ViteManifest,
} from '../../server/src/lib/page-html';

const shell = [
  '<!doctype html><html><head>',
  '<meta name="description" content="The shell">',
  '<title>CineVerse</title>',
  '<link rel="stylesheet" crossorigin href="/assets/start-A.css">',
  '<link rel="preload" href="/backend/api/getHomeData" as="fetch" crossorigin="anonymous">',
  '<script type="module" crossorigin src="/assets/index-A.js"></script>',
  '</head><body>',
  // As the formatter lays it out: hydration fails on any text left in #root, whitespace too.
  '<div id="root">\n  <!--app-->\n  <div class="cv-start">Loading CineVerse…</div>\n  <!--/app-->\n</div>',
  '</body></html>',
].join('\n');

const manifest: ViteManifest = {
  'src/app/start.tsx': { file: 'assets/start-A.js', css: ['assets/start-A.css'] },
  'src/routes/shop.index.tsx?tsr-split=component': {
    file: 'assets/shop.index-B.js',
    imports: ['src/app/start.tsx', '_catalog-C.js'],
  },
  '_catalog-C.js': { file: 'assets/catalog-C.js', css: ['assets/catalog-C.css'] },
  'src/routes/about.tsx?tsr-split=component': { file: 'assets/about-D.js', css: ['assets/about-D.css'] },
  // A route whose loader travels with its component.
  'src/routes/profiles.$handle.tsx?tsr-split=component---loader': {
    file: 'assets/profiles-E.js',
    css: ['assets/profiles-E.css'],
  },
  'src/routes/profiles.$handle.tsx?tsr-split=errorComponent': { file: 'assets/profiles-error-F.js' },
};

const SITE = 'https://cineverse.example';

describe('putting a server-rendered page into the shell', () => {
  it('names the route file of each route id', () => {
    expect(routeFileOf('/')).toBe('src/routes/index.tsx');
    expect(routeFileOf('/shop/')).toBe('src/routes/shop.index.tsx');
    expect(routeFileOf('/shop/$productId')).toBe('src/routes/shop.$productId.tsx');
    expect(routeFileOf('/category/$categoryName')).toBe('src/routes/category.$categoryName.tsx');
  });

  it("finds a route's stylesheets and code through the chunks it imports, and nothing of other routes", () => {
    const assets = routeAssets(manifest, ['__root__', '/shop/']);
    expect(assets.styles.sort()).toEqual(['/assets/catalog-C.css', '/assets/start-A.css']);
    expect(assets.scripts.sort()).toEqual(['/assets/catalog-C.js', '/assets/shop.index-B.js', '/assets/start-A.js']);
  });

  it('finds the stylesheets of a component split together with its loader, and not its error component', () => {
    const assets = routeAssets(manifest, ['__root__', '/profiles/$handle']);
    expect(assets.styles).toEqual(['/assets/profiles-E.css']);
    expect(assets.scripts).toEqual(['/assets/profiles-E.js']);
  });

  it('replaces the start-up screen with the page, links its styles, names its modules and embeds its data', () => {
    const html = serverRenderedHtml(
      shell,
      {
        html: '<header>CineVerse</header><main><h1>Store</h1></main>',
        head: '<link rel="preload" as="image" href="/icons/icon-192.png"/>',
        state: '{"queries":[{"note":"\\u003c/script>"}]}',
        routeIds: ['__root__', '/shop/'],
      },
      routeAssets(manifest, ['__root__', '/shop/']),
      SITE,
    );
    expect(html).toContain('<div id="root"><header>CineVerse</header><main><h1>Store</h1></main></div>');
    expect(html).not.toContain('Loading CineVerse');
    // The data comes with the page: the shell's own request for it would download it twice.
    expect(html).not.toContain('getHomeData');
    expect(html).toContain('<script type="application/json" id="cv-state">{"queries":[{"note":"\\u003c/script>"}]}');
    const script = html.indexOf('<script type="module"');
    for (const tag of [
      '<link rel="stylesheet" crossorigin href="/assets/catalog-C.css">',
      '<meta name="cv-page-modules" content="/assets/shop.index-B.js /assets/start-A.js /assets/catalog-C.js">',
      '<link rel="preload" as="image" href="/icons/icon-192.png"/>',
    ]) {
      expect(html.indexOf(tag), tag).toBeGreaterThan(-1);
      expect(html.indexOf(tag), tag).toBeLessThan(script);
    }
    // Already in the shell: not linked twice.
    expect(html.split('start-A.css')).toHaveLength(2);
  });

  it('refuses a shell without the markers rather than writing the page somewhere else', () => {
    expect(() =>
      serverRenderedHtml(
        '<div id="root"></div>',
        { html: '<p/>', head: '', state: '{}', routeIds: [] },
        {
          styles: [],
          scripts: [],
        },
        SITE,
      ),
    ).toThrow(/#root/);
  });

  it("puts the page's own title in place of the shell's, and keeps the shell's when the page has none", () => {
    const page = {
      html: '<main><h1>Tee &amp; Co $1</h1></main>',
      head: '<title>Tee &amp; Co $1 | CineVerse</title><link rel="preload" as="image" href="/a.png"/>',
      state: '{}',
      routeIds: ['__root__', '/shop/'],
    };
    const html = serverRenderedHtml(shell, page, routeAssets(manifest, ['__root__', '/shop/']), SITE);
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Tee &amp; Co $1 | CineVerse</title>']);
    expect(html).toContain('<link rel="preload" as="image" href="/a.png"/>');
    const untitled = serverRenderedHtml(
      shell,
      { ...page, head: '' },
      routeAssets(manifest, ['__root__', '/shop/']),
      SITE,
    );
    expect(untitled.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>CineVerse</title>']);
  });

  it("gives a shared page's card (Open Graph) whole addresses, and its own description in place of the shell's", () => {
    const html = serverRenderedHtml(
      shell,
      {
        html: '<main><h1>Aarav</h1></main>',
        head: '<title>Aarav | CineVerse</title><meta name="description" content="Actor, Mumbai"/><meta property="og:image" content="/backend/uploads/profile/a.webp"/><meta property="og:title" content="/not-an-address"/>',
        state: '{}',
        routeIds: ['__root__'],
      },
      routeAssets(manifest, ['__root__']),
      'https://cineverse.in/',
    );
    expect(html).toContain('<meta property="og:image" content="https://cineverse.in/backend/uploads/profile/a.webp"/>');
    expect(html).toContain('<meta property="og:title" content="/not-an-address"/>');
    expect(html.match(/<meta\s+name="description"[^>]*>/g)).toEqual([
      '<meta name="description" content="Actor, Mumbai"/>',
    ]);
  });

  it('gives the structured data whole addresses for its images and pages, and leaves the page data alone', () => {
    const structured =
      '{"@type":"Product","name":"/not-an-address","image":"/backend/uploads/product/a.svg","offers":{"url":"/shop/7"}}';
    const html = serverRenderedHtml(
      shell,
      {
        html: `<main><h1>Tee</h1><script type="application/ld+json">${structured}</script></main>`,
        head: '',
        state: '{"queries":[{"url":"/shop/7"}]}',
        routeIds: ['__root__'],
      },
      routeAssets(manifest, ['__root__']),
      'https://cineverse.in/',
    );
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '{}')).toEqual({
      '@type': 'Product',
      name: '/not-an-address',
      image: 'https://cineverse.in/backend/uploads/product/a.svg',
      offers: { url: 'https://cineverse.in/shop/7' },
    });
    expect(html).toContain('{"queries":[{"url":"/shop/7"}]}');
  });

  it('links the Hindi app from a Hindi shell and leaves the English shell as built', () => {
    const built =
      '<html lang="en-IN"><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>';
    expect(shellInLanguage(built, '/about')).toBe(built);
    const hindi = shellInLanguage(built, '/hi/about');
    expect(hindi).toContain('<html lang="hi">');
    expect(hindi).toContain('<link rel="manifest" href="/manifest-hi.webmanifest">');
    expect(hindi).not.toContain('/manifest.webmanifest');
  });

  it("tells a shared card the page's language and the other one's", () => {
    expect(openGraphLocale('/hi/privacy-policy')).toEqual([
      '<meta property="og:locale" content="hi_IN">',
      '<meta property="og:locale:alternate" content="en_IN">',
    ]);
    expect(openGraphLocale('/privacy-policy')).toEqual([
      '<meta property="og:locale" content="en_IN">',
      '<meta property="og:locale:alternate" content="hi_IN">',
    ]);
  });
});
