import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, LoadingState } from '@/components/query-states';

/**
 * A back-office list's states: loading, failed (with a retry), empty, or its rows. `what` names the list ("orders"),
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
  if (query.isPending) return <LoadingState label={`Loading ${what}`} />;
  if (query.isError) {
    return (
      <LoadError
        title={`The ${what} could not be loaded`}
        error={query.error}
        what="list"
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty(query.data)) return <Text c="dimmed">{empty}</Text>;
  return children(query.data);
}
