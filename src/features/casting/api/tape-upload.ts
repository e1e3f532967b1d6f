/**
 * One self-tape's upload with the tus protocol (tus-js-client), from where the server left it: the address of the
 * upload is kept with the tape on the device as soon as the server gives it, so a cut connection, a closed app or a
 * reload resumes with a HEAD request and sends only what the server does not have. Loaded when there is a tape to
 * send: the library stays out of every visitor's start.
 */
import { DetailedError, Upload } from 'tus-js-client';
import { TAPE_UPLOADS_PATH } from '@/contract/tapes';
import { API_BASE } from '@/lib/api-client';
import { loadRefusalWords, refusalText } from '@/lib/refusals';
import { getAccessToken } from '@/lib/session';
import type { TapeRow } from '@/offline/db';
import { deleteTape, updateTape } from '@/offline/tapes';
import { wakeOutbox } from '@/offline/outbox';

/**
 * The bytes of one PATCH request. The server stores each request's bytes as they arrive, so a cut request costs at
 * most what was on the wire; 1 MB takes about 10 s on a weak 1 Mbit/s connection, short enough to rarely be cut.
 */
export const TAPE_CHUNK_BYTES = 1024 * 1024;

/** The tus endpoint, under the signed-in member's API (`/api/user/v1/...`). */
export const tapeUploadsEndpoint = () => `${API_BASE}/api/user${TAPE_UPLOADS_PATH}`;

/** The header in which the server names the tape's number (on creation, and on each answer about the upload). */
const TAPE_ID_HEADER = 'Tape-Id';

/** A refusal that will not change by sending again: the file is too large, not a video, the role takes none. */
function refusedForGood(error: Error): string | null {
  if (!(error instanceof DetailedError) || !error.originalResponse) return null;
  const status = error.originalResponse.getStatus();
  // 401: the session ended (the upload waits for the next sign-in); 408, 409, 423, 429: try again later.
  if (status < 400 || status >= 500 || [401, 408, 409, 423, 429].includes(status)) return null;
  try {
    const { message, code, params } = JSON.parse(error.originalResponse.getBody()) as Record<string, unknown>;
    if (typeof message === 'string') {
      return refusalText(message, typeof code === 'string' ? code : undefined, params as Record<string, string>);
    }
  } catch {
    // Not our JSON: the status says enough.
  }
  return `The tape was refused (${status})`;
}

/**
 * Sends what the server does not have of `tape`; resolves when it has every byte, when it refused the tape (the
 * reason kept with it), or when the network went away (the uploader starts it again when the network returns).
 */
export function uploadTape(tape: TapeRow, onProgress: (sent: number, total: number) => void): Promise<void> {
  const id = tape.id!;
  let tapeId = tape.tapeId;
  return new Promise((resolve) => {
    const upload = new Upload(tape.file!, {
      endpoint: tapeUploadsEndpoint(),
      uploadUrl: tape.uploadUrl,
      chunkSize: TAPE_CHUNK_BYTES,
      // A short blip is retried at once; a longer loss of network ends this run, and the uploader waits for `online`.
      retryDelays: [0, 1000, 3000, 5000, 10_000],
      // The address is kept with the tape (IndexedDB), not in localStorage by the file's fingerprint.
      storeFingerprintForResuming: false,
      metadata: {
        role_id: String(tape.roleId),
        ...(tape.applicationId === null ? {} : { application_id: String(tape.applicationId) }),
        filename: tape.fileName,
        filetype: tape.fileType,
      },
      onBeforeRequest(request) {
        // Read at each request: a session refreshed meanwhile is the one sent.
        const token = getAccessToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      async onAfterResponse(_request, response) {
        const named = Number(response.getHeader(TAPE_ID_HEADER));
        if (Number.isInteger(named) && named > 0 && named !== tapeId) {
          tapeId = named;
          await updateTape(id, { tapeId });
        }
      },
      onUploadUrlAvailable() {
        void updateTape(id, { uploadUrl: upload.url });
      },
      onProgress,
      onChunkComplete(_chunk, accepted) {
        void updateTape(id, { received: accepted });
      },
      onSuccess() {
        void (async () => {
          // A tape that answers the poster's request is linked by the server: nothing on the device waits for it.
          if (tape.applicationId !== null) await deleteTape(id);
          else await updateTape(id, { file: null, received: tape.size, tapeId });
          wakeOutbox();
          resolve();
        })();
      },
      onError(error) {
        void (async () => {
          await loadRefusalWords();
          const failure = refusedForGood(error);
          if (failure !== null) {
            await updateTape(id, { failure });
            wakeOutbox();
          }
          resolve();
        })();
      },
    });
    upload.start();
  });
}
