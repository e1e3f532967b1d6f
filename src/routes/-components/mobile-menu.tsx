import { Drawer, Stack, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useInstallPrompt } from '@/hooks/use-install-prompt';
import { requestPersistentStorage } from '@/offline/storage';
import { m } from '@/paraglide/messages';
import { navLinks } from './nav-links';
import classes from './site-layout.module.css';

/** The phone menu: the main links in a drawer from the right, and the app's install where the browser offers it. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { canInstall, install } = useInstallPrompt();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={m.menu_title()}
      position="right"
      size="80%"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': m.header_menu_close() }}
    >
      <nav aria-label={m.menu_nav_label()}>
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
          {m.menu_install()}
        </UnstyledButton>
      ) : null}
    </Drawer>
  );
}
