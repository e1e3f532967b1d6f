import { Alert, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_TAPE_BYTES } from '@/contract/tapes';
import { tapeRec_back_camera } from '@/paraglide/messages/taperec_back_camera1.js';
import { tapeRec_cancel } from '@/paraglide/messages/taperec_cancel1.js';
import { tapeRec_choose } from '@/paraglide/messages/taperec_choose1.js';
import { tapeRec_front_camera } from '@/paraglide/messages/taperec_front_camera1.js';
import { tapeRec_label } from '@/paraglide/messages/taperec_label1.js';
import { tapeRec_limit } from '@/paraglide/messages/taperec_limit1.js';
import { tapeRec_no_camera } from '@/paraglide/messages/taperec_no_camera1.js';
import { tapeRec_no_recorder } from '@/paraglide/messages/taperec_no_recorder1.js';
import { tapeRec_not_video } from '@/paraglide/messages/taperec_not_video1.js';
import { tapeRec_preview } from '@/paraglide/messages/taperec_preview1.js';
import { tapeRec_record } from '@/paraglide/messages/taperec_record1.js';
import { tapeRec_recorded } from '@/paraglide/messages/taperec_recorded1.js';
import { tapeRec_recording } from '@/paraglide/messages/taperec_recording1.js';
import { tapeRec_remove } from '@/paraglide/messages/taperec_remove1.js';
import { tapeRec_start } from '@/paraglide/messages/taperec_start1.js';
import { tapeRec_stop } from '@/paraglide/messages/taperec_stop1.js';
import { tapeRec_too_big } from '@/paraglide/messages/taperec_too_big1.js';
import { tapeRec_too_long } from '@/paraglide/messages/taperec_too_long1.js';
import classes from './casting.module.css';
import { clockOf, megabytesOf, type ChosenTape } from './tape-format';

/** The first recording format this browser writes: WebM (Chrome, Firefox, Android), else MP4 (Safari, iPhone). */
function recordingType(): string {
  const types = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  return types.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

/** A picked file's length from its metadata; null when the browser cannot tell (the server measures it anyway). */
function lengthOf(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const address = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(address);
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = address;
  });
}

type Facing = 'user' | 'environment';

/**
 * The camera, live, then recording up to the role's limit with a timer: front or back camera (chosen before the
 * recording starts). Stops by itself at the limit.
 */
