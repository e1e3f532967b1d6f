import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { EmailConfirmationNotice } from '@/components/email-confirmation-notice';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import { NEVER_PAY_NOTICE } from '@/contract/casting';
import { replyInputSchema, type Conversation } from '@/contract/profiles';
import { focusFirstError } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/money';
import { useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { useEmailUnconfirmed } from '@/hooks/use-email-unconfirmed';
import { conversationsQueryOptions } from '../api/profile-queries';
import { replyOutbox, type QueuedReply } from '../api/reply-outbox';

/**
 * The organisation the other side is, with its badge and a link to its page: a member written to by a production house
 * sees at once who it is, and whether CineVerse has verified it.
 */
function OrganisationLine({ organisation }: { organisation: NonNullable<Conversation['organisation']> }) {
  return (
    <Group gap={6} mt={4} wrap="wrap">
      <Text size="sm" span>
        Organisation:{' '}
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/profiles/$handle" params={{ handle: organisation.handle }} />}
        >
          {organisation.display_name}
        </Anchor>
      </Text>
      {organisation.verified ? (
        <Badge color="teal.9" variant="filled" size="sm">
          Verified
        </Badge>
      ) : (
        <Badge color="gray" variant="light" size="sm">
          Not verified
        </Badge>
      )}
    </Group>
  );
}

function ConversationCard({ conversation, waiting }: { conversation: Conversation; waiting: QueuedReply[] }) {
  const outbox = useOutboxRecorder(replyOutbox);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unconfirmed = useEmailUnconfirmed();
  const about =
    conversation.role === 'member' ? (
      <>From {conversation.with_name}, about your profile</>
    ) : !conversation.handle ? (
      // The member left CineVerse: no profile to link to.
      <>With {conversation.display_name}</>
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
      {conversation.organisation ? <OrganisationLine organisation={conversation.organisation} /> : null}
      <Text size="xs" c="dimmed" mt={4}>
        {NEVER_PAY_NOTICE}.
      </Text>
      <Stack component="ol" gap="xs" p={0} my="sm" style={{ listStyle: 'none' }}>
        {conversation.messages.map((message, index) => (
          <li key={index}>
            <Text size="xs" c="dimmed">
              {message.from_me ? 'You' : conversation.with_name}, {formatDateTime(message.at)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>
          </li>
        ))}
        {waiting.map((reply, index) => (
          <li key={`waiting-${index}`} data-testid="reply-waiting">
            <Text size="xs" c="dimmed">
              You, waiting to send: it goes as soon as you are online
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{reply.message}</Text>
          </li>
        ))}
      </Stack>
      {unconfirmed ? (
        <EmailConfirmationNotice action={`answer ${conversation.with_name}`} />
      ) : (
        <form
          ref={focusFirstError}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = replyInputSchema.safeParse({ message: text });
            if (!checked.success) {
              setError(checked.error.issues[0]?.message ?? 'Write your answer');
              return;
            }
            setError(null);
            // Kept on the device first, then sent once: on a weak network nothing is lost or sent twice.
            void outbox
              .record({
                conversationId: conversation.id,
                withName: conversation.with_name,
                message: checked.data.message,
              })
              .then(() => setText(''));
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
            <Button type="submit" disabled={!outbox.ready} style={{ alignSelf: 'flex-start' }}>
              Send answer
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}

/** `/messages`: the conversations a member started or received through CineVerse; their email stays private. */
export function MessagesPage() {
  const query = useQuery(conversationsQueryOptions());
  // The answers still on this device, read once for every conversation.
  const waiting = useOwnerEntries(replyOutbox)
    .filter((entry) => entry.kind === replyOutbox.name)
    .map((entry) => entry.payload as QueuedReply);
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
            <ConversationCard
              key={conversation.id}
              conversation={conversation}
              waiting={waiting.filter((reply) => reply.conversationId === conversation.id)}
            />
          ))}
        </Stack>
      )}
    </PageContainer>
  );
}
