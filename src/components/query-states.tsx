import { Alert, Button, Group, Loader, Pagination } from '@mantine/core';
import type { ReactNode } from 'react';
import { NetworkError } from '@/lib/api-client';

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
      {error instanceof NetworkError
        ? `You are offline, and this ${what} was not opened on this device before, so it is not saved here.`
        : 'Something went wrong on our side.'}
      <Group gap="sm" mt="sm">
        <Button variant="light" size="xs" onClick={onRetry}>
          Try again
        </Button>
        {back}
      </Group>
    </Alert>
  );
}

const controlLabels: Record<string, string> = {
  next: 'Next page',
  previous: 'Previous page',
  first: 'First page',
  last: 'Last page',
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
    <nav aria-label="Pages" className={className}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] ?? control })}
      />
    </nav>
  );
}
