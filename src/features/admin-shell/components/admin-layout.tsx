import { Alert, Anchor, Box, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import '@/components/admin/admin-styles';
import classes from '@/components/admin/admin.module.css';
import { DocumentTitle } from '@/components/document-title';
import { isStaff } from '@/contract/roles';
import { admin_offline_text } from '@/paraglide/messages/admin_offline_text.js';
import { admin_offline_title } from '@/paraglide/messages/admin_offline_title.js';
import { admin_refused_home } from '@/paraglide/messages/admin_refused_home.js';
import { admin_refused_text } from '@/paraglide/messages/admin_refused_text.js';
import { admin_refused_title } from '@/paraglide/messages/admin_refused_title.js';
import { admin_title } from '@/paraglide/messages/admin_title.js';
import { adminAreas, canOpen, useStaffRole } from '../hooks/admin-areas';

/**
 * The back office's frame: the areas the account's role may open, a plain word when the device is offline (staff
 * data is never saved on it), and the page itself. Search engines are told not to index any of it.
 */
export function AdminLayout() {
  const role = useStaffRole();
  const { online } = useNetwork();
  const nav = useRef<HTMLElement>(null);
  const path = useRouterState({ select: (state) => state.location.pathname });
  // On a phone the row of areas scrolls sideways: the open one is brought into it.
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('[data-status="active"]');
    if (!row || !active) return;
    const offset = active.getBoundingClientRect().left - row.getBoundingClientRect().left;
    if (offset < 0 || offset + active.offsetWidth > row.clientWidth) row.scrollLeft += offset - 16;
  }, [path]);
  if (!isStaff(role)) {
    return (
      <Stack maw={560} mx="auto" px="md" py="xl">
        <DocumentTitle page={admin_title()} />
        <meta name="robots" content="noindex, nofollow" />
        <Alert color="red" variant="light" title={admin_refused_title()}>
          <Text mb="sm">{admin_refused_text()}</Text>
          <Anchor component={Link} to="/">
            {admin_refused_home()}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  return (
    <Box maw={1320} mx="auto" px="md" py="lg" data-back-office>
      <meta name="robots" content="noindex, nofollow" />
      <nav ref={nav} aria-label={admin_title()} className={classes.nav}>
        {adminAreas
          .filter((area) => canOpen(role, area))
          .map((area) => (
            <Link
              key={area.to}
              to={area.to}
              className={classes.navLink}
              activeOptions={{ exact: area.to === '/admin' }}
            >
              {area.label()}
            </Link>
          ))}
      </nav>
      {online ? null : (
        <Alert color="yellow" variant="light" mt="md" title={admin_offline_title()}>
          {admin_offline_text()}
        </Alert>
      )}
      <Box mt="lg">
        <Outlet />
      </Box>
    </Box>
  );
}
