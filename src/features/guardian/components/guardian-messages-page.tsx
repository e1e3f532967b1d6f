import { Alert, Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadingState } from '@/components/query-states';
import { ApiError } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/money';
import { useGuardianMessages, useGuardianReply } from '../api/guardian-api';

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'You seem to be offline. This page needs the network: try again.';

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
      <DocumentTitle page="Messages about an application" />
      <Stack gap="md" maw={640}>
        <Title order={1}>Messages about an application</Title>
        {token === '' || thread.isError ? (
          <Alert color="red" variant="light" role="alert" title="This link does not work">
            {token === '' ? 'Open the link exactly as it is in the mail we sent you.' : failureText(thread.error)}
          </Alert>
        ) : !view ? (
          <LoadingState label="Loading the messages" />
        ) : (
          <>
            <Text>
              About <strong>{view.ward}</strong>’s application for {view.role_name} in “{view.call_title}”, with{' '}
              {view.poster}. {view.ward} does not see these messages.
            </Text>
            <Stack gap="xs" component="ol" p={0} style={{ listStyle: 'none' }}>
              {view.messages.map((item, index) => (
                <Card key={index} component="li" withBorder padding="sm">
                  <Text size="sm" fw={600}>
                    {item.from === 'poster' ? view.poster : 'You'}
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
              aria-label="Answer"
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
                  label={`Your answer to ${view.poster}`}
                  autosize
                  minRows={3}
                  value={message}
                  onChange={(event) => setMessage(event.currentTarget.value)}
                  error={replyError}
                />
                <Button type="submit" loading={reply.isPending} style={{ alignSelf: 'flex-start' }}>
                  Send answer
                </Button>
                {reply.isSuccess ? (
                  <Text size="sm" role="status">
                    Sent: {view.poster} is told by mail.
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
