import { Alert, Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/query-states';
import { ApiError } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/money';
import { guardian_answer_form } from '@/paraglide/messages/guardian_answer_form.js';
import { guardian_answer_label } from '@/paraglide/messages/guardian_answer_label.js';
import { guardian_link_broken } from '@/paraglide/messages/guardian_link_broken.js';
import { guardian_link_exact } from '@/paraglide/messages/guardian_link_exact.js';
import { guardian_messages_about } from '@/paraglide/messages/guardian_messages_about.js';
import { guardian_messages_loading } from '@/paraglide/messages/guardian_messages_loading.js';
import { guardian_messages_title } from '@/paraglide/messages/guardian_messages_title.js';
import { guardian_offline } from '@/paraglide/messages/guardian_offline.js';
import { guardian_send_answer } from '@/paraglide/messages/guardian_send_answer.js';
import { guardian_sent } from '@/paraglide/messages/guardian_sent.js';
import { guardian_you } from '@/paraglide/messages/guardian_you.js';
import { useGuardianMessages, useGuardianReply } from '../api/guardian-api';
import { withWard } from './with-ward';

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : guardian_offline());

/**
 * `/guardian/messages#token`: a poster's messages about a minor's application, as mailed to the guardian, who reads
 * and answers them here without an account. The minor never sees them.
 */
export function GuardianMessagesPage({ token }: { token: string }) {
  const thread = useGuardianMessages(token);
  const reply = useGuardianReply(token);
  const [message, setMessage] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const view = thread.data;
  const replyError = reply.error ? failureText(reply.error) : null;
  return (
    <PageContainer>
      <DocumentTitle page={guardian_messages_title()} />
      <Stack gap="md" maw={640}>
        <Title order={1}>{guardian_messages_title()}</Title>
        {token === '' || thread.isError ? (
          <Alert color="red" variant="light" role="alert" title={guardian_link_broken()}>
            {token === '' ? guardian_link_exact() : failureText(thread.error)}
          </Alert>
        ) : !view ? (
          <LoadingState label={guardian_messages_loading()} />
        ) : (
          <>
            <Text>
              {withWard(
                (ward) =>
                  guardian_messages_about({
                    ward,
                    role: view.role_name,
                    call: view.call_title,
                    poster: view.poster,
                    name: view.ward,
                  }),
                view.ward,
              )}
            </Text>
            <Stack gap="xs" component="ol" p={0} style={{ listStyle: 'none' }}>
              {view.messages.map((item, index) => (
                <Card key={index} component="li" withBorder padding="sm">
                  <Text size="sm" fw={600}>
                    {item.from === 'poster' ? view.poster : guardian_you()}
                    <Text span size="xs" c="dimmed" fw={400}>
                      {' '}
                      · {formatDateTime(item.at)}
                    </Text>
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {item.body}
                  </Text>
                </Card>
              ))}
            </Stack>
            <form
              ref={focusFirstError}
              noValidate
              aria-label={guardian_answer_form()}
              onSubmit={(event) => {
                event.preventDefault();
                reply.mutate(message, {
                  onSuccess: () => setMessage(''),
                  onError: () => field.current?.focus(),
                });
              }}
            >
              <Stack gap="sm">
                <Textarea
                  ref={field}
                  label={guardian_answer_label({ poster: view.poster })}
                  autosize
                  minRows={3}
                  value={message}
                  onChange={(event) => setMessage(event.currentTarget.value)}
                  error={replyError}
                />
                <Button type="submit" loading={reply.isPending} style={{ alignSelf: 'flex-start' }}>
                  {guardian_send_answer()}
                </Button>
                {reply.isSuccess ? (
                  <Text size="sm" role="status">
                    {guardian_sent({ poster: view.poster })}
                  </Text>
                ) : null}
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
