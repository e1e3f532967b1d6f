import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl, srcSetOfUrl } from '@/lib/image-url';
import { telHref, whatsappHref } from '@/lib/phone';
import { safeRedirect } from '@/lib/safe-redirect';
import { safeHref } from '@/lib/safe-url';
import { isSitePath } from '@/contract/site-path';
import { isPagePath } from '@/contract/page-routes';

describe('safeHref', () => {
  it('keeps http, https and site-relative links', () => {
    expect(safeHref('https://www.instagram.com/x')).toBe('https://www.instagram.com/x');
    expect(safeHref('http://example.in/')).toBe('http://example.in/');
    expect(safeHref('/category/Artist')).toBe('/category/Artist');
  });

  it('refuses scripts, data, protocol-relative and empty links', () => {
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '//evil.example', '', null]) {
      expect(safeHref(bad), String(bad)).toBeNull();
    }
  });
});

/** Strings that start with `/` and yet take a browser to another site. */
const otherSites = [
  '/\\evil.example',
  '/\\/evil.example',
  '//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '\\\\evil.example',
];

describe('a path on this site', () => {
  it('is a path a browser keeps on this site', () => {
    for (const path of ['/', '/category/Studio', '/shop/12?from=banner#top', '/casting?city=Pune']) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it('is never a backslash, a second slash or a hidden tab after the first slash', () => {
    for (const path of otherSites) expect(isSitePath(path), JSON.stringify(path)).toBe(false);
    // What a browser makes of them: another host, every one.
    for (const path of otherSites) {
      expect(new URL(path, 'https://cineverse.in').host, JSON.stringify(path)).not.toBe('cineverse.in');
    }
  });

  it('is what banner links and redirects after login accept', () => {
    for (const path of otherSites) {
      expect(safeHref(path), JSON.stringify(path)).toBeNull();
      expect(safeRedirect(path), JSON.stringify(path)).toBe('/');
    }
    expect(safeHref('/category/Studio')).toBe('/category/Studio');
    expect(safeRedirect('/orders/3')).toBe('/orders/3');
  });
});

describe('imageUrl', () => {
  it('builds {backend}/uploads/{folder}/{file}', () => {
    expect(imageUrl('logo.png', 'settings')).toBe('/backend/uploads/settings/logo.png');
    expect(imageUrl('a b.jpg', 'banner')).toBe('/backend/uploads/banner/a%20b.jpg');
    expect(imageUrl('', 'section')).toBe('');
  });

  it('gives an uploaded image its three widths as a srcset, and a seeded image none', () => {
    const name = '0123456789abcdef0123456789abcdef.webp';
    expect(imageSrcSet(name, 'product')).toBe(
      '/backend/uploads/product/0123456789abcdef0123456789abcdef-400w.webp 400w, ' +
        '/backend/uploads/product/0123456789abcdef0123456789abcdef-800w.webp 800w, ' +
        `/backend/uploads/product/${name} 1600w`,
    );
    expect(imageSrcSet('banner-1.svg', 'banner')).toBeUndefined();
    expect(imageSrcSet('', 'banner')).toBeUndefined();
  });

  it('finds the widths of an uploaded image from its address alone, and none for any other address', () => {
    const url = '/backend/uploads/profile/0123456789abcdef0123456789abcdef.webp';
    expect(srcSetOfUrl(url)).toBe(
      '/backend/uploads/profile/0123456789abcdef0123456789abcdef-400w.webp 400w, ' +
        '/backend/uploads/profile/0123456789abcdef0123456789abcdef-800w.webp 800w, ' +
        `${url} 1600w`,
    );
    expect(srcSetOfUrl('/backend/uploads/profile/arjun-mehta.svg')).toBeUndefined();
    expect(srcSetOfUrl('/backend/uploads/directory/%E0%A4%')).toBeUndefined();
    expect(srcSetOfUrl('')).toBeUndefined();
  });
});

describe('phone links', () => {
  it('dials and chats the Indian number given in any spacing', () => {
    expect(telHref('+91 98201 45678')).toBe('tel:+919820145678');
    expect(whatsappHref('98201 45679')).toBe('https://wa.me/919820145679');
    expect(whatsappHref('+91 98201 45679')).toBe('https://wa.me/919820145679');
    // A shopper's phone as accounts keep it: 10 digits, no country code.
    expect(telHref('9876543210')).toBe('tel:+919876543210');
    expect(telHref('098765 43210')).toBe('tel:+919876543210');
    expect(whatsappHref('9876543210')).toBe('https://wa.me/919876543210');
  });
});

describe('isPagePath', () => {
  it('knows the spec routes and nothing else', () => {
    for (const path of ['/', '/about', '/contact', '/shipping-policy', '/category/Production%20House']) {
      expect(isPagePath(path), path).toBe(true);
    }
    for (const path of ['/shop', '/shop/12', '/cart', '/checkout', '/orders', '/orders/3', '/login', '/profile']) {
      expect(isPagePath(path), path).toBe(true);
    }
    for (const path of ['/admin', '/admin/orders/12', '/admin/content/banners'])
      expect(isPagePath(path), path).toBe(true);
    for (const path of ['/nope', '/category', '/category/a/b', '/about/team', '/shop/abc', '/orders/1/x']) {
      expect(isPagePath(path), path).toBe(false);
    }
  });
});
