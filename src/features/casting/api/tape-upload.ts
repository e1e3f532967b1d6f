/**
 * One self-tape's upload with the tus protocol (tus-js-client), from where the server left it: the address of the
 * upload is kept with the tape on the device as soon as the server gives it, so a cut connection, a closed app or a
 * reload resumes with a HEAD request and sends only what the server does not have. Loaded when there is a tape to
 * send: the library stays out of every visitor's start.
 */
import { DetailedError, Upload } from 'tus-js-client';
import { TAPE_CHUNK_BYTES, TAPE_UPLOADS_PATH } from '@/contract/tapes';
import { API_BASE, apiPaths } from '@/lib/api-client';
import { loadRefusalWords, refusalText } from '@/lib/refusals';
import { getAccessToken } from '@/lib/session';
import type { TapeRow } from '@/offline/db';
import { deleteTape, updateTape } from '@/offline/tapes';
import { wakeOutbox } from '@/offline/outbox';

/** The tus endpoint, under the signed-in member's API. */
export const tapeUploadsEndpoint = () => `${API_BASE}${apiPaths.userApi(TAPE_UPLOADS_PATH)}`;

/** The tape's number on the server, from the upload's metadata (`tape_id`, in base64) in an answer to HEAD. */
export function tapeIdOf(uploadMetadata: string | null | undefined): number | null {
  for (const pair of (uploadMetadata ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key !== 'tape_id' || !value) continue;
    const id = Number(atob(value));
    return Number.isInteger(id) && id > 0 ? id : null;
  }
  return null;
}

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
export async function uploadTape(tape: TapeRow, onProgress: (sent: number, total: number) => void): Promise<void> {
  const { uploadUrl, tapeId, finished } = await sendTape(tape, onProgress);
  // Sent in one go, the upload was never asked about (HEAD), whose answer names the tape: the resumed upload asks it,
  // finds every byte there and ends at once.
  if (finished && tapeId === null && uploadUrl !== null && tape.applicationId === null) {
    await sendTape({ ...tape, uploadUrl }, onProgress);
  }
}

function sendTape(
  tape: TapeRow,
  onProgress: (sent: number, total: number) => void,
): Promise<{ uploadUrl: string | null; tapeId: number | null; finished: boolean }> {
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
        const named = tapeIdOf(response.getHeader('Upload-Metadata'));
        if (named !== null && named !== tapeId) {
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
          if (tapeId === null && tape.applicationId === null) {
            resolve({ uploadUrl: upload.url, tapeId, finished: true });
            return;
          }
          // A tape that answers the poster's request is linked by the server: nothing on the device waits for it.
          if (tape.applicationId !== null) await deleteTape(id);
          else await updateTape(id, { file: null, received: tape.size, tapeId });
          wakeOutbox();
          resolve({ uploadUrl: upload.url, tapeId, finished: true });
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
          resolve({ uploadUrl: upload.url, tapeId, finished: false });
        })();
      },
    });
    upload.start();
  });
}
