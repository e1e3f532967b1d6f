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
  return (
    <PageContainer>
      <Alert color="red" variant="light" title="This page could not be shown">
        Something went wrong on our side. Your cart and wishlist are safe.
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
