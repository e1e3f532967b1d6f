import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/money';
import { guardianMessagesQueryOptions, useWriteToGuardian } from '../api/guardian-messages';

/**
 * An applicant under 18 is reached only through their guardian: the poster's messages about the application are
 * mailed to the guardian, who answers here by the link in that mail.
 */
export function GuardianThread({ applicationId, name }: { applicationId: number; name: string }) {
  const thread = useQuery(guardianMessagesQueryOptions(applicationId));
  const write = useWriteToGuardian(applicationId);
  const [message, setMessage] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const error = write.error instanceof ApiError ? write.error.message : write.error ? 'Not sent: try again.' : null;
  return (
    <Stack gap="xs" component="section" aria-label={`Messages with ${name}’s guardian`}>
      <Text size="sm" fw={600}>
        Write to {name}’s parent or guardian
      </Text>
      <Text size="sm" c="dimmed">
        {name} is under 18: your message goes to their guardian by email, never to {name}.
      </Text>
      {thread.data?.messages.map((item, index) => (
        <Text key={index} size="sm">
          <strong>{item.from === 'poster' ? 'You' : 'Guardian'}</strong> ({formatDateTime(item.at)}): {item.body}
        </Text>
      ))}
      <Textarea
        ref={field}
        label="Message to the guardian"
        autosize
        minRows={2}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        error={error}
      />
      <Button
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        loading={write.isPending}
        onClick={() =>
          write.mutate(message, {
            onSuccess: () => setMessage(''),
            onError: () => field.current?.focus(),
          })
        }
      >
        Send to the guardian
      </Button>
    </Stack>
  );
}