function Recorder({
  limitSeconds,
  onRecorded,
  onCancel,
}: {
  limitSeconds: number;
  onRecorded: (tape: ChosenTape) => void;
  onCancel: () => void;
}) {
  const preview = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [failure, setFailure] = useState<string | null>(() =>
    typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia ? tapeRec_no_recorder() : null,
  );
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);

  useEffect(() => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return;
    let opened: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: true,
      })
      .then((media) => {
        if (cancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        opened = media;
        setStream(media);
        if (preview.current) preview.current.srcObject = media;
      })
      .catch(() => setFailure(tapeRec_no_camera()));
    return () => {
      cancelled = true;
      for (const track of opened?.getTracks() ?? []) track.stop();
    };
  }, [facing]);

  // The timer, and the stop at the role's limit.
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => {
      const seconds = (Date.now() - startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= limitSeconds && recorder.current?.state === 'recording') recorder.current.stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [startedAt, limitSeconds]);

  const start = () => {
    if (!stream) return;
    const type = recordingType();
    const media = new MediaRecorder(stream, {
      ...(type ? { mimeType: type } : {}),
      // About 19 MB a minute: 720p that a casting director can judge, and a 10-minute tape well under 500 MB.
      videoBitsPerSecond: 2_500_000,
    });
    const chunks: Blob[] = [];
    const began = Date.now();
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      const fileType = (media.mimeType || type || 'video/webm').split(';')[0]!;
      const file = new Blob(chunks, { type: fileType });
      const seconds = Math.min(limitSeconds, (Date.now() - began) / 1000);
      onRecorded({
        file,
        fileName: `self-tape.${fileType === 'video/mp4' ? 'mp4' : 'webm'}`,
        fileType,
        size: file.size,
        seconds,
      });
    };
    // A slice every second: a recording cut short by the browser keeps what it had.
    media.start(1000);
    recorder.current = media;
    setStartedAt(began);
    setElapsed(0);
  };

  if (failure) {
    return (
      <Alert color="yellow" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{failure}</Text>
          <Button variant="light" size="xs" onClick={onCancel}>
            {tapeRec_cancel()}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const recording = startedAt !== null;
  return (
    <Stack gap="xs">
      <video
        ref={preview}
        className={classes.tapePreview}
        autoPlay
        muted
        playsInline
        aria-label={tapeRec_preview()}
        // The front camera shows as a mirror, as people expect of it; the recording itself is not mirrored.
        style={facing === 'user' ? { transform: 'scaleX(-1)' } : undefined}
      />
      {recording ? (
        <Text size="sm" role="timer" aria-live="off" fw={700}>
          <span className={classes.tapeDot} aria-hidden="true" /> {tapeRec_recording()} {clockOf(elapsed)} /{' '}
          {clockOf(limitSeconds)}
        </Text>
      ) : null}
      <Group gap="xs">
        {recording ? (
          <Button color="red" onClick={() => recorder.current?.stop()}>
            {tapeRec_stop()}
          </Button>
        ) : (
          <>
            <Button onClick={start} disabled={!stream}>
              {tapeRec_start()}
            </Button>
            <Button variant="light" onClick={() => setFacing(facing === 'user' ? 'environment' : 'user')}>
              {facing === 'user' ? tapeRec_back_camera() : tapeRec_front_camera()}
            </Button>
            <Button variant="subtle" onClick={onCancel}>
              {tapeRec_cancel()}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/** The recorded or picked tape, played back before it is sent. */
function ChosenTapeView({ tape, onRemove }: { tape: ChosenTape; onRemove: () => void }) {
  // The video's address lives as long as the element that plays it.
  const play = useCallback(
    (video: HTMLVideoElement | null) => {
      if (!video) return;
      const address = URL.createObjectURL(tape.file);
      video.src = address;
      return () => URL.revokeObjectURL(address);
    },
    [tape.file],
  );
  return (
    <Stack gap="xs">
      <video ref={play} className={classes.tapePreview} controls playsInline />
      <Text size="sm">
        {tapeRec_recorded({
          length: tape.seconds === null ? '' : `${clockOf(tape.seconds)}, `,
          size: megabytesOf(tape.size),
        })}
      </Text>
      <Group gap="xs">
        <Button variant="light" size="xs" onClick={onRemove}>
          {tapeRec_remove()}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A self-tape for a role: recorded here with the camera, or a video picked from the device, checked against the
 * role's length and 500 MB before anything is sent (the server checks both again).
 */
export function TapeField({
  limitSeconds,
  value,
  onChange,
  error,
  description,
}: {
  limitSeconds: number;
  value: ChosenTape | null;
  onChange: (tape: ChosenTape | null) => void;
  error?: string | undefined;
  description?: string | undefined;
}) {
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (!file.type.startsWith('video/')) return setProblem(tapeRec_not_video());
    if (file.size > MAX_TAPE_BYTES) return setProblem(tapeRec_too_big());
    const seconds = await lengthOf(file);
    if (seconds !== null && seconds > limitSeconds + 1) {
      return setProblem(tapeRec_too_long({ length: clockOf(seconds), limit: clockOf(limitSeconds) }));
    }
    onChange({ file, fileName: file.name, fileType: file.type, size: file.size, seconds });
  };
  const shown = problem ?? error;
  return (
    <Input.Wrapper
      label={tapeRec_label()}
      description={[description, tapeRec_limit({ limit: clockOf(limitSeconds) })].filter(Boolean).join(' ')}
      error={shown}
      id="self-tape"
      // A group of buttons, not one field: each button keeps its own name.
      labelElement="div"
    >
      <div style={{ marginTop: 6 }}>
        {value ? (
          <ChosenTapeView tape={value} onRemove={() => onChange(null)} />
        ) : recording ? (
          <Recorder
            limitSeconds={limitSeconds}
            onRecorded={(tape) => {
              setRecording(false);
              onChange(tape);
            }}
            onCancel={() => setRecording(false)}
          />
        ) : (
          <Group gap="xs">
            <Button
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? 'self-tape-error' : undefined}
              onClick={() => setRecording(true)}
            >
              {tapeRec_record()}
            </Button>
            <FileButton accept="video/*" onChange={(file) => void pick(file)}>
              {(props) => (
                <Button variant="light" {...props}>
                  {tapeRec_choose()}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </div>
    </Input.Wrapper>
  );
}
