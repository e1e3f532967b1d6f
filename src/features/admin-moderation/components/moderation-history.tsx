import { Card, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { moderationHistoryResponseSchema, type ModerationHistoryEntry } from '@/contract/moderation';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';
import { formatDateTime } from '@/lib/money';

const ENTRIES_PER_PAGE = 20;

/** Each decision as the history names it, by what it was about. */
function decisionLabel(entry: ModerationHistoryEntry): string {
  const labels: Record<string, string> = {
    verify: 'Verified',
    refuse: 'Verification refused',
    hide: 'Profile hidden',
    approve: 'Organisation approved and listed',
    publish: 'Call published',
    unpublish: 'Call unpublished',
  };
  if (entry.action === 'dismiss')
    return entry.entity === 'call_reports' ? 'Call’s reports dismissed' : 'Report dismissed';
  return labels[entry.action] ?? entry.action;
}

/** What moderators decided, newest first, with who decided and the reason they gave (from the audit log). */
export function ModerationHistory({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const query = useQuery({
    queryKey: adminKeys.list('moderation', { history: true, page }),
    queryFn: ({ signal }) =>
      adminRequest(`/moderation/history${listQuery({ page, per_page: ENTRIES_PER_PAGE })}`, {
        schema: moderationHistoryResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / ENTRIES_PER_PAGE) : 0;
  return (
    <>
      <ListStates
        query={query}
        what="history"
        isEmpty={(data) => data.data.length === 0}
        empty="No decision has been made yet."
      >
        {(data) => (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Decisions">
            {data.data.map((entry) => (
              <Card key={entry.id} component="li" withBorder padding="sm">
                <Group justify="space-between" gap="xs" align="flex-start">
                  <Text fw={600}>
                    {decisionLabel(entry)}: <span style={{ overflowWrap: 'anywhere' }}>{entry.subject}</span>
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(entry.at)} · {entry.actor_name ?? 'a deleted account'}
                  </Text>
                </Group>
                <Text size="sm" mt={4}>
                  {entry.reason ? `Reason: ${entry.reason}` : 'No reason given'}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={page} onChange={onPage} />
    </>
  );
}
