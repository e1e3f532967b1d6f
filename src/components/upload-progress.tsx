// The bar's stylesheet, loaded with the pages that upload (src/app/mantine-styles.ts has the rest).
import '@mantine/core/styles/Progress.css';
import { Progress, Stack, Text } from '@mantine/core';

/** Where an upload stands: the photo being shrunk on the device, or the share of it sent so far (0-100). */
export type UploadStage = 'preparing' | number;

/** Says what an upload is doing, with a real percentage while it is sent: a spinner alone explains nothing. */
export function UploadProgress({ stage }: { stage: UploadStage | null }) {
  if (stage === null) return null;
  return (
    <Stack gap={4} maw={360} mt="xs" aria-live="polite">
      <Text size="sm">{stage === 'preparing' ? 'Making the photo smaller…' : `Uploading: ${stage}%`}</Text>
      <Progress
        value={stage === 'preparing' ? 0 : stage}
        aria-label="Upload progress"
        size="md"
        transitionDuration={150}
      />
    </Stack>
  );
}
