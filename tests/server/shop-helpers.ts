import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/contract/roles.js';
import { mailOutbox, products, users } from '../../server/src/db/schema.js';

export const USER_API = '/backend/api/api/user/v1';

export interface Shopper {
  id: number;
  token: string;
  headers: Record<string, string>;
}

let shopperCount = 0;

/** The subject of the mail that carries an account's confirmation link. */
export const CONFIRMATION_SUBJECT = 'Confirm your email for CineVerse';

/** The token of the latest confirmation link mailed to `email`, read from the mail outbox as the mail would show it. */
export async function confirmationTokenFor(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email.toLowerCase()), eq(mailOutbox.subject, CONFIRMATION_SUBJECT)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
  if (!link) throw new Error(`No confirmation link was mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

/**
 * Confirms the account's email as its owner does: opens the link in the latest confirmation mail to it (`POST
 * /confirm-email` with its token). Accounts must be confirmed to write to members, apply or post calls.
 */
export async function confirmEmail(app: FastifyInstance, userId: number): Promise<void> {
  const [account] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!account) throw new Error(`No account ${userId}`);
  const response = await app.inject({
    method: 'POST',
    url: `${USER_API}/confirm-email`,
    payload: { token: await confirmationTokenFor(app, account.email!) },
  });
  if (response.statusCode !== 200) throw new Error(`The email was not confirmed: ${response.body}`);
}

/**
 * A signed-in shopper, created through the account repository: registration itself (and its scrypt cost) is
 * covered by the account tests, the other tests only need someone to shop as. Its email is confirmed through the
 * link mailed to it (`confirmEmail`) unless `confirmed` is false.
 */
export async function createShopper(
  app: FastifyInstance,
  name = 'Test Shopper',
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<Shopper> {
  shopperCount += 1;
  const user = await app.accountRepository.createUser({
    name,
    email: `shopper-${shopperCount}-${randomUUID()}@example.in`,
    phone: null,
    passwordHash: 'not-a-usable-hash',
  });
  if (!user) throw new Error('The test shopper was not created');
  if (confirmed) await confirmEmail(app, user.id);
  const token = await app.accountRepository.issueToken(user.id);
  return { id: user.id, token, headers: { authorization: `Bearer ${token}` } };
}

export async function productNamed(app: FastifyInstance, name: string) {
  const [product] = await app.db.select().from(products).where(eq(products.name, name)).limit(1);
  if (!product) throw new Error(`No product named ${name}`);
  return product;
}

export async function stockOf(app: FastifyInstance, productId: number): Promise<number> {
  const [row] = await app.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? Number.NaN;
}

export async function setStock(app: FastifyInstance, productId: number, stock: number): Promise<void> {
  await app.db.update(products).set({ stock }).where(eq(products.id, productId));
}

export const validAddress = {
  name: 'Arjun Menon',
  phone: '9820012345',
  line1: '12, Film City Road',
  line2: 'Goregaon East',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400065',
};

/** A signed-in account with a staff role (or any role), made as `createShopper` makes a shopper. */
export async function createStaff(app: FastifyInstance, role: Role, name = `A ${role}`): Promise<Shopper> {
  const account = await createShopper(app, name);
  await app.db.update(users).set({ role }).where(eq(users.id, account.id));
  return account;
}
