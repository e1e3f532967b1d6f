import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  authResponseSchema,
  changePasswordRequestSchema,
  CONFIRMATION_RESEND_LIMIT,
  confirmEmailRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  type LoginResponse,
  messageResponseSchema,
  PASSWORD_RESET_MINUTES,
  registerRequestSchema,
  resetPasswordRequestSchema,
  SIGN_IN_LINK_MINUTES,
  signInLinkRequestSchema,
  type User,
} from '../../../../src/contract/user.js';
import { addressKey } from '../../lib/client-address.js';
import { isCommonPassword } from '../../lib/common-passwords.js';
import {
  ADDRESS_WINDOW_MS,
  addressDelayMs,
  isGuessedAt,
  LOGIN_WINDOW_MS,
  loginDelayMs,
  loginVerdict,
} from '../../lib/login-throttle.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { languageAt } from '../../lib/tell.js';
import { accountMail } from '../../lib/templates.js';
import { mailableEmail } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/error-handler.js';
import { signedInUser } from '../shop/route-helpers.js';

export interface AccountRoutesOptions {
  /** Registrations allowed per client address per hour. */
  registerLimit: number;
  /** The site's address as its users reach it, for links in mail (never taken from the request's Host). */
  publicUrl: string;
}

const HOUR_MS = 60 * 60 * 1000;
/** Reset links asked for per client address, and per email, per hour. */
export const RESET_LIMIT_PER_ADDRESS = 10;
export const RESET_LIMIT_PER_EMAIL = 3;
/** Sign-in links mailed per account per hour. */
export const SIGN_IN_LINKS_PER_HOUR = 3;
export const SIGN_IN_LINK_ANSWER = `Many wrong passwords have been tried for this account, so we have mailed you a link to finish signing in on this device. It works once, within ${SIGN_IN_LINK_MINUTES} minutes.`;
export const FORGOT_PASSWORD_ANSWER = `If an account uses this email, a link to choose a new password is on its way. It works once, within ${PASSWORD_RESET_MINUTES} minutes.`;

