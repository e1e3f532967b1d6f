import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { mailText, type ReceivedMail, readMailDir } from '../support/smtp-sink';

export const USER_API = '/backend/api/api/user/v1';
export const demoShopper = { email: 'meera@cineverse.in', password: 'Showreel@2026' };

/** Logs in through the API and stores the session as the app does, before any page script runs. */
export function signIn(page: Page, credentials = demoShopper): Promise<string> {
  return signInAt(page, '', credentials);
}

/** A new shopper with an empty cart, registered through the API. */
export async function registerShopper(
  request: APIRequestContext,
): Promise<{ email: string; password: string; token: string }> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const password = 'Matinee-Show-42';
  const response = await request.post(`${USER_API}/register`, { data: { name: 'Test Viewer', email, password } });
  if (!response.ok()) throw new Error(`Registration failed with ${response.status()}`);
  return { email, password, token: ((await response.json()) as { token: string }).token };
}

/** The mail the suite's server sent, as its SMTP server received it (see global-setup). */
export function suiteInbox(): Promise<ReceivedMail[]> {
  const dir = process.env.MAIL_DIR;
  if (!dir) throw new Error('MAIL_DIR is not set: run the tests through `npm run test:e2e`');
  return readMailDir(dir);
}

/** The link of the latest confirmation mail to `email` in `inbox`, once it has arrived. */
export async function confirmationLink(email: string, inbox: () => Promise<ReceivedMail[]> = suiteInbox) {
  const find = async () => {
    const mails = (await inbox()).filter(
      (mail) => mail.to.includes(email) && mail.raw.includes('Subject: Confirm your email for CineVerse'),
    );
    const last = mails.at(-1);
    return last ? (/https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(mailText(last))?.[0] ?? null) : null;
  };
  // The server's mail sender sends queued mail every few seconds.
  await expect.poll(find, { timeout: 20_000, message: `a confirmation mail to ${email}` }).not.toBeNull();
  return (await find())!;
}

/**
 * Confirms `email` as its owner does: takes the link from the confirmation mail the server sent through SMTP (the
 * suite's server by default, or a test's own with its `inbox` and `origin`) and opens it through the API. Accounts
 * must be confirmed to write to members, apply or post casting calls.
 */
export async function confirmEmail(
  request: APIRequestContext,
  email: string,
  { origin = '', inbox = suiteInbox }: { origin?: string; inbox?: () => Promise<ReceivedMail[]> } = {},
): Promise<void> {
  const token = new URL(await confirmationLink(email, inbox)).searchParams.get('token');
  const response = await request.post(`${origin}${USER_API}/confirm-email`, { data: { token } });
  if (!response.ok()) throw new Error(`Confirming ${email} failed with ${response.status()}`);
}

/** A new member whose email is confirmed (`registerShopper`, then `confirmEmail`): they may write, apply and post. */
export async function registerMember(
  request: APIRequestContext,
): Promise<{ email: string; password: string; token: string }> {
  const member = await registerShopper(request);
  await confirmEmail(request, member.email);
  return member;
}

export async function apiAs<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`${USER_API}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  return (await response.json()) as T;
}

/** The id of the product named `name`, found through the store's search. */
export async function productId(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/backend/api/getProduct?search=${encodeURIComponent(name)}`);
  const body = (await response.json()) as { data: { id: number; name: string }[] };
  const found = body.data.find((product) => product.name === name);
  if (!found) throw new Error(`No product named ${name}`);
  return found.id;
}

/** Signs `page` in at `origin` ('' for the suite's server) as the app does, before any page script runs. */
export async function signInAt(page: Page, origin: string, credentials: { email: string; password: string }) {
  const response = await page.request.post(`${origin}${USER_API}/login`, { data: credentials });
  if (!response.ok()) throw new Error(`Login failed with ${response.status()}`);
  const { token, user } = (await response.json()) as { token: string; user: { role: string } };
  await page.addInitScript(
    ([value, role]) => {
      // Once per tab: a later logout must stay logged out across navigations.
      if (window.sessionStorage.getItem('e2e-signed-in')) return;
      window.sessionStorage.setItem('e2e-signed-in', '1');
      window.localStorage.setItem('useAccessToken', value);
      window.localStorage.setItem('role', role);
    },
    [token, user.role] as const,
  );
  return token;
}

export const SHOP_MANAGER = { email: 'shop@cineverse.in', password: 'Backstage@2026' };

/**
 * A new shopper's order of one poster set, placed through the API and moved on by the shop manager through the back
 * office's API, one move after the other (each must be accepted).
 */
export async function orderMovedByTheShop(page: Page, moves: object[]) {
  const shopper = await registerShopper(page.request);
  const item = await productId(page, 'Golden Era Bollywood Poster Set');
  await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: item, quantity: 1 });
  const placed = await apiAs<{ data: { id: number } }>(page.request, shopper.token, 'POST', '/completeOrder', {
    address: {
      name: 'Test Viewer',
      phone: '9876501234',
      line1: '12 Linking Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400050',
    },
    payment_method: 'cod',
  });
  const login = await page.request.post(`${USER_API}/login`, { data: SHOP_MANAGER });
  const { token } = (await login.json()) as { token: string };
  for (const body of moves) {
    const moved = await page.request.post(`/backend/api/api/admin/v1/orders/${placed.data.id}/transition`, {
      headers: { authorization: `Bearer ${token}` },
      data: body,
    });
    expect(moved.status()).toBe(200);
  }
  return { shopper, placed, token };
}

/** The checkout's delivery address, a Pune one, typed as a shopper does (the full name too when `name` is given). */
export async function fillCheckoutAddress(page: Page, name?: string) {
  if (name) await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill('98201 23456');
  await page.getByLabel('Address line 1').fill('12, Koregaon Park');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('PIN code').fill('411 001');
  // The PIN fills the state.
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Maharashtra');
}
