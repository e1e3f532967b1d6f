import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminPage } from '@/components/admin/admin-page';
import { ListStates } from '@/components/admin/list-states';
import { PageNav } from '@/components/query-states';
import { deadLetterListResponseSchema, deadLetterRetryResponseSchema, type DeadLetter } from '@/contract/dead-letters';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { listQuery } from '@/lib/list-query';
import { formatDateTime } from '@/lib/money';
import { notifyFailure } from '@/lib/notify-failure';

const LETTERS_PER_PAGE = 20;

function Letter({ letter, onRetry, retrying }: { letter: DeadLetter; onRetry: () => void; retrying: boolean }) {
  return (
    <Card component="li" withBorder padding="sm">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {letter.subject}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        To {letter.to}
      </Text>
      <Badge variant="light" color="gray" mt={4}>
        {letter.kind}
      </Badge>
      <Text fz="xs" c="dimmed" mt={4}>
        {letter.tries} {letter.tries === 1 ? 'try' : 'tries'}, the last on {formatDateTime(letter.last_tried_at)} ·
        queued on {formatDateTime(letter.queued_at)}
      </Text>
      {letter.last_error ? (
        <Text fz="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          Last error: {letter.last_error}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          variant="light"
          loading={retrying}
          onClick={onRetry}
          aria-label={`Retry the mail “${letter.subject}” to ${letter.to}`}
        >
          Retry
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The mail given up on after its last try (the mail server refused it, or was away for hours), for admins: who it
 * was for, what it was about, how often it was tried and why it failed. Retry sends it again with a fresh set of
 * tries, once the cause is fixed; the retry is written to the audit log.
 */
export function DeadLettersPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.list('mail', { page }),
    queryFn: ({ signal }) =>
      adminRequest(`/mail/dead-letters${listQuery({ page, per_page: LETTERS_PER_PAGE })}`, {
        schema: deadLetterListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (id: number) =>
      adminRequest(`/mail/dead-letters/${id}/retry`, {
        method: 'POST',
        idempotencyKey: newIdempotencyKey(),
        schema: deadLetterRetryResponseSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.area('mail') }),
    onError: notifyFailure('The mail was not queued again'),
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / LETTERS_PER_PAGE) : 0;
  return (
    <AdminPage title="Mail not delivered">
      <Text c="dimmed" fz="sm">
        Mail given up on after its last try. Retry sends it again once the cause (the mail server, an address) is fixed.
      </Text>
      <ListStates
        query={query}
        what="undelivered mail"
        isEmpty={(data) => data.data.length === 0}
        empty="Every mail has been delivered."
      >
        {(data) => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Mail not delivered">
            {data.data.map((letter) => (
              <Letter
                key={letter.id}
                letter={letter}
                retrying={retry.isPending && retry.variables === letter.id}
                onRetry={() => retry.mutate(letter.id)}
              />
            ))}
          </Stack>
        )}
      </ListStates>
      <PageNav total={pages} value={page} onChange={onPage} />
    </AdminPage>
  );
}
