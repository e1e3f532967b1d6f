import { Alert, Anchor, Box, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import '@/components/admin/admin-styles';
import classes from '@/components/admin/admin.module.css';
import { DocumentTitle } from '@/components/document-title';
import { isStaff } from '@/contract/roles';
import { adminAreas, canOpen, useStaffRole } from '../hooks/admin-areas';

/**
 * The back office's frame: the areas the account's role may open, a plain word when the device is offline (staff
 * data is never saved on it), and the page itself. Search engines are told not to index any of it.
 */
export function AdminLayout() {
  const role = useStaffRole();
  const { online } = useNetwork();
  if (!isStaff(role)) {
    return (
      <Stack maw={560} mx="auto" px="md" py="xl">
        <DocumentTitle page="Back office" />
        <meta name="robots" content="noindex, nofollow" />
        <Alert color="red" variant="light" title="This page is for CineVerse staff">
          <Text mb="sm">Your account cannot open the back office.</Text>
          <Anchor component={Link} to="/">
            Back to the home page
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  return (
    <Box maw={1320} mx="auto" px="md" py="lg" data-back-office>
      <meta name="robots" content="noindex, nofollow" />
      <nav aria-label="Back office" className={classes.nav}>
        {adminAreas
          .filter((area) => canOpen(role, area))
          .map((area) => (
            <Link
              key={area.to}
              to={area.to}
              className={classes.navLink}
              activeOptions={{ exact: area.to === '/admin' }}
            >
              {area.label}
            </Link>
          ))}
      </nav>
      {online ? null : (
        <Alert color="yellow" variant="light" mt="md" title="The back office needs the network">
          You are offline. Staff data is not saved on this device, so nothing here can be seen or changed until you are
          back online.
        </Alert>
      )}
      <Box mt="lg">
        <Outlet />
      </Box>
    </Box>
  );
}
