import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  loginResponseSchema,
  messageResponseSchema,
  PHONE_CODE_ERRORS,
  PHONE_CODE_MINUTES,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TRIES,
  PHONE_CODES_PER_ADDRESS_PER_HOUR,
  PHONE_CODES_PER_NUMBER_PER_DAY,
  PHONE_CODES_PER_NUMBER_PER_HOUR,
  phoneCodeRequestSchema,
  phoneCodeResponseSchema,
  phoneConfirmRequestSchema,
  phoneLoginRequestSchema,
  phoneRegisterRequestSchema,
  type User,
} from '../../../../src/contract/user.js';
import { addressKey as clientAddressKey } from '../../lib/client-address.js';
import { signInCodeSms } from '../../lib/sms/sign-in-code-sms.js';
import { SmsSendError, type SmsProvider } from '../../lib/sms/sms-provider.js';
import { HttpError } from '../../plugins/error-handler.js';
import type { PhoneCodeCheck, PhoneCodePurpose } from '../../plugins/phone-code-repository.js';
import { signedInUser } from '../shop/route-helpers.js';

export interface PhoneSignInRoutesOptions {
  /** Where the codes go: MSG91, or the log in development. */
  provider: SmsProvider;
  /** The site's host as members reach it (PUBLIC_URL's), for the SMS's WebOTP line. */
  host: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** "+91 98765 43210", as the number is read out to its owner; no-break spaces keep it on one line. */
function spokenPhone(phone: string): string {
  return `+91\u00a0${phone.slice(0, 5)}\u00a0${phone.slice(5)}`;
}

/** The wait a refusal names, in whole minutes (rounded up), as its words need them. */
function minutesOf(seconds: number): number {
  return Math.ceil(seconds / 60);
}

/** Each refusal of a code, named for the code screen (the field and a `code` it acts on). */
function refusal(check: Exclude<PhoneCodeCheck, { ok: true }>): HttpError {
  switch (check.reason) {
    case 'wrong':
      return new HttpError(
        400,
        check.triesLeft > 0
          ? `That code is not right. ${check.triesLeft} ${check.triesLeft === 1 ? 'try' : 'tries'} left.`
          : `That code is not right, and it was the last of ${PHONE_CODE_TRIES} tries. Ask for a new code.`,
        'code',
        undefined,
        check.triesLeft > 0 ? PHONE_CODE_ERRORS.wrong : PHONE_CODE_ERRORS.triesUsed,
      );
    case 'tries_used':
      return new HttpError(
        400,
        `This code has had its ${PHONE_CODE_TRIES} tries. Ask for a new code.`,
        'code',
        undefined,
        PHONE_CODE_ERRORS.triesUsed,
      );
    case 'used':
    case 'expired':
    case 'none':
      return new HttpError(
        400,
        check.reason === 'used'
          ? 'This code was used already. Ask for a new code.'
          : `This code has expired (a code works for ${PHONE_CODE_MINUTES} minutes). Ask for a new code.`,
        'code',
        undefined,
        PHONE_CODE_ERRORS.expired,
      );
  }
}

/**
 * Sign-in and registration with an Indian mobile number and a code sent by SMS. Registered only when codes can be
 * sent (an SMS provider, or the log in development): otherwise every path here answers 404.
 */
const phoneSignInRoutes: FastifyPluginAsyncZod<PhoneSignInRoutesOptions> = async (fastify, options) => {
  const { accountRepository, attempts, phoneCodes } = fastify;
  const noStore = { onRequest: fastify.noStore };

  fastify.post(
    '/phone/code',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Send a one-time code by SMS to register or log in with a phone number',
        description:
          `The code has 6 digits, works for ${PHONE_CODE_MINUTES} minutes and ${PHONE_CODE_TRIES} tries, once. ` +
          `A new one may be asked for ${PHONE_CODE_RESEND_SECONDS} s after the last; at most ` +
          `${PHONE_CODES_PER_NUMBER_PER_HOUR} an hour and ${PHONE_CODES_PER_NUMBER_PER_DAY} a day go to one number ` +
          `and ${PHONE_CODES_PER_ADDRESS_PER_HOUR} an hour to one client address, an IPv6 address by its /64 (429 ` +
          'with Retry-After); a request with the `device_token` of a past sign-in with the number counts on its own. ' +
          'The answer is the same whether or not an account has the number: what the code unlocks is decided when it ' +
          'is used. An SMS the provider did not take answers 502 (refused) or 503 (no answer, with Retry-After) and ' +
          'counts toward no limit.',
        body: phoneCodeRequestSchema,
        response: {
          202: phoneCodeResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { phone, purpose, device_token: deviceToken } = request.body;
      // The same work for every number, with an account or without: the answer tells nothing of who has one.
      const account = await accountRepository.findByConfirmedPhone(phone);
      const deviceId = deviceToken ? await accountRepository.findDevice(account?.id ?? 0, deviceToken) : null;
      // A device that signed in with this number before counts on keys of its own, so that codes asked for by others
      // (from any number of addresses) never keep the owner out; a stolen device token gets no more than the number.
      const sender = deviceId === null ? phone : `device-${deviceId}`;
      // Per purpose: a member who has just registered may log in at once.
      const waitKey = `sms-wait:${purpose}:${sender}`;
      const hourKey = `sms-number:${sender}`;
      const dayKey = `sms-number-day:${sender}`;
      const addressKey = `sms-address:${clientAddressKey(request.ip)}`;
      // Each in one statement, before anything is sent: requests at once each see the others.
      const [wait] = await attempts.count([waitKey], PHONE_CODE_RESEND_SECONDS * 1000);
      if (wait && wait.attempts > 1) {
        throw new HttpError(
          429,
          `Wait ${wait.retryAfterSeconds} seconds before asking for a new code.`,
          'phone',
          wait.retryAfterSeconds,
          PHONE_CODE_ERRORS.tooSoon,
        );
      }
      const counted = deviceId === null ? [hourKey, addressKey] : [hourKey];
      const [hourly, [daily]] = await Promise.all([attempts.count(counted, HOUR_MS), attempts.count([dayKey], DAY_MS)]);
      const forHour = hourly.find((count) => count.key === hourKey);
      const forAddress = hourly.find((count) => count.key === addressKey);
      /** A request that sends nothing counts only on the key that refused it, and starts no wait. */
      const refuse = async (refusedKey: string, error: HttpError) => {
        const others = [...counted, dayKey].filter((key) => key !== refusedKey);
        await Promise.all([...others.map((key) => attempts.giveBack(key)), attempts.forget(waitKey)]);
        throw error;
      };
      if (forHour && forHour.attempts > PHONE_CODES_PER_NUMBER_PER_HOUR) {
        await refuse(
          hourKey,
          new HttpError(
            429,
            `We have sent ${PHONE_CODES_PER_NUMBER_PER_HOUR} codes to this number in the last hour. Try again in ${minutesOf(forHour.retryAfterSeconds)} minute${minutesOf(forHour.retryAfterSeconds) === 1 ? '' : 's'}.`,
            'phone',
            forHour.retryAfterSeconds,
            PHONE_CODE_ERRORS.tooMany,
          ),
        );
      }
      if (daily && daily.attempts > PHONE_CODES_PER_NUMBER_PER_DAY) {
        await refuse(
          dayKey,
          new HttpError(
            429,
            // Past an hour and a half the wait is said in hours.
            daily.retryAfterSeconds > 90 * 60
              ? `We have sent ${PHONE_CODES_PER_NUMBER_PER_DAY} codes to this number today. Try again in ${Math.ceil(daily.retryAfterSeconds / 3600)} hours.`
              : `We have sent ${PHONE_CODES_PER_NUMBER_PER_DAY} codes to this number today. Try again in ${minutesOf(daily.retryAfterSeconds)} minute${minutesOf(daily.retryAfterSeconds) === 1 ? '' : 's'}.`,
            'phone',
            daily.retryAfterSeconds,
          ),
        );
      }
      if (forAddress && forAddress.attempts > PHONE_CODES_PER_ADDRESS_PER_HOUR) {
        await refuse(
          addressKey,
          new HttpError(
            429,
            `Too many codes were asked for from this network. Try again in ${minutesOf(forAddress.retryAfterSeconds)} minute${minutesOf(forAddress.retryAfterSeconds) === 1 ? '' : 's'}.`,
            'phone',
            forAddress.retryAfterSeconds,
          ),
        );
      }
      // Sent whatever the number's account (none, disabled, staff): what the code unlocks is decided when it is
      // used, and only the number's holder reads it.
      await send(phone, purpose, async () => {
        await Promise.all([...[...counted, dayKey].map((key) => attempts.giveBack(key)), attempts.forget(waitKey)]);
      });
      return reply.code(202).send({
        message: `We have sent a 6-digit code to ${spokenPhone(phone)}. It works for ${PHONE_CODE_MINUTES} minutes.`,
        phone,
        expires_in_seconds: PHONE_CODE_MINUTES * 60,
        resend_in_seconds: PHONE_CODE_RESEND_SECONDS,
      });
    },
  );

  /**
   * Issues a code and sends it. A send the provider did not take leaves nothing behind: the code is deleted and
   * `undo` takes back what it counted, so the member may ask again at once.
   */
  async function send(phone: string, purpose: PhoneCodePurpose, undo: () => Promise<void>): Promise<void> {
    const { id, code } = await phoneCodes.issue(phone, purpose);
    try {
      await options.provider.send(phone, signInCodeSms(options.host, code));
    } catch (error) {
      await phoneCodes.discard(id);
      await undo();
      fastify.log.error({ err: error, provider: options.provider.name }, 'a sign-in code SMS was not sent');
      const message = 'We could not send the SMS just now. Please try again in a minute.';
      if (error instanceof SmsSendError && error.reason === 'refused') {
        throw new HttpError(502, message, 'phone', undefined, PHONE_CODE_ERRORS.smsFailed);
      }
      throw new HttpError(503, message, 'phone', 30, PHONE_CODE_ERRORS.smsFailed);
    }
  }

  fastify.post(
    '/phone/register',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Create an account with a phone number and the code sent to it, and sign in',
        description:
          'The account has no email and no password; its phone counts as confirmed (201). A number that has an ' +
          "account already signs in to it (200): the code proves the number is the caller's, and whether a number " +
          'has an account is told to no one else. 400 naming `code` for a wrong (with the tries left), expired or ' +
          'used code.',
        body: phoneRegisterRequestSchema,
        response: {
          200: loginResponseSchema,
          201: loginResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { name, phone, code, language } = request.body;
      const check = await phoneCodes.check(phone, code);
      if (!check.ok) throw refusal(check);
      const existing = await accountRepository.findByConfirmedPhone(phone);
      if (existing) {
        const refused = codeLoginRefusal(existing);
        if (refused) throw refused;
        const { disabled: _disabled, ...user } = existing;
        return reply.code(200).send(await signInOn(user, null));
      }
      const user = await accountRepository.createPhoneUser({ name, phone, language });
      // Another request made it with the same number in the meantime.
      if (!user) throw new HttpError(409, 'An account already uses this number; log in with it instead', 'phone');
      return reply.code(201).send(await signInOn(user, null));
    },
  );

  fastify.post(
    '/phone/login',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Sign in with a phone number and the code sent to it',
        description: '400 naming `code` for a wrong (with the tries left), expired or used code.',
        body: phoneLoginRequestSchema,
        response: { 200: loginResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { phone, code, device_token: deviceToken } = request.body;
      const check = await phoneCodes.check(phone, code);
      if (!check.ok) throw refusal(check);
      const account = await accountRepository.findByConfirmedPhone(phone);
      // Told only to the number's holder, who has just proven it with the code.
      if (!account) {
        throw new HttpError(
          400,
          'No account uses this number. Create an account with it instead.',
          'phone',
          undefined,
          PHONE_CODE_ERRORS.noAccount,
        );
      }
      const refused = codeLoginRefusal(account);
      if (refused) throw refused;
      const { disabled: _disabled, ...user } = account;
      const deviceId = deviceToken ? await accountRepository.findDevice(user.id, deviceToken) : null;
      return signInOn(user, deviceId === null ? null : { id: deviceId, token: deviceToken ?? '' });
    },
  );

  fastify.post(
    '/phone/confirm',
    {
      onRequest: [fastify.authenticate, fastify.noStore],
      schema: {
        tags: ['account'],
        summary: 'Add a phone number to the signed-in account, confirmed by the code sent to it',
        description:
          'The code is asked for with `purpose: "register"`. The account may then log in with the number too, and ' +
          'the number counts as confirmed. 409 when another account confirmed it first.',
        security: [{ bearerAuth: [] }],
        body: phoneConfirmRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { phone, code } = request.body;
      const check = await phoneCodes.check(phone, code);
      if (!check.ok) throw refusal(check);
      if (!(await accountRepository.confirmPhone(user.id, phone))) {
        throw new HttpError(409, 'Another account already uses this number', 'phone');
      }
      return { message: `Your number ${spokenPhone(phone)} is confirmed. You can log in with it too.` };
    },
  );

  async function signInOn(user: User, device: { id: number; token: string } | null) {
    const [token, kept] = await Promise.all([
      accountRepository.issueToken(user.id),
      device ? accountRepository.touchDevice(device.id).then(() => device.token) : accountRepository.addDevice(user.id),
    ]);
    return { token, user, device_token: kept };
  }
};

/**
 * Why an account may not sign in with a code alone: disabled, or staff, whose back office asks for their password (a
 * code sent to a phone is one factor, and a lost or swapped SIM would open the shop's orders and members' data).
 */
function codeLoginRefusal(account: { role: string; disabled: boolean }): HttpError | null {
  if (account.disabled) return new HttpError(403, 'This account has been disabled. Please contact us', 'phone');
  if (account.role !== 'customer') {
    return new HttpError(403, 'Staff log in with their email and password', 'phone');
  }
  return null;
}

export default phoneSignInRoutes;
