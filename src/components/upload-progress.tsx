// The bar's stylesheet, loaded with the pages that upload (src/app/mantine-styles.ts has the rest).
import '@mantine/core/styles/Progress.css';
import { Progress, Stack, Text } from '@mantine/core';
import { upload_preparing } from '@/paraglide/messages/upload_preparing.js';
import { upload_progress } from '@/paraglide/messages/upload_progress.js';
import { upload_sending } from '@/paraglide/messages/upload_sending.js';

/** Where an upload stands: the photo being shrunk on the device, or the share of it sent so far (0-100). */
export type UploadStage = 'preparing' | number;

/** Says what an upload is doing, with a real percentage while it is sent: a spinner alone explains nothing. */
export function UploadProgress({ stage }: { stage: UploadStage | null }) {
  if (stage === null) return null;
  return (
    <Stack gap={4} maw={360} mt="xs" aria-live="polite">
      <Text size="sm">{stage === 'preparing' ? upload_preparing() : upload_sending({ percent: stage })}</Text>
      <Progress
        value={stage === 'preparing' ? 0 : stage}
        aria-label={upload_progress()}
        size="md"
        transitionDuration={150}
      />
    </Stack>
  );
}
