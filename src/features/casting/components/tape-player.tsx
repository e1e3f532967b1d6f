import { Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Tape } from '@/contract/tapes';
import { tapeFileUrl, tapeQueryOptions } from '../api/tape-queries';
import { tapePlay_compare_title } from '@/paraglide/messages/tapeplay_compare_title1.js';
import { tapePlay_failed } from '@/paraglide/messages/tapeplay_failed1.js';
import { tapePlay_load_failed } from '@/paraglide/messages/tapeplay_load_failed1.js';
import { tapePlay_loading } from '@/paraglide/messages/tapeplay_loading1.js';
import { tapePlay_processing } from '@/paraglide/messages/tapeplay_processing1.js';
import { tapePlay_title } from '@/paraglide/messages/tapeplay_title1.js';
import classes from './casting.module.css';

/** The phone's layout (Mantine's `sm` breakpoint), where the smaller rendition is enough. */
const PHONE = '(max-width: 48em)';

/**
 * The rendition to play: 480p on a phone's screen or when the member asked to save data, 720p elsewhere. A
 * `<video>` plays one file; the choice is made once, when the tape opens.
 */
function sourceFor(tape: Tape, phone: boolean): string {
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  const wanted = phone || saveData ? 480 : 720;
  const source = tape.sources.find((item) => item.height === wanted) ?? tape.sources[0];
  return source ? tapeFileUrl(source.url) : '';
}

/**
 * One tape: a `<video>` with its poster frame, played from the server with range requests (seeking fetches only what
 * is watched). An address that expired while the tape was open is asked for again, and playing goes on where it was.
 */
export function TapeVideo({ tapeId, name }: { tapeId: number; name: string }) {
  const tape = useQuery(tapeQueryOptions(tapeId));
  const phone = useMediaQuery(PHONE, true, { getInitialValueInEffect: false });
  const video = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef(0);
  if (tape.isPending) {
    return (
      <Stack align="center" gap="xs" py="md" role="status">
        <Loader size="sm" />
        <Text size="sm">{tapePlay_loading()}</Text>
      </Stack>
    );
  }
  if (tape.isError) {
    return (
      <Text size="sm" c="var(--cv-danger-text)" role="alert">
        {tapePlay_load_failed()}
      </Text>
    );
  }
  const data = tape.data;
  if (data.status !== 'ready') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {data.status === 'failed' ? (data.failure ?? tapePlay_failed()) : tapePlay_processing()}
      </Text>
    );
  }
  return (
    <video
      ref={video}
      className={classes.tapeVideo}
      controls
      playsInline
      preload="metadata"
      poster={data.poster_url ? tapeFileUrl(data.poster_url) : undefined}
      src={sourceFor(data, phone)}
      aria-label={tapePlay_title({ name })}
      data-testid="tape-video"
      onLoadedMetadata={() => {
        if (resumeAt.current > 0 && video.current) video.current.currentTime = resumeAt.current;
        resumeAt.current = 0;
      }}
      onError={() => {
        resumeAt.current = video.current?.currentTime ?? 0;
        void tape.refetch();
      }}
    />
  );
}

/** A dialog that plays one applicant's tape. */
export function TapeDialog({ tapeId, name, onClose }: { tapeId: number; name: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={tapePlay_title({ name })} size="lg" centered>
      <TapeVideo tapeId={tapeId} name={name} />
    </Modal>
  );
}

/**
 * Two applicants' tapes side by side, on a phone too (the whole screen, each half as wide), so the poster watches
 * them one after the other, or together, without losing either.
 */
export function CompareTapesDialog({
  tapes,
  onClose,
}: {
  tapes: [{ tapeId: number; name: string }, { tapeId: number; name: string }];
  onClose: () => void;
}) {
  const phone = useMediaQuery(PHONE, true, { getInitialValueInEffect: false });
  return (
    <Modal opened onClose={onClose} title={tapePlay_compare_title()} size="90rem" fullScreen={phone} centered>
      <SimpleGrid cols={2} spacing="xs" data-testid="tape-compare">
        {tapes.map(({ tapeId, name }) => (
          <Stack key={tapeId} gap={4} miw={0}>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            <TapeVideo tapeId={tapeId} name={name} />
          </Stack>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
