import { Alert, Button, Group } from '@mantine/core';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PageContainer } from './page-container';

/**
 * What a page shows when rendering it failed (a bug, or an answer the page did not expect): the header and footer
 * stay, with a way to try again or to go home. Every route has it (the router's default); pages show their own
 * offline and load errors (`LoadError`) before it comes to this.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => console.error('The page failed to render:', error), [error]);
  // The code of a page that is not kept on the device (the back office's) cannot load without the network.
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <PageContainer>
      <Alert
        color={offline ? 'yellow' : 'red'}
        variant="light"
        title={offline ? 'This page needs the network' : 'This page could not be shown'}
      >
        {offline
          ? 'You are offline, and this page is not kept on this device. Try again when you are back online.'
          : 'Something went wrong on our side.'}{' '}
        Your cart and wishlist are safe.
        <Group gap="sm" mt="sm">
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
          <Button component={Link} to="/" variant="subtle" size="xs">
            Go to the home page
          </Button>
        </Group>
      </Alert>
    </PageContainer>
  );
}
