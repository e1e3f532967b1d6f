import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { folderStorage } from '../../server/src/lib/storage.js';
import { makeRenditions } from '../../server/src/lib/tape-job.js';

const run = promisify(execFile);

export interface TapeFigures {
  /** The tape's length in seconds, as made. */
  tapeSeconds: number;
  /** Its size as uploaded. */
  sizeMb: number;
  /** Parts put together, ffprobe, the 720p and 480p renditions, the poster frame, all stored. */
  transcodeSeconds: number;
  /** transcodeSeconds / tapeSeconds: the budget is 1.5. */
  ratio: number;
  /**
   * The CPU time ffprobe and ffmpeg took (user and system, every core): beside the time it took, it says how much of
   * that the machine's other work took from it.
   */
  cpuSeconds: number | null;
}

/** The CPU time of this process's children that have ended, in seconds (Linux: /proc/self/stat), else null. */
async function childrenCpuSeconds(): Promise<number | null> {
  const stat = await fs.readFile('/proc/self/stat', 'utf8').catch(() => null);
  if (!stat) return null;
  // After the command's name in parentheses: field 3 (state) onwards; cutime and cstime are fields 16 and 17, in
  // clock ticks of 1/100 s.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/**
 * A 3-minute 720p tape (ffmpeg's test pattern and a tone, H.264 and AAC as a phone uploads it), stored as an upload
 * leaves it (parts of 5 MB, `tapes/<id>/parts/<offset>`), then made into its renditions by the tape job's own work
 * (`makeRenditions`, lib/tape-job.ts), timed whole. The smoke run takes 10 seconds of it.
 */
export async function measureTapeTranscode(smoke: boolean, log: (line: string) => void): Promise<TapeFigures> {
  const seconds = smoke ? 10 : 180;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-bench-tape-'));
  try {
    const source = path.join(work, 'tape.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1280x720:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      '4M',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
    const bytes = await fs.readFile(source);
    const storage = folderStorage(path.join(work, 'uploads'));
    const tapeId = 1;
    const partSize = 5 * 1024 * 1024;
    for (let offset = 0; offset < bytes.length; offset += partSize) {
      await storage.put(
        `tapes/${tapeId}/parts/${String(offset).padStart(12, '0')}`,
        bytes.subarray(offset, offset + partSize),
      );
    }
    const cpuBefore = await childrenCpuSeconds();
    const started = performance.now();
    const length = await makeRenditions(storage, tapeId, bytes.length, 600);
    const transcodeSeconds = (performance.now() - started) / 1000;
    const cpuAfter = await childrenCpuSeconds();
    const figures = {
      tapeSeconds: Math.round(length),
      sizeMb: bytes.length / 2 ** 20,
      transcodeSeconds,
      ratio: transcodeSeconds / length,
      cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    };
    log(
      `  a ${figures.tapeSeconds} s 720p tape (${figures.sizeMb.toFixed(1)} MB): 720p + 480p + poster frame in ` +
        `${transcodeSeconds.toFixed(1)} s, ${figures.ratio.toFixed(2)} × its length ` +
        `(ffmpeg's CPU time ${figures.cpuSeconds?.toFixed(1) ?? 'unknown'} s on ${os.cpus().length} cores)`,
    );
    return figures;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
