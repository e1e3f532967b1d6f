import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage.js';

/**
 * What the tape job does with the files (plugins/tape-transcoder.ts): the parts of an upload put together in order,
 * ffprobe to know what it is, ffmpeg (the Debian package, on the PATH) to make the renditions and the poster frame.
 * See docs/operations/tape-transcode.md.
 */

/** The renditions, by the height of a landscape tape (the width of a portrait one), largest first. */
export const TAPE_HEIGHTS = [720, 480] as const;

/** A second past a role's limit is allowed: a phone's recorder stops a little after its timer. */
export const TAPE_GRACE_SECONDS = 1;

/** The folder of tape `id` in the store, and of its parts (each named by its offset, 12 digits: in order by name). */
export const tapeFolder = (id: number) => `tapes/${id}`;
export const tapePartsFolder = (id: number) => `tapes/${id}/parts`;

/** A file a tape job cannot use, and why: not a video, or too long. Not worth a second try. */
export class UnusableTapeError extends Error {
  constructor(readonly reason: 'not_video' | 'too_long') {
    super(reason === 'not_video' ? 'The file is not a video ffmpeg can read' : 'The tape is longer than allowed');
  }
}

/**
 * Writes the parts of tape `id` into `file`, one after the other, streamed (a 500 MB tape is never in memory).
 * Throws when a part is missing or they do not add up to `size`: an upload not complete is no tape.
 */
export async function assembleParts(storage: Storage, id: number, size: number, file: string): Promise<void> {
  const parts: { key: string; offset: number; size: number }[] = [];
  for await (const entry of storage.list(`${tapePartsFolder(id)}/`)) {
    const offset = Number(entry.key.slice(entry.key.lastIndexOf('/') + 1));
    if (Number.isSafeInteger(offset)) parts.push({ ...entry, offset });
  }
  parts.sort((a, b) => a.offset - b.offset);
  const out = createWriteStream(file);
  try {
    let at = 0;
    for (const part of parts) {
      // A part that a cut request left and the next one rewrote from an earlier offset is skipped or cut short: the
      // bytes are those of the upload's offset order.
      if (part.offset > at) throw new Error(`Tape ${id} misses bytes ${at} to ${part.offset - 1}`);
      if (part.offset + part.size <= at) continue;
      const stored = await storage.read(part.key, { start: at - part.offset });
      if (!stored) throw new Error(`Tape ${id} lost its part at ${part.offset}`);
      await pipeline(stored.body, out, { end: false });
      at = part.offset + part.size;
    }
    if (at !== size) throw new Error(`Tape ${id} has ${at} of its ${size} bytes`);
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
}

/** Runs `command` with `args`; resolves with its standard output, rejects with the end of its error output. */
function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString());
      else reject(new Error(`${command} ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${err.trim()}`));
    });
  });
}

export interface Probed {
  /** Seconds, when the container says (a browser's WebM recording often does not). */
  duration: number | null;
  width: number;
  height: number;
}

/** What ffprobe reads in `file`: its first video stream's size and the length; a file with no video throws. */
export async function probe(file: string): Promise<Probed> {
  let answer: string;
  try {
    answer = await run(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width,height', '-of', 'json', file],
      60_000,
    );
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') throw error;
    throw new UnusableTapeError('not_video');
  }
  const read = JSON.parse(answer) as {
    streams?: { codec_type?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const video = read.streams?.find((stream) => stream.codec_type === 'video' && stream.width && stream.height);
  if (!video) throw new UnusableTapeError('not_video');
  const duration = Number(read.format?.duration);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    width: video.width!,
    height: video.height!,
  };
}

/** The scale filter of a rendition: its short side `size` (never enlarged), the other even, in proportion. */
function scaleTo(size: number): string {
  const side = (dimension: string) => `trunc(min(${size}\\,${dimension})/2)*2`;
  return `scale=w='if(gte(iw\\,ih)\\,-2\\,${side('iw')})':h='if(gte(iw\\,ih)\\,${side('ih')}\\,-2)'`;
}

/** The output options of one rendition: H.264 and AAC in an MP4 that plays while it loads, nothing about the place. */
function renditionArgs(label: string, height: number, maxSeconds: number, file: string): string[] {
  const bitrate = height >= 720 ? 2500 : 1000;
  return [
    '-map',
    `[${label}]`,
    '-map',
    '0:a:0?',
    // The container's and the streams' metadata (a phone's location, its make, the time) are not copied.
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-maxrate',
    `${bitrate}k`,
    '-bufsize',
    `${bitrate * 2}k`,
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    // A tape of unknown length (a browser's recording) is cut just past the limit: long enough to know it is too long.
    '-t',
    String(maxSeconds + TAPE_GRACE_SECONDS + 1),
    '-movflags',
    '+faststart',
    file,
  ];
}

/**
 * Makes `720.mp4`, `480.mp4` and `poster.jpg` of the video `input` in `dir`, in one decoding of the source. Returns
 * the length of the 720p rendition in seconds.
 */
export async function transcode(input: string, dir: string, maxSeconds: number): Promise<number> {
  const [high, low] = TAPE_HEIGHTS;
  const filter = `[0:v:0]split=2[a][b];[a]${scaleTo(high)}[v${high}];[b]${scaleTo(low)}[v${low}]`;
  // A tape takes up to 1.5 times its length on the bench's machine: past 2.5 times and two minutes, ffmpeg is stuck.
  // For the longest tape (600 s) that is 1,625 s, inside the job's claim of 1,800 s (plugins/job-queue.ts), so no
  // other worker takes over a tape still being made.
  const timeoutMs = (120 + maxSeconds * 2.5) * 1000;
  await run(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      input,
      '-filter_complex',
      filter,
      ...renditionArgs(`v${high}`, high, maxSeconds, path.join(dir, `${high}.mp4`)),
      ...renditionArgs(`v${low}`, low, maxSeconds, path.join(dir, `${low}.mp4`)),
    ],
    timeoutMs,
  );
  const made = await probe(path.join(dir, `${high}.mp4`));
  const length = made.duration ?? 0;
  // The poster frame: a second in (past a fade from black), or the middle of a shorter tape.
  await run(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-ss',
      String(Math.min(1, length / 2)),
      '-i',
      path.join(dir, `${high}.mp4`),
      '-frames:v',
      '1',
      '-q:v',
      '4',
      '-map_metadata',
      '-1',
      path.join(dir, 'poster.jpg'),
    ],
    60_000,
  );
  return length;
}

/** A folder of its own under the system's temporary folder, removed by `done`. */
export async function workFolder(prefix: string): Promise<{ dir: string; done: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, done: () => fs.rm(dir, { recursive: true, force: true }) };
}
