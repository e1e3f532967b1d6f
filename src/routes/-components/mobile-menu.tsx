import { Drawer, Stack, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useInstallPrompt } from '@/hooks/use-install-prompt';
import { requestPersistentStorage } from '@/offline/storage';
import { header_menu_close } from '@/paraglide/messages/header_menu_close.js';
import { menu_install } from '@/paraglide/messages/menu_install.js';
import { menu_nav_label } from '@/paraglide/messages/menu_nav_label.js';
import { menu_title } from '@/paraglide/messages/menu_title.js';
import { navLinks } from './nav-links';
import classes from './site-layout.module.css';

/** The phone menu: the main links in a drawer from the right, and the app's install where the browser offers it. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { canInstall, install } = useInstallPrompt();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={menu_title()}
      position="right"
      size="80%"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': header_menu_close() }}
    >
      <nav aria-label={menu_nav_label()}>
        <Stack gap={4}>
          {navLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={classes.drawerLink}
              activeOptions={{ exact: link.to === '/' }}
              onClick={onClose}
            >
              {link.label()}
            </Link>
          ))}
        </Stack>
      </nav>
      {canInstall ? (
        <UnstyledButton
          className={classes.drawerLink}
          mt="md"
          onClick={async () => {
            onClose();
            // An installed app is something to keep: ask for storage that survives pressure.
            if (await install()) void requestPersistentStorage();
          }}
        >
          {menu_install()}
        </UnstyledButton>
      ) : null}
    </Drawer>
  );
}
