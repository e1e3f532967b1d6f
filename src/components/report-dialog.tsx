import { Alert, Button, Modal, Select, Stack, Textarea } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';

export interface ReportInput {
  reason: string;
  details: string;
}

/**
 * Reporting something to the moderators (a profile, a casting call): a reason from `reasons` and details, sent with
 * `report`; the server's refusal shows by its field, the thanks once it is sent.
 */
export function ReportDialog({
  title,
  reasons,
  report,
  onClose,
}: {
  title: string;
  reasons: { value: string; label: string }[];
  report: UseMutationResult<{ message: string }, Error, ReportInput>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const error = report.error instanceof ApiError ? report.error : null;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {report.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            {report.data.message}
          </Alert>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      ) : (
        <form
          ref={focusFirstError}
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate({ reason: reason ?? '', details });
          }}
        >
          <Stack>
            <Select
              label="What is wrong"
              data={reasons}
              value={reason}
              onChange={setReason}
              error={error?.field === 'reason' ? error.message : null}
              comboboxProps={{ withinPortal: true }}
            />
            <Textarea
              label="Details (optional)"
              autosize
              minRows={3}
              value={details}
              onChange={(event) => setDetails(event.currentTarget.value)}
              error={error && error.field !== 'reason' ? error.message : null}
            />
            {report.error && !error ? <Alert color="red">You are offline: try again when connected.</Alert> : null}
            <Button type="submit" color="red" loading={report.isPending}>
              Send report
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
