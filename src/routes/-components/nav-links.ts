import { m } from '@/paraglide/messages';

/** The site's main pages, in the header's order (the phone menu lists the same), named in the page's language. */
export const navLinks = [
  { to: '/', label: m.nav_home },
  { to: '/auditions', label: m.nav_auditions },
  { to: '/shop', label: m.nav_shop },
  { to: '/about', label: m.nav_about },
  { to: '/contact', label: m.nav_contact },
] as const;
