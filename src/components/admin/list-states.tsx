import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, LoadingState } from '@/components/query-states';
import { adminUi_list_error } from '@/paraglide/messages/adminui_list_error1.js';
import { adminUi_list_error_what } from '@/paraglide/messages/adminui_list_error_what1.js';
import { adminUi_list_loading } from '@/paraglide/messages/adminui_list_loading1.js';

/**
 * A back-office list's states: loading, failed (with a retry), empty, or its rows. `what` names the list in the page's language ("orders", "ऑर्डर"),
 * `isEmpty` says whether the answer holds no rows.
 */
export function ListStates<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={adminUi_list_loading({ what })} />;
  if (query.isError) {
    return (
      <LoadError
        title={adminUi_list_error({ what })}
        error={query.error}
        what={adminUi_list_error_what()}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty(query.data)) return <Text c="dimmed">{empty}</Text>;
  return children(query.data);
}
