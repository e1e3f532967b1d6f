import { Burger, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useSiteSettings } from '@/lib/site-settings-context';
import { imageUrl } from '@/lib/image-url';
import { lazyPart } from '@/lib/lazy-part';
import { header_home_label } from '@/paraglide/messages/header_home_label.js';
import { header_menu_close } from '@/paraglide/messages/header_menu_close.js';
import { header_menu_open } from '@/paraglide/messages/header_menu_open.js';
import { header_nav_main } from '@/paraglide/messages/header_nav_main.js';
import { HeaderShopActions } from './header-shop-actions';
import { LanguageSwitch } from './language-switch';
import { navLinks } from './nav-links';
import { SyncStatus } from './sync-status';
import classes from './site-layout.module.css';
import { TaglineStrip } from './tagline-strip';

const MobileMenu = lazyPart(() => import('./mobile-menu').then((module) => module.MobileMenu));

/** Sticky header: tagline strip, logo home, nav links with the active one highlighted, a drawer menu on phones. */
export function SiteHeader() {
  const settings = useSiteSettings();
  const [menuOpen, menu] = useDisclosure(false);
  // The drawer (Mantine's modal machinery) loads on the first press of the menu button, then stays for its animations.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const siteName = settings?.site_name || 'CineVerse';
  const logo = settings?.site_logo ? imageUrl(settings.site_logo, 'settings') : '/icons/icon-192.png';

  return (
    <header className={classes.header}>
      <TaglineStrip />
      <div className={classes.bar}>
        <Link to="/" className={classes.logo} aria-label={header_home_label({ siteName })}>
          <img src={logo} alt="" width={40} height={40} />
          <span>{siteName}</span>
        </Link>
        <nav aria-label={header_nav_main()} className={classes.nav}>
          <Stack visibleFrom="sm" gap={0} style={{ flexDirection: 'row' }}>
            {navLinks.map((link) => (
              <Link key={link.to} to={link.to} className={classes.navLink} activeOptions={{ exact: link.to === '/' }}>
                {link.label()}
              </Link>
            ))}
          </Stack>
          <LanguageSwitch className={classes.languageSwitch} />
          <HeaderShopActions />
          <Burger
            hiddenFrom="sm"
            opened={menuOpen}
            onClick={() => {
              setMenuLoaded(true);
              menu.toggle();
            }}
            color="#f5efe6"
            size="md"
            aria-label={menuOpen ? header_menu_close() : header_menu_open()}
            aria-expanded={menuOpen}
            style={{ minWidth: 44, minHeight: 44 }}
          />
        </nav>
      </div>
      <SyncStatus />
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpen} onClose={menu.close} />
        </Suspense>
      )}
    </header>
  );
}
