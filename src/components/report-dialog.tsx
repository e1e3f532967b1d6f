import { Alert, Button, Modal, Select, Stack, Textarea } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import { common_close } from '@/paraglide/messages/common_close.js';
import { report_details } from '@/paraglide/messages/report_details.js';
import { report_offline } from '@/paraglide/messages/report_offline.js';
import { report_send } from '@/paraglide/messages/report_send.js';
import { report_what } from '@/paraglide/messages/report_what.js';

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
          <Button onClick={onClose}>{common_close()}</Button>
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
              label={report_what()}
              data={reasons}
              value={reason}
              onChange={setReason}
              error={error?.field === 'reason' ? error.message : null}
              comboboxProps={{ withinPortal: true }}
            />
            <Textarea
              label={report_details()}
              autosize
              minRows={3}
              value={details}
              onChange={(event) => setDetails(event.currentTarget.value)}
              error={error && error.field !== 'reason' ? error.message : null}
            />
            {report.error && !error ? <Alert color="red">{report_offline()}</Alert> : null}
            <Button type="submit" color="red" loading={report.isPending}>
              {report_send()}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
