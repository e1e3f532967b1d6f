import { nav_about } from '@/paraglide/messages/nav_about.js';
import { nav_auditions } from '@/paraglide/messages/nav_auditions.js';
import { nav_contact } from '@/paraglide/messages/nav_contact.js';
import { nav_home } from '@/paraglide/messages/nav_home.js';
import { nav_shop } from '@/paraglide/messages/nav_shop.js';

/** The site's main pages, in the header's order (the phone menu lists the same), named in the page's language. */
export const navLinks = [
  { to: '/', label: nav_home },
  { to: '/auditions', label: nav_auditions },
  { to: '/shop', label: nav_shop },
  { to: '/about', label: nav_about },
  { to: '/contact', label: nav_contact },
] as const;
