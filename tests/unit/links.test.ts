import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { telHref, whatsappHref } from '@/lib/phone';
import { safeHref } from '@/lib/safe-url';
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
});

describe('phone links', () => {
  it('dials and chats the Indian number given in any spacing', () => {
    expect(telHref('+91 98201 45678')).toBe('tel:+919820145678');
    expect(whatsappHref('98201 45679')).toBe('https://wa.me/919820145679');
    expect(whatsappHref('+91 98201 45679')).toBe('https://wa.me/919820145679');
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
