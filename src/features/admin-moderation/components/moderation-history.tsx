import { Card, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { moderationHistoryResponseSchema, type ModerationHistoryEntry } from '@/contract/moderation';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';
import { formatDateTime } from '@/lib/money';
import { moderation_decision_approve } from '@/paraglide/messages/moderation_decision_approve.js';
import { moderation_decision_dismiss } from '@/paraglide/messages/moderation_decision_dismiss.js';
import { moderation_decision_dismiss_call } from '@/paraglide/messages/moderation_decision_dismiss_call.js';
import { moderation_decision_hide } from '@/paraglide/messages/moderation_decision_hide.js';
import { moderation_decision_publish } from '@/paraglide/messages/moderation_decision_publish.js';
import { moderation_decision_refuse } from '@/paraglide/messages/moderation_decision_refuse.js';
import { moderation_decision_unpublish } from '@/paraglide/messages/moderation_decision_unpublish.js';
import { moderation_decision_verify } from '@/paraglide/messages/moderation_decision_verify.js';
import { moderation_deleted_account } from '@/paraglide/messages/moderation_deleted_account.js';
import { moderation_history_empty } from '@/paraglide/messages/moderation_history_empty.js';
import { moderation_history_label } from '@/paraglide/messages/moderation_history_label.js';
import { moderation_history_what } from '@/paraglide/messages/moderation_history_what.js';
import { moderation_no_reason } from '@/paraglide/messages/moderation_no_reason.js';
import { moderation_reason } from '@/paraglide/messages/moderation_reason.js';

const ENTRIES_PER_PAGE = 20;

/** Each decision as the history names it, by what it was about. */
function decisionLabel(entry: ModerationHistoryEntry): string {
  const labels: Record<string, () => string> = {
    verify: moderation_decision_verify,
    refuse: moderation_decision_refuse,
    hide: moderation_decision_hide,
    approve: moderation_decision_approve,
    publish: moderation_decision_publish,
    unpublish: moderation_decision_unpublish,
  };
  if (entry.action === 'dismiss')
    return entry.entity === 'call_reports' ? moderation_decision_dismiss_call() : moderation_decision_dismiss();
  return labels[entry.action]?.() ?? entry.action;
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
        what={moderation_history_what()}
        isEmpty={(data) => data.data.length === 0}
        empty={moderation_history_empty()}
      >
        {(data) => (
          <Stack
            component="ol"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={moderation_history_label()}
          >
            {data.data.map((entry) => (
              <Card key={entry.id} component="li" withBorder padding="sm">
                <Group justify="space-between" gap="xs" align="flex-start">
                  <Text fw={600}>
                    {decisionLabel(entry)}: <span style={{ overflowWrap: 'anywhere' }}>{entry.subject}</span>
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(entry.at)} · {entry.actor_name ?? moderation_deleted_account()}
                  </Text>
                </Group>
                <Text size="sm" mt={4}>
                  {entry.reason ? moderation_reason({ reason: entry.reason }) : moderation_no_reason()}
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
