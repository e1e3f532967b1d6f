import { Alert, Button, Group } from '@mantine/core';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PageContainer } from './page-container';
import { errors_ui_cart_safe } from '@/paraglide/messages/errors_ui_cart_safe.js';
import { errors_ui_go_home } from '@/paraglide/messages/errors_ui_go_home.js';
import { errors_ui_our_side } from '@/paraglide/messages/errors_ui_our_side.js';
import { errors_ui_page_failed } from '@/paraglide/messages/errors_ui_page_failed.js';
import { errors_ui_page_needs_network } from '@/paraglide/messages/errors_ui_page_needs_network.js';
import { errors_ui_page_offline } from '@/paraglide/messages/errors_ui_page_offline.js';
import { errors_ui_try_again } from '@/paraglide/messages/errors_ui_try_again.js';

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
        title={offline ? errors_ui_page_needs_network() : errors_ui_page_failed()}
      >
        {offline ? errors_ui_page_offline() : errors_ui_our_side()} {errors_ui_cart_safe()}
        <Group gap="sm" mt="sm">
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {errors_ui_try_again()}
          </Button>
          <Button component={Link} to="/" variant="subtle" size="xs">
            {errors_ui_go_home()}
          </Button>
        </Group>
      </Alert>
    </PageContainer>
  );
}
