/**
 * Where the app's SMS go. One adapter speaks to a real provider (`msg91.ts`); in development without one, the code is
 * written to the server's log (`log-provider.ts`). Indian SMS must match a template registered on the DLT platform, so
 * a message carries both its whole text (what the member reads, and what the log shows) and the values of its
 * template's variables (what a template-based provider is sent).
 */
export interface SmsMessage {
  /** The whole text as the member reads it. */
  text: string;
  /** The values of the registered template's variables, by name (`otp`). */
  variables: Record<string, string>;
}

export interface SmsProvider {
  /** A name for the log (`msg91`, `log`). */
  readonly name: string;
  /** Sends `message` to the 10-digit Indian mobile number `to`; throws `SmsSendError` when it was not accepted. */
  send(to: string, message: SmsMessage): Promise<void>;
}

/**
 * The provider did not take the message: `unreachable` when no answer came (a timeout, a refused connection), or
 * `refused` when it answered with an error (a wrong auth key, an unknown template, no balance).
 */
export class SmsSendError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'refused',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}

/** The MSG91 account the SMS go through (SMS_* in the environment; docs/operations/sms.md). */
export interface SmsSettings {
  /** The API's address, without a path: `https://control.msg91.com` unless SMS_BASE_URL says otherwise. */
  baseUrl: string;
  /** SMS_AUTH_KEY: sent as the `authkey` header. */
  authKey: string;
  /** SMS_TEMPLATE_ID: MSG91's id of the sign-in code template, which carries the DLT template id. */
  templateId: string;
  /** SMS_SENDER_ID: the 6-letter DLT sender id (header), such as CINEVR. */
  senderId: string;
}
