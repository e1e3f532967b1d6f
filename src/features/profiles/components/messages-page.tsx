import { Alert, Anchor, Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import type { Conversation } from '@/contract/profiles';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/money';
import { useReply } from '../api/profile-mutations';
import { conversationsQueryOptions } from '../api/profile-queries';

function ConversationCard({ conversation }: { conversation: Conversation }) {
  const reply = useReply(conversation.id);
  const [text, setText] = useState('');
  const error =
    reply.error instanceof ApiError
      ? reply.error.message
      : reply.error
        ? 'Your answer was not sent: you are offline. It is still here; send it when you are back online.'
        : null;
  const about =
    conversation.role === 'member' ? (
      <>From {conversation.with_name}, about your profile</>
    ) : (
      <>
        With{' '}
        <Anchor
          renderRoot={(props) => <Link {...props} to="/profiles/$handle" params={{ handle: conversation.handle }} />}
        >
          {conversation.display_name}
        </Anchor>
      </>
    );
  return (
    <Card component="li" withBorder padding="md">
      <Title order={2} size="h4">
        {about}
      </Title>
      <Stack component="ol" gap="xs" p={0} my="sm" style={{ listStyle: 'none' }}>
        {conversation.messages.map((message, index) => (
          <li key={index}>
            <Text size="xs" c="dimmed">
              {message.from_me ? 'You' : conversation.with_name}, {formatDateTime(message.at)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>
          </li>
        ))}
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          reply.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={`Answer ${conversation.with_name}`}
            autosize
            minRows={2}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
          />
          <Button type="submit" loading={reply.isPending} style={{ alignSelf: 'flex-start' }}>
            Send answer
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** `/messages`: the conversations a member started or received through CineVerse; their email stays private. */
export function MessagesPage() {
  const query = useQuery(conversationsQueryOptions());
  return (
    <PageContainer>
      <DocumentTitle page="Messages" />
      <Title order={1} mb="md">
        Messages
      </Title>
      {query.data === undefined ? (
        query.isError ? (
          <LoadError
            title="Your messages could not be loaded"
            what="messages"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingState label="Loading your messages" />
        )
      ) : query.data.length === 0 ? (
        <Alert variant="light">
          No messages yet. Write to a member with Contact on their profile; what they write to you arrives here and by
          email.
        </Alert>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.map((conversation) => (
            <ConversationCard key={conversation.id} conversation={conversation} />
          ))}
        </Stack>
      )}
    </PageContainer>
  );
}
