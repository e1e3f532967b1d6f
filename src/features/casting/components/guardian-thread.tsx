import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/money';
import { applicants_guardian_aria } from '@/paraglide/messages/applicants_guardian_aria.js';
import { applicants_guardian_guardian } from '@/paraglide/messages/applicants_guardian_guardian.js';
import { applicants_guardian_message } from '@/paraglide/messages/applicants_guardian_message.js';
import { applicants_guardian_minor } from '@/paraglide/messages/applicants_guardian_minor.js';
import { applicants_guardian_not_sent } from '@/paraglide/messages/applicants_guardian_not_sent.js';
import { applicants_guardian_send } from '@/paraglide/messages/applicants_guardian_send.js';
import { applicants_guardian_write } from '@/paraglide/messages/applicants_guardian_write.js';
import { applicants_guardian_you } from '@/paraglide/messages/applicants_guardian_you.js';
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
  const error =
    write.error instanceof ApiError ? write.error.message : write.error ? applicants_guardian_not_sent() : null;
  return (
    <Stack gap="xs" component="section" aria-label={applicants_guardian_aria({ name })}>
      <Text size="sm" fw={600}>
        {applicants_guardian_write({ name })}
      </Text>
      <Text size="sm" c="dimmed">
        {applicants_guardian_minor({ name })}
      </Text>
      {thread.data?.messages.map((item, index) => (
        <Text key={index} size="sm">
          <strong>{item.from === 'poster' ? applicants_guardian_you() : applicants_guardian_guardian()}</strong> (
          {formatDateTime(item.at)}): {item.body}
        </Text>
      ))}
      <Textarea
        ref={field}
        label={applicants_guardian_message()}
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
        {applicants_guardian_send()}
      </Button>
    </Stack>
  );
}
