import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The MSG91 account the end-to-end server is given (tests/e2e/global-setup.ts). */
export const E2E_SMS = { authKey: 'e2e-auth-key', templateId: '6650e2e0e2e0e2e0e2e0e2e0', senderId: 'CINEVR' };

/** An SMS as MSG91 would send it: to whom, from which sender id, by which template, and its text. */
export interface ReceivedSms {
  /** The number as sent (91 and 10 digits). */
  to: string;
  sender: string;
  templateId: string;
  /** The template's text with the request's variables in it, as the phone shows it. */
  text: string;
  /** The request as it arrived: its headers and JSON body. */
  request: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
}

/** A failure the stand-in answers instead of sending: an error answer, or no answer at all. */
export type StandInFailure = { status: number; body: unknown } | 'no-answer';

export interface Msg91StandIn {
  /** `http://127.0.0.1:<port>`, for SMS_BASE_URL. */
  url: string;
  received: ReceivedSms[];
  /** The next `count` requests (1 by default) get `failure` instead of being sent. */
  failNext(failure: StandInFailure, count?: number): void;
  close(): Promise<void>;
}

/**
 * A loopback stand-in of MSG91's send-SMS-by-template API (`POST /api/v5/flow/`), as its documentation gives it: the
 * `authkey` header (a wrong one is answered 401), a JSON body with `template_id`, `sender` and `recipients` (each
 * `mobiles` with the template's variables). It writes the text from its copy of the registered template
 * (`##name##` stands for a variable), keeps every message, and answers `{ type: "success", message: <request id> }`.
 * With `dir`, each message is also written there as a JSON file, so other processes (Playwright's workers) read it.
 */
export async function startMsg91StandIn(options: {
  authKey: string;
  /** The registered templates by id. */
  templates: Record<string, string>;
  dir?: string;
  port?: number;
}): Promise<Msg91StandIn> {
  const received: ReceivedSms[] = [];
  const failures: StandInFailure[] = [];
  const hanging = new Set<ServerResponse>();

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://stand-in');
        if (request.method !== 'POST' || !/^\/api\/v5\/flow\/?$/.test(url.pathname)) {
          return answer(response, 404, { type: 'error', message: 'Not found' });
        }
        if (request.headers.authkey !== options.authKey) {
          return answer(response, 401, { type: 'error', message: 'Authentication failure' });
        }
        const failure = failures.shift();
        if (failure === 'no-answer') {
          hanging.add(response);
          return;
        }
        if (failure) return answer(response, failure.status, failure.body);
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return answer(response, 400, { type: 'error', message: 'Invalid JSON' });
        }
        const template = typeof body.template_id === 'string' ? options.templates[body.template_id] : undefined;
        if (!template) return answer(response, 400, { type: 'error', message: 'Invalid template id' });
        if (typeof body.sender !== 'string' || !body.sender) {
          return answer(response, 400, { type: 'error', message: 'Sender id is missing' });
        }
        const recipients = Array.isArray(body.recipients) ? (body.recipients as Record<string, unknown>[]) : [];
        if (recipients.length === 0 || recipients.some((item) => !/^91[6-9]\d{9}$/.test(String(item.mobiles)))) {
          return answer(response, 400, { type: 'error', message: 'Invalid mobile number' });
        }
        for (const recipient of recipients) {
          const text = template.replace(/##(\w+)##/g, (_whole, name: string) => String(recipient[name] ?? ''));
          const sms: ReceivedSms = {
            to: String(recipient.mobiles),
            sender: body.sender,
            templateId: String(body.template_id),
            text,
            request: { method: request.method, path: url.pathname, headers: request.headers, body },
          };
          received.push(sms);
          if (options.dir) {
            // Written whole, then renamed: a reader never sees half a file.
            const name = path.join(options.dir, `${Date.now()}-${received.length}.json`);
            await writeFile(`${name}.part`, JSON.stringify(sms));
            await rename(`${name}.part`, name);
          }
        }
        answer(response, 200, { type: 'success', message: randomBytes(12).toString('hex') });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    failNext(failure, count = 1) {
      for (let index = 0; index < count; index += 1) failures.push(failure);
    },
    close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The SMS written to `dir` by a stand-in started with it, oldest first. */
export async function readSmsDir(dir: string): Promise<ReceivedSms[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ReceivedSms),
  );
}

/** The 6-digit code of an SMS, read from its WebOTP line as the phone would (`@host #123456`, the last line). */
export function codeOf(sms: ReceivedSms): string {
  const match = /\n@\S+ #(\d{6})$/.exec(sms.text);
  if (!match?.[1]) throw new Error(`No WebOTP line in the SMS: ${sms.text}`);
  return match[1];
}
