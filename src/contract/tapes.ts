import * as z from 'zod/mini';

/**
 * Self-tapes (docs/decisions/2026-11-28-self-tapes.md). A tape is uploaded with the tus protocol (1.0.0, with the
 * creation, termination and expiration extensions) at `TAPE_UPLOADS_PATH` under the API base, with the upload's
 * metadata `role_id` (the role it is for), optionally `application_id` (answering the poster's request for a tape of
 * that application), `filename` and `filetype`. The application that carries it names it by `self_tape_id`.
 */
export const TAPE_UPLOADS_PATH = '/tapes/uploads';

/**
 * The bytes of one PATCH request of the app's uploader. The server stores each request's bytes as they arrive, so a
 * cut request costs at most what was on the wire; 1 MB takes about 10 s on a weak 1 Mbit/s connection, short enough
 * to rarely be cut.
 */
export const TAPE_CHUNK_BYTES = 1024 * 1024;

/** The largest tape: 500 MB. */
export const MAX_TAPE_BYTES = 500 * 1024 * 1024;
/** The longest tape any role takes: 10 minutes. A role may take less (`self_tape_max_seconds`). */
export const MAX_TAPE_SECONDS = 600;

export const tapeStatuses = ['uploading', 'processing', 'ready', 'failed'] as const;
export type TapeStatus = (typeof tapeStatuses)[number];

/** A rendition of a ready tape, by its height, at a short-lived signed address that takes range requests. */
export const tapeSourceSchema = z.object({ height: z.int(), url: z.string() });

export const tapeSchema = z.object({
  id: z.int(),
  role_id: z.int(),
  application_id: z.nullable(z.int()),
  status: z.enum(tapeStatuses),
  /** Why it failed, in words for its owner. */
  failure: z.nullable(z.string()),
  size: z.number(),
  received: z.number(),
  duration_seconds: z.nullable(z.int()),
  /** The poster frame (a JPEG), once ready. */
  poster_url: z.nullable(z.string()),
  /** 720p first, then 480p; empty until ready. */
  sources: z.array(tapeSourceSchema),
  created_at: z.string(),
});
export type Tape = z.infer<typeof tapeSchema>;
export const tapeResponseSchema = z.object({ data: tapeSchema });

/** A poster's request for a tape from chosen applicants of one call, by a deadline. */
export const tapeRequestInputSchema = z.object({
  application_ids: z.array(z.int()).check(z.minLength(1), z.maxLength(200)),
  note: z.string().check(z.maxLength(2000)),
  /** `YYYY-MM-DD`, India time: the tape is due by the end of that day. */
  deadline: z.string(),
});

/** What an application shows of the poster's request for a tape. */
export const tapeRequestSchema = z.object({ note: z.string(), deadline: z.string(), requested_at: z.string() });
