import '@mantine/core/styles/Progress.css';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { TapeRow } from '@/offline/db';
import { useOutboxOwner } from '@/offline/use-outbox';
import { useKeptTapes } from '@/offline/tapes';
import { tapeRec_paused } from '@/paraglide/messages/taperec_paused1.js';
import { tapeRec_progress_label } from '@/paraglide/messages/taperec_progress_label1.js';
import { tapeRec_refused } from '@/paraglide/messages/taperec_refused1.js';
import { tapeRec_uploaded } from '@/paraglide/messages/taperec_uploaded1.js';
import { tapeRec_uploading } from '@/paraglide/messages/taperec_uploading1.js';
import { useTapeProgress } from '../api/tape-uploads';
import { megabytesOf } from './tape-format';

function TapeLine({ tape }: { tape: TapeRow }) {
  const { online } = useNetwork();
  const live = useTapeProgress(tape.id);
  const sent = tape.file === null ? tape.size : Math.max(live?.sent ?? 0, tape.received);
  const percent = tape.size > 0 ? Math.min(100, Math.floor((sent / tape.size) * 100)) : 0;
  const role = tape.roleName;
  if (tape.failure !== null) {
    return (
      <Alert color="red" variant="light" role="alert">
        {tapeRec_refused({ role, reason: tape.failure })}
      </Alert>
    );
  }
  const words =
    tape.file === null
      ? tapeRec_uploaded({ role })
      : online
        ? tapeRec_uploading({ role, percent: String(percent), sent: megabytesOf(sent), size: megabytesOf(tape.size) })
        : tapeRec_paused({ role, percent: String(percent) });
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {words}
      </Text>
      <Progress
        value={percent}
        color={online ? 'blue' : 'yellow'}
        aria-label={tapeRec_progress_label({ role })}
        animated={online && tape.file !== null}
      />
    </Stack>
  );
}

/**
 * The self-tapes on their way from this device (all, one role's, or one application's), with how much the server
 * has: kept across reloads, so a closed and reopened app shows where the upload stands.
 */
export function TapeUploadStatus({ roleId, applicationId = null }: { roleId?: number; applicationId?: number | null }) {
  const owner = useOutboxOwner({ owner: 'user' });
  // A tape sent with its application (none), or one answering the poster's request for it.
  const tapes = useKeptTapes(owner).filter(
    (tape) => tape.applicationId === applicationId && (roleId === undefined || tape.roleId === roleId),
  );
  if (tapes.length === 0) return null;
  return (
    <Stack gap="sm" mt="xs">
      {tapes.map((tape) => (
        <TapeLine key={tape.id} tape={tape} />
      ))}
    </Stack>
  );
}
