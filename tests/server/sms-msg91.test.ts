import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg91Provider } from '../../server/src/lib/sms/msg91.js';
import { signInCodeSms, signInCodeTemplate } from '../../server/src/lib/sms/sign-in-code-sms.js';
import { SmsSendError } from '../../server/src/lib/sms/sms-provider.js';
import { type Msg91StandIn, startMsg91StandIn } from '../support/msg91-stand-in.js';

const AUTH_KEY = '412345ABCdefGHIjkl6789';
const TEMPLATE_ID = '6650a1b2c3d4e5f6a7b8c9d0';
const settings = (standIn: Msg91StandIn, authKey = AUTH_KEY) => ({
  baseUrl: standIn.url,
  authKey,
  templateId: TEMPLATE_ID,
  senderId: 'CINEVR',
});

let standIn: Msg91StandIn;
beforeAll(async () => {
  standIn = await startMsg91StandIn({
    authKey: AUTH_KEY,
    templates: { [TEMPLATE_ID]: signInCodeTemplate('cineverse.in') },
  });
});
afterAll(() => standIn.close());

async function refusalOf(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('the MSG91 adapter', () => {
  it('sends the request MSG91 documents: POST /api/v5/flow/, the authkey header, template, sender and recipient', async () => {
    await msg91Provider(settings(standIn)).send('9876543210', signInCodeSms('cineverse.in', '042917'));
    const sms = standIn.received.at(-1)!;
    expect(sms.request.method).toBe('POST');
    expect(sms.request.path).toBe('/api/v5/flow/');
    expect(sms.request.headers.authkey).toBe(AUTH_KEY);
    expect(sms.request.headers['content-type']).toBe('application/json');
    expect(sms.request.body).toEqual({
      template_id: TEMPLATE_ID,
      sender: 'CINEVR',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', otp: '042917' }],
    });
    // The text MSG91 writes from the registered template is the text the app means.
    expect(sms.text).toBe(signInCodeSms('cineverse.in', '042917').text);
    expect(sms.text.split('\n').at(-1)).toBe('@cineverse.in #042917');
  });

  it('is refused with a wrong authkey, and nothing is sent', async () => {
    const before = standIn.received.length;
    const error = await refusalOf(
      msg91Provider(settings(standIn, 'wrong-key')).send('9876543210', signInCodeSms('cineverse.in', '111111')),
    );
    expect(error.reason).toBe('refused');
    expect(error.message).toMatch(/401/);
    expect(standIn.received.length).toBe(before);
  });

  it('reports a provider failure: an error status, or an error answered with 200', async () => {
    standIn.failNext({ status: 500, body: { type: 'error', message: 'Internal server error' } });
    expect(
      (await refusalOf(msg91Provider(settings(standIn)).send('9876543210', signInCodeSms('cineverse.in', '1')))).reason,
    ).toBe('refused');
    standIn.failNext({ status: 200, body: { type: 'error', message: 'Insufficient balance' } });
    const error = await refusalOf(
      msg91Provider(settings(standIn)).send('9876543210', signInCodeSms('cineverse.in', '1')),
    );
    expect(error.reason).toBe('refused');
    expect(error.message).toMatch(/Insufficient balance/);
  });

  it('gives up on a provider that does not answer within its timeout', async () => {
    standIn.failNext('no-answer');
    const error = await refusalOf(
      msg91Provider(settings(standIn), { timeoutMs: 200 }).send('9876543210', signInCodeSms('cineverse.in', '1')),
    );
    expect(error.reason).toBe('unreachable');
  });

  it('reports a provider nobody listens at as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await refusalOf(
      msg91Provider({ ...settings(standIn), baseUrl: `http://127.0.0.1:${port}` }).send(
        '9876543210',
        signInCodeSms('cineverse.in', '1'),
      ),
    );
    expect(error.reason).toBe('unreachable');
  });
});
