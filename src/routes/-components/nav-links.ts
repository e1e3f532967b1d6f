/** The site's main pages, in the header's order (the phone menu lists the same). */
export const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/auditions', label: 'Auditions' },
  { to: '/shop', label: 'Shop' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
] as const;
