import { PHONE_CODE_MINUTES } from '../../../../src/contract/user.js';
import type { SmsMessage } from './sms-provider.js';

/** The name of the code's variable in the registered template (MSG91 writes `##otp##` for it). */
export const CODE_VARIABLE = 'otp';

/**
 * The sign-in code SMS with `code` standing for the code: the template to register on the DLT platform and with
 * MSG91 (docs/operations/sms.md) for a site reached at `host`. Its last line is the WebOTP line (`@host #code`):
 * Chrome on Android reads it and offers the code to the page of that host only.
 */
export function signInCodeTemplate(host: string, code = `##${CODE_VARIABLE}##`): string {
  return (
    `${code} is your CineVerse code to sign in. It works for ${PHONE_CODE_MINUTES} minutes. ` +
    `Do not share it with anyone.\n\n@${host} #${code}`
  );
}

/** The SMS carrying `code` for the site at `host`. */
export function signInCodeSms(host: string, code: string): SmsMessage {
  return { text: signInCodeTemplate(host, code), variables: { [CODE_VARIABLE]: code } };
}
