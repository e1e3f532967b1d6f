import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsProvider } from './sms-provider.js';

/**
 * Development without an SMS provider: each message is written to the server's log, so phone sign-in can be tried
 * on a laptop. Never used in production (`NODE_ENV=production`): there, without a provider, phone sign-in is off.
 */
export function logSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    async send(to: string, message: SmsMessage) {
      log.info({ sms: { to, text: message.text } }, 'SMS not sent (no SMS provider in development): written here');
    },
  };
}
