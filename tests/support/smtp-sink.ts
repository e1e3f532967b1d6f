import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A message as it arrived: its envelope's sender and recipients, and its raw text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test's own process, on a free port (or `port`), keeping every message it is sent. With
 * `dir`, each message is also written there as a JSON file (`ReceivedMail`), so that other processes (Playwright's
 * workers) can read the mail a server sent.
 */
export async function startSmtpSink({ dir, port = 0 }: { dir?: string; port?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        if (!dir) return callback();
        // Written whole, then renamed: a reader never sees half a file.
        const name = path.join(dir, `${Date.now()}-${received.length}.json`);
        writeFile(`${name}.part`, JSON.stringify(mail))
          .then(() => rename(`${name}.part`, name))
          .then(() => callback(), callback);
      });
    },
  });
  // A sender that dies mid-conversation (a killed server process) resets its connection: nothing to report.
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  const address = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The mail written to `dir` by a sink started with it, oldest first. */
export async function readMailDir(dir: string): Promise<ReceivedMail[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ReceivedMail),
  );
}

/** The text of a mail as its reader sees it: quoted-printable soft line breaks and escapes undone. */
export function mailText(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** How long a test waits for a mail: the server sends what is queued every 5 s, so a few of its rounds. */
export const mailRounds = { timeout: 20_000 };
