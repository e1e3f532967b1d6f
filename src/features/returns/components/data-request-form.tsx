import { Alert, Box, Button, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { dataRequestKinds, dataRequestResponseSchema } from '@/contract/returns';
import { ApiError, apiPaths, apiRequest, NetworkError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { grv_data_correction } from '@/paraglide/messages/grv_data_correction.js';
import { grv_data_deletion } from '@/paraglide/messages/grv_data_deletion.js';
import { grv_data_details } from '@/paraglide/messages/grv_data_details.js';
import { grv_data_export } from '@/paraglide/messages/grv_data_export.js';
import { grv_data_intro } from '@/paraglide/messages/grv_data_intro.js';
import { grv_data_kind } from '@/paraglide/messages/grv_data_kind.js';
import { grv_data_sent } from '@/paraglide/messages/grv_data_sent.js';
import { grv_data_title } from '@/paraglide/messages/grv_data_title.js';
import { grv_failed } from '@/paraglide/messages/grv_failed.js';
import { grv_offline } from '@/paraglide/messages/grv_offline.js';
import { grv_send } from '@/paraglide/messages/grv_send.js';

type Kind = (typeof dataRequestKinds)[number];

/** A request about one's personal data (a copy, a correction, the deletion): a grievance ticket, mailed back. */
export function DataRequestForm() {
  const [kind, setKind] = useState<Kind>('correction');
  const [details, setDetails] = useState('');
  const [ticket, setTicket] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const send = useMutation({
    mutationFn: async () =>
      (
        await apiRequest(apiPaths.userApi('/me/data-requests'), {
          method: 'POST',
          auth: true,
          body: { kind, details },
          idempotencyKey: key.current,
          schema: dataRequestResponseSchema,
        })
      ).data.ticket,
    onSuccess: (number) => {
      setTicket(number);
      setDetails('');
      key.current = newIdempotencyKey();
    },
    onError: (failure) =>
      setError(
        failure instanceof ApiError ? failure.message : failure instanceof NetworkError ? grv_offline() : grv_failed(),
      ),
  });
  const labels: Record<Kind, () => string> = {
    export: grv_data_export,
    correction: grv_data_correction,
    deletion: grv_data_deletion,
  };
  return (
    <Box component="section" mt="xl" maw={640} aria-label={grv_data_title()}>
      <Title order={2} fz="lg" mb="xs">
        {grv_data_title()}
      </Title>
      <Text fz="sm" mb="sm">
        {grv_data_intro()}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          setTicket(null);
          send.mutate();
        }}
      >
        <Stack gap="sm">
          <NativeSelect
            label={grv_data_kind()}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as Kind)}
            data={dataRequestKinds.map((value) => ({ value, label: labels[value]() }))}
          />
          <Textarea
            label={grv_data_details()}
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
            error={error}
          />
          {ticket ? (
            <Alert color="green" variant="light" role="status">
              {grv_data_sent({ ticket })}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" variant="light" loading={send.isPending}>
              {grv_send()}
            </Button>
          </div>
        </Stack>
      </form>
    </Box>
  );
}
