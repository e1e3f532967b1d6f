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
import { plural } from '@/lib/plural';
import { deadLetters_empty } from '@/paraglide/messages/deadletters_empty1.js';
import { deadLetters_intro } from '@/paraglide/messages/deadletters_intro1.js';
import { deadLetters_last_error } from '@/paraglide/messages/deadletters_last_error1.js';
import { deadLetters_not_queued } from '@/paraglide/messages/deadletters_not_queued1.js';
import { deadLetters_retry } from '@/paraglide/messages/deadletters_retry1.js';
import { deadLetters_retry_label } from '@/paraglide/messages/deadletters_retry_label1.js';
import { deadLetters_title } from '@/paraglide/messages/deadletters_title1.js';
import { deadLetters_to } from '@/paraglide/messages/deadletters_to1.js';
import { deadLetters_tries_one } from '@/paraglide/messages/deadletters_tries_one1.js';
import { deadLetters_tries_other } from '@/paraglide/messages/deadletters_tries_other1.js';
import { deadLetters_what } from '@/paraglide/messages/deadletters_what1.js';

const LETTERS_PER_PAGE = 20;

function Letter({ letter, onRetry, retrying }: { letter: DeadLetter; onRetry: () => void; retrying: boolean }) {
  const last = formatDateTime(letter.last_tried_at);
  const queued = formatDateTime(letter.queued_at);
  return (
    <Card component="li" withBorder padding="sm">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {letter.subject}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {deadLetters_to({ to: letter.to })}
      </Text>
      <Badge variant="light" color="gray" mt={4}>
        {letter.kind}
      </Badge>
      <Text fz="xs" c="dimmed" mt={4}>
        {plural(letter.tries, {
          one: (inputs) => deadLetters_tries_one({ ...inputs, last, queued }),
          other: (inputs) => deadLetters_tries_other({ ...inputs, last, queued }),
        })}
      </Text>
      {letter.last_error ? (
        <Text fz="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {deadLetters_last_error({ error: letter.last_error })}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          variant="light"
          loading={retrying}
          onClick={onRetry}
          aria-label={deadLetters_retry_label({ subject: letter.subject, to: letter.to })}
        >
          {deadLetters_retry()}
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
    onError: notifyFailure(deadLetters_not_queued()),
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / LETTERS_PER_PAGE) : 0;
  return (
    <AdminPage title={deadLetters_title()}>
      <Text c="dimmed" fz="sm">
        {deadLetters_intro()}
      </Text>
      <ListStates
        query={query}
        what={deadLetters_what()}
        isEmpty={(data) => data.data.length === 0}
        empty={deadLetters_empty()}
      >
        {(data) => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={deadLetters_title()}>
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
