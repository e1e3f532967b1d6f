import { and, asc, count, desc, eq, gt, isNotNull, isNull, ne, or, notInArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  type Address,
  CONFIRMATION_LINK_HOURS,
  type Profile,
  type SavedAddress,
  type User,
} from '../../../src/contract/user.js';
import type { Language } from '../../../src/contract/languages.js';
import type { Database } from '../db/client.js';
import {
  addresses,
  authTokens,
  emailConfirmationTokens,
  knownDevices,
  passwordResetTokens,
  signInLinks,
  users,
} from '../db/schema.js';
import { mailAddress } from '../lib/tell.js';
import { accountMail } from '../lib/templates.js';
import { createToken, hashToken } from '../lib/tokens.js';
import { HttpError } from './error-handler.js';
import { mailableEmail } from './auth.js';

/** An account that has an email. */
type MailedUser = Pick<User, 'id' | 'name'> & { email: string };

/** A user may keep this many delivery addresses. */
export const MAX_ADDRESSES = 10;
/** An account's known devices kept, the most recently used. */
export const MAX_DEVICES = 20;

declare module 'fastify' {
  interface FastifyInstance {
    accountRepository: {
      /** Creates the user and mails them the link that confirms their email; null when the email is taken. */
      createUser(input: {
        name: string;
        email: string;
        phone: string | null;
        passwordHash: string;
        language?: Language | undefined;
      }): Promise<User | null>;
      /**
       * A new account with a phone number confirmed by a code, and no email or password; null when an account has
       * confirmed that number already.
       */
      createPhoneUser(input: { name: string; phone: string; language?: Language | undefined }): Promise<User | null>;
      /**
       * Sets the account's phone to `phone`, confirmed by a code: false when another account confirmed it first.
       */
      confirmPhone(userId: number, phone: string): Promise<boolean>;
      /** The account that confirmed `phone` (10 digits); `disabled` when an admin has disabled it. */
      findByConfirmedPhone(phone: string): Promise<(User & { disabled: boolean }) | null>;
      /** The account of `email` with its password hash; `disabled` when an admin has disabled it. */
      findByEmail(email: string): Promise<(User & { passwordHash: string; disabled: boolean }) | null>;
      /** Mails the user a new link that confirms their email (the earlier ones keep working until they expire). */
      sendConfirmation(user: MailedUser): Promise<void>;
      /**
       * Confirms the email a live link was mailed to, if the account still has that address: the account's links go.
       * False when the token does not work.
       */
      confirmEmail(token: string): Promise<boolean>;
      /** A new bearer token for the user; only its hash is stored. */
      issueToken(userId: number): Promise<string>;
      revokeToken(tokenId: number): Promise<void>;
      getProfile(userId: number): Promise<Profile>;
      updateProfile(
        userId: number,
        input: { name: string; phone: string | null; language?: Language | undefined },
      ): Promise<Profile>;
      addAddress(tx: Database, userId: number, input: Address): Promise<SavedAddress>;
      /** Saves the address unless the same one is saved already or the limit is reached (then nothing happens). */
      keepAddress(tx: Database, userId: number, input: Address): Promise<void>;
      /** null when the address is not the user's (or does not exist). */
      updateAddress(userId: number, addressId: number, input: Address): Promise<SavedAddress | null>;
      removeAddress(tx: Database, userId: number, addressId: number): Promise<boolean>;
      /** A new password reset token for the user, valid for `minutes`; only its hash is stored. */
      createResetToken(userId: number, minutes: number): Promise<string>;
      /**
       * Sets a new password with a reset token, if the token is live and unused: the token is used up, every other
       * reset token of the user goes, and every session of the user ends. False when the token does not work.
       */
      resetPassword(token: string, passwordHash: string): Promise<boolean>;
      /**
       * Sets a signed-in user's new password: every other session of the user ends (`keepTokenId`'s stays), unused
       * reset links stop working, and the account's email is told.
       */
      changePassword(user: User, passwordHash: string, keepTokenId: number | null): Promise<void>;
      /** The id of the user's known device whose token this is; null when it is not one of theirs. */
      findDevice(userId: number, deviceToken: string): Promise<number | null>;
      /** Marks a device as one the user signs in from: a new device token (only its hash is stored). */
      addDevice(userId: number): Promise<string>;
      touchDevice(deviceId: number): Promise<void>;
      /** A new one-time sign-in link token for the user, valid for `minutes`; only its hash is stored. */
      createSignInLink(userId: number, minutes: number): Promise<string>;
      /** Uses up a live sign-in link (once, even when sent twice at once): its account, or null. */
      useSignInLink(token: string): Promise<(User & { disabled: boolean }) | null>;
    };
  }
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  email_confirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
  phone_confirmed: sql<boolean>`${users.phoneConfirmedAt} is not null`,
};

