import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/contract/roles.js';
import { products, users } from '../../server/src/db/schema.js';

export const USER_API = '/backend/api/api/user/v1';

export interface Shopper {
  id: number;
  token: string;
  headers: Record<string, string>;
}

let shopperCount = 0;

/**
 * A signed-in shopper, created through the account repository: registration itself (and its scrypt cost) is
 * covered by the account tests, the other tests only need someone to shop as.
 */
export async function createShopper(app: FastifyInstance, name = 'Test Shopper'): Promise<Shopper> {
  shopperCount += 1;
  const user = await app.accountRepository.createUser({
    name,
    email: `shopper-${shopperCount}-${randomUUID()}@example.in`,
    phone: null,
    passwordHash: 'not-a-usable-hash',
  });
  if (!user) throw new Error('The test shopper was not created');
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