function tooMany(what: string, retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(
    429,
    `${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    retryAfterSeconds,
  );
}

function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new HttpError(400, 'This password is too common; choose one that is harder to guess', field);
  }
}

/** register, login (slowed, then refused, after repeated failures), logout, password resets and changes. */
const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (fastify, options) => {
  const { accountRepository, attempts } = fastify;
  // Answers that carry a token or say who has an account are never kept by a cache.
  const noStore = { onRequest: fastify.noStore };

  fastify.post(
    '/register',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Create an account and sign in',
        description:
          'Each client address may register a limited number of times per hour (429 with Retry-After). A link that ' +
          'confirms the email is mailed; until it is opened the account may browse and shop only.',
        body: registerRequestSchema,
        response: {
          201: authResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { name, email, password, phone } = request.body;
      // Counted before anything else, answers naming an existing email included: one address cannot test emails
      // or make accounts by the hundred.
      const [count] = await attempts.count([`register-ip:${addressKey(request.ip)}`], HOUR_MS);
      if (count && count.attempts > options.registerLimit) {
        throw tooMany('Too many accounts were made from this network.', count.retryAfterSeconds);
      }
      refuseCommonPassword(password);
      const user = await accountRepository.createUser({
        name,
        email,
        phone,
        passwordHash: await hashPassword(password),
        language: request.body.language,
      });
      if (!user) throw new HttpError(409, 'An account with this email already exists; log in instead', 'email');
      const token = await accountRepository.issueToken(user.id);
      return reply.code(201).send({ token, user });
    },
  );

  fastify.post(
    '/login',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Sign in with email and password',
        description:
          'Failures for one account from one address (or one known device, given by `device_token`) are slowed, then ' +
          'refused with 429 and Retry-After. Failures never refuse another account, nor the account from elsewhere: ' +
          'while it is being guessed at, its right password from a device it never signed in from is answered 202 ' +
          'and a one-time sign-in link is mailed. An address with hundreds of failures an hour is only slowed.',
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          202: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password, device_token: deviceToken } = request.body;
      const user = await accountRepository.findByEmail(email);
      const deviceId = user && deviceToken ? await accountRepository.findDevice(user.id, deviceToken) : null;
      // A device the account signed in from counts its own failures; any other attempt counts with its address.
      const guessKey =
        deviceId === null ? `login-email-ip:${email}|${addressKey(request.ip)}` : `login-device:${deviceId}`;
      const accountKey = `login-email:${email}`;
      const ipKey = `login-ip:${addressKey(request.ip)}`;
      // Counted before the password is checked, each in one statement: parallel guesses each see the others.
      const [counts, [address]] = await Promise.all([
        attempts.count([guessKey, accountKey], LOGIN_WINDOW_MS),
        attempts.count([ipKey], ADDRESS_WINDOW_MS),
      ]);
      const guesses = counts.find((count) => count.key === guessKey);
      const account = counts.find((count) => count.key === accountKey);
      if (!guesses || !account || !address) throw new Error('The login attempt was not counted');
      const verdict = loginVerdict([guesses]);
      if (!verdict.allowed) throw tooMany('Too many failed logins.', verdict.retryAfterSeconds);
      const delayMs = Math.max(verdict.delayMs, loginDelayMs(account.attempts), addressDelayMs(address.attempts));
      if (delayMs > 0) await sleep(delayMs);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user || !valid) throw new HttpError(401, 'Email or password is incorrect', 'password');
      if (user.disabled) throw new HttpError(403, 'This account has been disabled. Please contact us', 'email');
      // A right password takes its attempt back everywhere; the failures of others stay counted for the account.
      await Promise.all([attempts.forget(guessKey), attempts.giveBack(accountKey), attempts.giveBack(ipKey)]);
      // A right password means the account has an email (an account made with a phone has no password).
      if (deviceId === null && isGuessedAt(account.attempts) && user.email !== null) {
        // A link goes to a proven mailbox only; an account whose phone is its proven contact signs in with a code.
        if (!mailableEmail(user)) {
          throw new HttpError(
            403,
            'Many wrong passwords have been tried for this account: log in with a code sent to your phone',
            'email',
          );
        }
        await mailSignInLink({ ...user, email: user.email }, request.ip);
        return reply.code(202).send({ message: SIGN_IN_LINK_ANSWER });
      }
      return signInOn(user, deviceId === null ? null : { id: deviceId, token: deviceToken ?? '' });
    },
  );

  /** The session and device token of a sign-in, on a known device (which keeps its token) or a new one. */
  async function signInOn(user: User, device: { id: number; token: string } | null): Promise<LoginResponse> {
    const [token, deviceToken] = await Promise.all([
      accountRepository.issueToken(user.id),
      device ? accountRepository.touchDevice(device.id).then(() => device.token) : accountRepository.addDevice(user.id),
    ]);
    const { id, name, email, phone, role, email_confirmed, phone_confirmed } = user;
    return {
      token,
      user: { id, name, email, phone, role, email_confirmed, phone_confirmed },
      device_token: deviceToken,
    };
  }

  async function mailSignInLink(user: User & { email: string }, address: string): Promise<void> {
    const [count] = await attempts.count([`sign-in-link:${user.id}`], HOUR_MS);
    if (count && count.attempts > SIGN_IN_LINKS_PER_HOUR) {
      throw tooMany('We have mailed you several sign-in links; use the latest one.', count.retryAfterSeconds);
    }
    const token = await accountRepository.createSignInLink(user.id, SIGN_IN_LINK_MINUTES);
    const link = new URL(`/login?link=${encodeURIComponent(token)}`, options.publicUrl).toString();
    await fastify.mailer.send({
      to: user.email,
      kind: 'sign-in-link',
      ...accountMail.signInLink(user, link, address, SIGN_IN_LINK_MINUTES)[await languageAt(fastify.db, user.email)],
    });
  }

  fastify.post(
    '/sign-in-link',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Sign in with the token of a mailed sign-in link',
        description: `The link works once, for ${SIGN_IN_LINK_MINUTES} minutes; the device becomes one the account signs in from.`,
        body: signInLinkRequestSchema,
        response: { 200: loginResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await accountRepository.useSignInLink(request.body.token);
      if (!user) {
        throw new HttpError(
          400,
          'This sign-in link has expired or was already used; log in again to get a new one',
          'token',
        );
      }
      if (user.disabled) throw new HttpError(403, 'This account has been disabled. Please contact us', 'token');
      const { device_token: deviceToken } = request.body;
      const deviceId = deviceToken ? await accountRepository.findDevice(user.id, deviceToken) : null;
      return signInOn(user, deviceId === null ? null : { id: deviceId, token: deviceToken ?? '' });
    },
  );

  fastify.post(
    '/logout',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Revoke the bearer token of this request',
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      if (request.authTokenId !== null) await accountRepository.revokeToken(request.authTokenId);
      return { message: 'You have logged out' };
    },
  );

  fastify.post(
    '/confirm-email',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Confirm the account’s email with the token of the link mailed to it',
        description:
          'Needs no sign-in: the link may be opened on another device. Until the email is confirmed, writing to ' +
          'members, applying to calls and posting calls answer 403 with code `email_not_confirmed`.',
        body: confirmEmailRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      if (!(await accountRepository.confirmEmail(request.body.token))) {
        throw new HttpError(
          400,
          'This confirmation link has expired or is not for your current email; ask for a new one',
          'token',
        );
      }
      return { message: 'Your email is confirmed. You can now write to members, apply to calls and post them.' };
    },
  );

  fastify.post(
    '/resend-confirmation',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Mail the signed-in account a new link that confirms its email',
        description: `At most ${CONFIRMATION_RESEND_LIMIT} an hour per account (429 with Retry-After).`,
        security: [{ bearerAuth: [] }],
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (user.email_confirmed) return { message: 'Your email is already confirmed' };
      const [count] = await attempts.count([`confirm-resend:${user.id}`], HOUR_MS);
      if (count && count.attempts > CONFIRMATION_RESEND_LIMIT) {
        throw tooMany('Too many confirmation links were asked for.', count.retryAfterSeconds);
      }
      const { email } = user;
      if (email === null) throw new HttpError(400, 'Your account has no email to confirm', 'email');
      await accountRepository.sendConfirmation({ ...user, email });
      return { message: `A new confirmation link is on its way to ${email}.` };
    },
  );

  fastify.post(
    '/forgot-password',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Mail a link to choose a new password',
        description: `The same answer whether or not the email has an account. The link works once, for ${PASSWORD_RESET_MINUTES} minutes. Limited per address and per email (429 with Retry-After).`,
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      const counts = await attempts.count([`reset-ip:${addressKey(request.ip)}`, `reset-email:${email}`], HOUR_MS);
      const over = counts.find((count) =>
        count.key.startsWith('reset-ip:')
          ? count.attempts > RESET_LIMIT_PER_ADDRESS
          : count.attempts > RESET_LIMIT_PER_EMAIL,
      );
      if (over) throw tooMany('Too many reset links were asked for.', over.retryAfterSeconds);
      const user = await accountRepository.findByEmail(email);
      // An unproven email of an account that signs in by phone gets no link: it may be a stranger's (the same answer).
      if (user && mailableEmail(user)) {
        const token = await accountRepository.createResetToken(user.id, PASSWORD_RESET_MINUTES);
        const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, options.publicUrl).toString();
        await fastify.mailer.send({
          to: email,
          kind: 'password-reset',
          ...accountMail.passwordReset(user, link, PASSWORD_RESET_MINUTES)[await languageAt(fastify.db, email)],
        });
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  fastify.post(
    '/reset-password',
    {
      ...noStore,
      schema: {
        tags: ['account'],
        summary: 'Choose a new password with the token of a reset link',
        description: 'Every session of the account ends; log in with the new password.',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      refuseCommonPassword(password);
      const changed = await accountRepository.resetPassword(token, await hashPassword(password));
      if (!changed) {
        throw new HttpError(400, 'This reset link has expired or was already used; ask for a new one', 'token');
      }
      return { message: 'Your password has been changed. Log in with your new password.' };
    },
  );

  fastify.post(
    '/change-password',
    {
      onRequest: [fastify.authenticate, fastify.noStore],
      schema: {
        tags: ['account'],
        summary: 'Choose a new password, giving the current one',
        description:
          'Every other session of the account ends; this one stays. Wrong current passwords are slowed, then refused ' +
          'with 429 and Retry-After, as logins are. The account is mailed.',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { current_password: current, new_password: next } = request.body;
      const user = signedInUser(request);
      // Counted as logins are, per session: a session left open on a shared computer cannot be used to guess the
      // password, and its failures never refuse the owner's other devices.
      const key = `password-change:${user.id}:${request.authTokenId}`;
      const verdict = loginVerdict(await attempts.count([key], LOGIN_WINDOW_MS));
      if (!verdict.allowed) throw tooMany('Too many wrong passwords.', verdict.retryAfterSeconds);
      if (verdict.delayMs > 0) await sleep(verdict.delayMs);
      const account = user.email === null ? null : await accountRepository.findByEmail(user.email);
      if (!account || !(await verifyPassword(current, account.passwordHash))) {
        throw new HttpError(400, 'This is not your current password', 'current_password');
      }
      await attempts.forget(key);
      if (next === current) {
        throw new HttpError(400, 'Choose a password other than your current one', 'new_password');
      }
      refuseCommonPassword(next, 'new_password');
      await accountRepository.changePassword(user, await hashPassword(next), request.authTokenId);
      return { message: 'Your password has been changed. Your other devices have been logged out.' };
    },
  );
};

export default accountRoutes;
