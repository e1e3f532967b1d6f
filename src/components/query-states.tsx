import { Alert, Button, Group, Loader, Pagination } from '@mantine/core';
import type { ReactNode } from 'react';
import { NetworkError } from '@/lib/api-client';
import { common_first_page } from '@/paraglide/messages/common_first_page.js';
import { common_last_page } from '@/paraglide/messages/common_last_page.js';
import { common_next_page } from '@/paraglide/messages/common_next_page.js';
import { common_page_number } from '@/paraglide/messages/common_page_number.js';
import { common_pages } from '@/paraglide/messages/common_pages.js';
import { common_previous_page } from '@/paraglide/messages/common_previous_page.js';
import { errors_ui_offline_not_kept } from '@/paraglide/messages/errors_ui_offline_not_kept.js';
import { errors_ui_our_side } from '@/paraglide/messages/errors_ui_our_side.js';
import { errors_ui_try_again } from '@/paraglide/messages/errors_ui_try_again.js';

/** A centred spinner named for screen readers ("Loading products"). */
export function LoadingState({ label }: { label: string }) {
  return (
    <Group justify="center" py="xl">
      <Loader aria-label={label} />
    </Group>
  );
}

/** Why a list or page could not be loaded (offline and not saved yet, or our fault), with a retry. */
export function LoadError({
  title,
  error,
  what,
  onRetry,
  back,
}: {
  title: string;
  error: unknown;
  what: string;
  onRetry: () => void;
  /** A way on from here, such as a link back to the store. */
  back?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" title={title}>
      {error instanceof NetworkError ? errors_ui_offline_not_kept({ what }) : errors_ui_our_side()}
      <Group gap="sm" mt="sm">
        <Button variant="light" size="xs" onClick={onRetry}>
          {errors_ui_try_again()}
        </Button>
        {back}
      </Group>
    </Alert>
  );
}

// Read at render, in the page's language.
const controlLabels: Record<string, () => string> = {
  next: common_next_page,
  previous: common_previous_page,
  first: common_first_page,
  last: common_last_page,
};

/** Page buttons with names a screen reader can say, inside a "Pages" navigation landmark. */
export function PageNav({
  total,
  value,
  onChange,
  className,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  className?: string;
}) {
  if (total <= 1) return null;
  return (
    <nav aria-label={common_pages()} className={className}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        getItemProps={(page) => ({ 'aria-label': common_page_number({ page }) })}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control]?.() ?? control })}
      />
    </nav>
  );
}
