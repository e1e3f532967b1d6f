import { Drawer, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { navLinks } from './nav-links';
import classes from './site-layout.module.css';

/** The phone menu: the main links in a drawer from the right. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      position="right"
      size="80%"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <nav aria-label="Mobile">
        <Stack gap={4}>
          {navLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={classes.drawerLink}
              activeOptions={{ exact: link.to === '/' }}
              onClick={onClose}
            >
              {link.label}
            </Link>
          ))}
        </Stack>
      </nav>
    </Drawer>
  );
}
