import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { EmailConfirmationNotice } from '@/components/email-confirmation-notice';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import { replyInputSchema, type Conversation } from '@/contract/profiles';
import { focusFirstError } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/money';
import { contractText } from '@/lib/refusals';
import { useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { useEmailUnconfirmed } from '@/hooks/use-email-unconfirmed';
import { conversationsQueryOptions } from '../api/profile-queries';
import { replyOutbox, type QueuedReply } from '../api/reply-outbox';
import { messages_answer_label } from '@/paraglide/messages/messages_answer_label.js';
import { messages_empty } from '@/paraglide/messages/messages_empty.js';
import { messages_from } from '@/paraglide/messages/messages_from.js';
import { messages_load_error } from '@/paraglide/messages/messages_load_error.js';
import { messages_loading } from '@/paraglide/messages/messages_loading.js';
import { messages_never_pay } from '@/paraglide/messages/messages_never_pay.js';
import { messages_not_verified } from '@/paraglide/messages/messages_not_verified.js';
import { messages_organisation } from '@/paraglide/messages/messages_organisation.js';
import { messages_send_answer } from '@/paraglide/messages/messages_send_answer.js';
import { messages_title } from '@/paraglide/messages/messages_title.js';
import { messages_waiting } from '@/paraglide/messages/messages_waiting.js';
import { messages_with } from '@/paraglide/messages/messages_with.js';
import { messages_with_link } from '@/paraglide/messages/messages_with_link.js';
import { messages_write_answer } from '@/paraglide/messages/messages_write_answer.js';
import { messages_you } from '@/paraglide/messages/messages_you.js';
import { profiles_verified } from '@/paraglide/messages/profiles_verified.js';
import { confirmNotice_action_answer } from '@/paraglide/messages/confirmnotice_action_answer1.js';

/**
 * The organisation the other side is, with its badge and a link to its page: a member written to by a production house
 * sees at once who it is, and whether CineVerse has verified it.
 */
function OrganisationLine({ organisation }: { organisation: NonNullable<Conversation['organisation']> }) {
  return (
    <Group gap={6} mt={4} wrap="wrap">
      <Text size="sm" span>
        {messages_organisation()}{' '}
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/profiles/$handle" params={{ handle: organisation.handle }} />}
        >
          {organisation.display_name}
        </Anchor>
      </Text>
      {organisation.verified ? (
        <Badge color="teal.9" variant="filled" size="sm">
          {profiles_verified()}
        </Badge>
      ) : (
        <Badge color="gray" variant="light" size="sm">
          {messages_not_verified()}
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
      <>{messages_from({ name: conversation.with_name })}</>
    ) : !conversation.handle ? (
      // The member left CineVerse: no profile to link to.
      <>{messages_with({ name: conversation.display_name })}</>
    ) : (
      <>
        {messages_with_link()}{' '}
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
        {messages_never_pay()}
      </Text>
      <Stack component="ol" gap="xs" p={0} my="sm" style={{ listStyle: 'none' }}>
        {conversation.messages.map((message, index) => (
          <li key={index}>
            <Text size="xs" c="dimmed">
              {message.from_me ? messages_you() : conversation.with_name}, {formatDateTime(message.at)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>
          </li>
        ))}
        {waiting.map((reply, index) => (
          <li key={`waiting-${index}`} data-testid="reply-waiting">
            <Text size="xs" c="dimmed">
              {messages_waiting()}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{reply.message}</Text>
          </li>
        ))}
      </Stack>
      {unconfirmed ? (
        <EmailConfirmationNotice action={confirmNotice_action_answer({ name: conversation.with_name })} />
      ) : (
        <form
          ref={focusFirstError}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = replyInputSchema.safeParse({ message: text });
            if (!checked.success) {
              setError(
                checked.error.issues[0] ? contractText(checked.error.issues[0].message) : messages_write_answer(),
              );
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
              label={messages_answer_label({ name: conversation.with_name })}
              autosize
              minRows={2}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={error}
            />
            <Button type="submit" disabled={!outbox.ready} style={{ alignSelf: 'flex-start' }}>
              {messages_send_answer()}
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
      <DocumentTitle page={messages_title()} />
      <Title order={1} mb="md">
        {messages_title()}
      </Title>
      {query.data === undefined ? (
        query.isError ? (
          <LoadError
            title={messages_load_error()}
            what="messages"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingState label={messages_loading()} />
        )
      ) : query.data.length === 0 ? (
        <Alert variant="light">{messages_empty()}</Alert>
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
