import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { MyApplication } from '@/contract/casting';
import { MAX_TAPE_SECONDS } from '@/contract/tapes';
import { keepTape, useKeptTapes } from '@/offline/tapes';
import { useOutboxOwner } from '@/offline/use-outbox';
import { tapeRec_request_send } from '@/paraglide/messages/taperec_request_send1.js';
import { tapeRec_request_title } from '@/paraglide/messages/taperec_request_title1.js';
import { formatIndiaTime } from './casting-labels';
import type { ChosenTape } from './tape-format';
import { TapeField } from './tape-recorder';
import { TapeUploadStatus } from './tape-upload-status';

/**
 * The poster asked this applicant for a tape by a deadline: record or pick it here; it uploads from the device like a
 * tape sent with an application (resuming after a cut or a closed app), and the server links it to the application.
 */
export function TapeRequestAnswer({ application }: { application: MyApplication }) {
  const owner = useOutboxOwner({ owner: 'user' });
  const kept = useKeptTapes(owner).some((tape) => tape.applicationId === application.id);
  const [tape, setTape] = useState<ChosenTape | null>(null);
  const [sending, setSending] = useState(false);
  const request = application.tape_request!;
  const send = async () => {
    if (!tape || owner === null) return;
    setSending(true);
    await keepTape({
      owner,
      roleId: application.role_id,
      applicationId: application.id,
      callTitle: application.call_title,
      roleName: application.role_name,
      file: tape.file,
      fileName: tape.fileName,
      fileType: tape.fileType,
      size: tape.size,
      uploadUrl: null,
      received: 0,
      tapeId: null,
      failure: null,
      createdAt: Date.now(),
    });
    setSending(false);
    setTape(null);
  };
  return (
    <Alert
      color="blue"
      variant="light"
      mt="sm"
      title={tapeRec_request_title({ deadline: formatIndiaTime(request.deadline) })}
    >
      <Stack gap="sm">
        {request.note ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {request.note}
          </Text>
        ) : null}
        {kept ? (
          <TapeUploadStatus applicationId={application.id} />
        ) : (
          <>
            <TapeField limitSeconds={MAX_TAPE_SECONDS} value={tape} onChange={setTape} />
            {tape ? (
              <Button onClick={() => void send()} loading={sending} style={{ alignSelf: 'flex-start' }}>
                {tapeRec_request_send()}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
    </Alert>
  );
}
