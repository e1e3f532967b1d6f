import { describe, expect, it } from 'vitest';
import { breadcrumbsFromPath } from '@/lib/breadcrumbs';

describe('breadcrumbsFromPath', () => {
  it('builds Home and the page from a one-segment path', () => {
    expect(breadcrumbsFromPath('/privacy-policy')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Privacy Policy', to: null },
    ]);
    expect(breadcrumbsFromPath('/terms-and-conditions/')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Terms and Conditions', to: null },
    ]);
  });

  it('links every crumb but the last to the path up to it, decoding escapes', () => {
    expect(breadcrumbsFromPath('/category/Production%20House')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Category', to: '/category' },
      { label: 'Production House', to: null },
    ]);
  });

  it('is only Home, not linked, at the root', () => {
    expect(breadcrumbsFromPath('/')).toEqual([{ label: 'Home', to: null }]);
  });

  it("names the page itself by its title when given, so the crumb says what the page's heading and links say", () => {
    expect(breadcrumbsFromPath('/refund-cancellation', 'Return Policy')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Return Policy', to: null },
    ]);
    expect(breadcrumbsFromPath('/category/Actor', 'Actors')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Category', to: '/category' },
      { label: 'Actors', to: null },
    ]);
  });
});