/**
 * The password hash of an account made with a phone number: not a hash at all, so no password ever matches it
 * (`verifyPassword` refuses anything but an scrypt hash).
 */
export const NO_PASSWORD = 'none';
const addressColumns = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  line1: addresses.line1,
  line2: addresses.line2,
  city: addresses.city,
  state: addresses.state,
  pincode: addresses.pincode,
};

/**
 * Sets the user's password hash in `tx`: their unused reset links stop working, and every session of theirs ends but
 * `keepTokenId`'s.
 */
async function setPassword(tx: Database, userId: number, passwordHash: string, keepTokenId: number | null) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  // A device that signed in with the old password (perhaps someone else's) is no longer trusted; the owner's are
  // known again at their next login.
  await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
  await tx.delete(signInLinks).where(and(eq(signInLinks.userId, userId), isNull(signInLinks.usedAt)));
  await tx
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        keepTokenId === null ? undefined : ne(authTokens.id, keepTokenId),
      ),
    );
}

/**
 * Queues, in `tx`, a mail to `user` with a new link that confirms their email; only the token's hash is stored, with
 * the address it was sent to.
 */
async function queueConfirmation(tx: Database, user: MailedUser, publicUrl: string) {
  const token = createToken();
  await tx.insert(emailConfirmationTokens).values({
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(hours => ${CONFIRMATION_LINK_HOURS})`,
  });
  const link = new URL(`/confirm-email?token=${encodeURIComponent(token)}`, publicUrl).toString();
  await mailAddress(
    tx,
    user.email,
    'email-confirmation',
    accountMail.confirmEmail(user, link, CONFIRMATION_LINK_HOURS),
    user.id,
  );
}

export interface AccountRepositoryOptions {
  /** The site's address as its users reach it, for the links in mail. */
  publicUrl: string;
}

export default fp<AccountRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;

    async function getProfile(userId: number): Promise<Profile> {
      const [user] = await db
        .select({ ...userColumns, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw new HttpError(401, 'Please log in to continue');
      const saved = await db
        .select(addressColumns)
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.id));
      // The column's check constraint keeps it to the languages there are.
      return { ...user, language: user.language as Language, addresses: saved };
    }

    fastify.decorate('accountRepository', {
      async createUser(input) {
        return db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ ...input, email: input.email.toLowerCase(), language: input.language ?? 'en' })
            .onConflictDoNothing({ target: users.email })
            .returning(userColumns);
          if (!user) return null;
          await queueConfirmation(tx, { ...user, email: input.email.toLowerCase() }, options.publicUrl);
          return user;
        });
      },
      async createPhoneUser(input) {
        const [user] = await db
          .insert(users)
          .values({
            name: input.name,
            phone: input.phone,
            phoneConfirmedAt: sql`now()`,
            passwordHash: NO_PASSWORD,
            language: input.language ?? 'en',
          })
          // The one unique rule a phone account can break: another account confirmed the number meanwhile.
          .onConflictDoNothing()
          .returning(userColumns);
        return user ?? null;
      },
      async confirmPhone(userId, phone) {
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phone, phone), isNotNull(users.phoneConfirmedAt), ne(users.id, userId)))
          .limit(1);
        if (taken) return false;
        try {
          await db
            .update(users)
            .set({ phone, phoneConfirmedAt: sql`now()` })
            .where(eq(users.id, userId));
        } catch (error) {
          // Another account confirmed the number between the look-up and this write (the unique index said so).
          const failed = error as { code?: unknown; cause?: { code?: unknown } };
          if ((failed.code ?? failed.cause?.code) === '23505') return false;
          throw error;
        }
        // Signed-in requests carry whether the account is confirmed; the next one reads it again.
        fastify.forgetSessions();
        return true;
      },
      async findByConfirmedPhone(phone) {
        const [user] = await db
          .select({ ...userColumns, disabledAt: users.disabledAt })
          .from(users)
          .where(and(eq(users.phone, phone), isNotNull(users.phoneConfirmedAt)))
          .limit(1);
        if (!user) return null;
        const { disabledAt, ...account } = user;
        return { ...account, disabled: disabledAt !== null };
      },
      async sendConfirmation(user) {
        await db.transaction((tx) => queueConfirmation(tx, user, options.publicUrl));
      },
      async confirmEmail(token) {
        const confirmed = await db.transaction(async (tx) => {
          const [link] = await tx
            .select({ userId: emailConfirmationTokens.userId })
            .from(emailConfirmationTokens)
            .innerJoin(users, eq(users.id, emailConfirmationTokens.userId))
            .where(
              and(
                eq(emailConfirmationTokens.tokenHash, hashToken(token)),
                gt(emailConfirmationTokens.expiresAt, sql`now()`),
                // A link mailed to an address the account no longer has confirms nothing.
                eq(emailConfirmationTokens.email, users.email),
              ),
            );
          if (!link) return false;
          await tx
            .update(users)
            .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
            .where(eq(users.id, link.userId));
          await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, link.userId));
          return true;
        });
        // Signed-in requests carry whether the email is confirmed; the next one reads it again.
        if (confirmed) fastify.forgetSessions();
        return confirmed;
      },
      async findByEmail(email) {
        const [user] = await db
          .select({ ...userColumns, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
          .from(users)
          .where(eq(users.email, email.toLowerCase()))
          .limit(1);
        if (!user) return null;
        const { disabledAt, ...account } = user;
        return { ...account, disabled: disabledAt !== null };
      },
      async issueToken(userId) {
        const token = createToken();
        await db.insert(authTokens).values({ userId, tokenHash: hashToken(token) });
        return token;
      },
      async revokeToken(tokenId) {
        await db
          .update(authTokens)
          .set({ revokedAt: sql`now()` })
          .where(eq(authTokens.id, tokenId));
        fastify.forgetSessions();
      },
      getProfile,
      async updateProfile(userId, input) {
        // One statement reads and writes the row: a number confirmed at the same moment (POST /phone/confirm) can
        // never be kept as confirmed beside another number written from a stale read.
        const updated = await db
          .update(users)
          .set({
            name: input.name,
            phone: input.phone,
            ...(input.language ? { language: input.language } : {}),
            phoneConfirmedAt: sql`case when ${users.phone} is distinct from ${input.phone}::text then null else ${users.phoneConfirmedAt} end`,
          })
          // An account without an email signs in with its phone: taking that away would lock its owner out.
          .where(
            and(
              eq(users.id, userId),
              or(isNotNull(users.email), sql`${users.phone} is not distinct from ${input.phone}::text`),
            ),
          )
          .returning({ id: users.id });
        if (updated.length === 0) {
          throw new HttpError(400, 'You sign in with this number, so it cannot be changed here', 'phone');
        }
        // Signed-in requests carry the user's name; the next one reads the new name.
        fastify.forgetSessions();
        return getProfile(userId);
      },
      async addAddress(tx, userId, input) {
        // The user's row is locked so that two adds at once cannot both pass the limit.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [existing] = await tx.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId));
        if ((existing?.total ?? 0) >= MAX_ADDRESSES) {
          throw new HttpError(409, `You can save at most ${MAX_ADDRESSES} addresses; remove one first`);
        }
        const [row] = await tx
          .insert(addresses)
          .values({ ...input, userId })
          .returning(addressColumns);
        if (!row) throw new Error('The address was not stored');
        return row;
      },
      async keepAddress(tx, userId, input) {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const saved = await tx.select(addressColumns).from(addresses).where(eq(addresses.userId, userId));
        const same = saved.some(
          (address) =>
            address.name === input.name &&
            address.phone === input.phone &&
            address.line1 === input.line1 &&
            address.line2 === input.line2 &&
            address.city === input.city &&
            address.state === input.state &&
            address.pincode === input.pincode,
        );
        if (same || saved.length >= MAX_ADDRESSES) return;
        await tx.insert(addresses).values({ ...input, userId });
      },
      async updateAddress(userId, addressId, input) {
        const [row] = await db
          .update(addresses)
          .set(input)
          .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
          .returning(addressColumns);
        return row ?? null;
      },
      async removeAddress(tx, userId, addressId) {
        const removed = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
          .returning({ id: addresses.id });
        return removed.length > 0;
      },
      async createResetToken(userId, minutes) {
        const token = createToken();
        await db.insert(passwordResetTokens).values({
          userId,
          tokenHash: hashToken(token),
          expiresAt: sql`now() + make_interval(mins => ${minutes})`,
        });
        return token;
      },
      async changePassword(user, passwordHash, keepTokenId) {
        await db.transaction(async (tx) => {
          await setPassword(tx, user.id, passwordHash, keepTokenId);
          await mailAddress(tx, mailableEmail(user), 'password-changed', accountMail.passwordChanged(user), user.id);
        });
        fastify.forgetSessions();
      },
      async findDevice(userId, deviceToken) {
        const [device] = await db
          .select({ id: knownDevices.id })
          .from(knownDevices)
          .where(and(eq(knownDevices.tokenHash, hashToken(deviceToken)), eq(knownDevices.userId, userId)))
          .limit(1);
        return device?.id ?? null;
      },
      async addDevice(userId) {
        const token = createToken();
        await db.insert(knownDevices).values({ userId, tokenHash: hashToken(token) });
        // A client that never sends its token back adds a device at every login: only the latest few are kept.
        const kept = db
          .select({ id: knownDevices.id })
          .from(knownDevices)
          .where(eq(knownDevices.userId, userId))
          .orderBy(desc(knownDevices.lastUsedAt), desc(knownDevices.id))
          .limit(MAX_DEVICES);
        await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.id, kept)));
        return token;
      },
      async touchDevice(deviceId) {
        await db
          .update(knownDevices)
          .set({ lastUsedAt: sql`now()` })
          .where(eq(knownDevices.id, deviceId));
      },
      async createSignInLink(userId, minutes) {
        const token = createToken();
        await db.insert(signInLinks).values({
          userId,
          tokenHash: hashToken(token),
          expiresAt: sql`now() + make_interval(mins => ${minutes})`,
        });
        return token;
      },
      async useSignInLink(token) {
        // Used up in the same statement that checks it: two requests with one link cannot both sign in.
        const [used] = await db
          .update(signInLinks)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(signInLinks.tokenHash, hashToken(token)),
              isNull(signInLinks.usedAt),
              gt(signInLinks.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: signInLinks.userId });
        if (!used) return null;
        const [user] = await db
          .select({ ...userColumns, disabledAt: users.disabledAt })
          .from(users)
          .where(eq(users.id, used.userId))
          .limit(1);
        if (!user) return null;
        const { disabledAt, ...account } = user;
        return { ...account, disabled: disabledAt !== null };
      },
      async resetPassword(token, passwordHash) {
        const reset = await db.transaction(async (tx) => {
          // Used up in the same statement that checks it: two requests with one link cannot both succeed.
          const [used] = await tx
            .update(passwordResetTokens)
            .set({ usedAt: sql`now()` })
            .where(
              and(
                eq(passwordResetTokens.tokenHash, hashToken(token)),
                isNull(passwordResetTokens.usedAt),
                gt(passwordResetTokens.expiresAt, sql`now()`),
              ),
            )
            .returning({ userId: passwordResetTokens.userId });
          if (!used) return false;
          await setPassword(tx, used.userId, passwordHash, null);
          return true;
        });
        if (reset) fastify.forgetSessions();
        return reset;
      },
    });
  },
  { name: 'account-repository', dependencies: ['database', 'auth'] },
);
