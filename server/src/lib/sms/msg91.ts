import { SmsSendError, type SmsMessage, type SmsProvider, type SmsSettings } from './sms-provider.js';

/** An SMS provider that has not answered in 10 s is taken as down: the member is told at once and may ask again. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * MSG91's send-SMS-by-template API ("flow", `POST /api/v5/flow/`): the `authkey` header, and a JSON body naming the
 * template (which MSG91 ties to its DLT template id), the DLT sender id, and one recipient with the template's
 * variables. MSG91 writes the text from the template; it answers `{ "type": "success", "message": <request id> }`,
 * or `{ "type": "error", "message": ... }` (with a 4xx status, or sometimes 200).
 */
export function msg91Provider(settings: SmsSettings, { timeoutMs = SMS_TIMEOUT_MS } = {}): SmsProvider {
  const url = new URL('/api/v5/flow/', settings.baseUrl).toString();
  return {
    name: 'msg91',
    async send(to: string, message: SmsMessage) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            template_id: settings.templateId,
            sender: settings.senderId,
            // Links are sent as written: a code SMS has none, and MSG91 shortening them would change the text.
            short_url: '0',
            // International form without the plus: 91 and the 10 digits.
            recipients: [{ mobiles: `91${to}`, ...message.variables }],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError('unreachable', `MSG91 did not answer: ${(error as Error).message}`, { cause: error });
      }
      const text = await response.text().catch(() => '');
      let answer: { type?: unknown; message?: unknown } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // Not JSON (a proxy's error page): judged by its status below.
      }
      if (!response.ok || answer.type !== 'success') {
        const said = typeof answer.message === 'string' ? answer.message : text.slice(0, 200);
        throw new SmsSendError('refused', `MSG91 answered ${response.status}: ${said}`);
      }
    },
  };
}
