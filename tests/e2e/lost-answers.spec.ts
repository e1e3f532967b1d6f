import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { waitForServiceWorker } from './offline-helpers';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { confirmEmail, signInAt, USER_API } from './shop-helpers';

const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };
const shopManager = { email: 'shop@cineverse.in', password: 'Backstage@2026' };

/** What the first attempt of a write and the ones after it carried and were answered. */
interface Attempts {
  /** The Idempotency-Key of each attempt, in order (null: none). */
  keys: (string | null)[];
  /** Whether the server said it answered from a key's record (`Idempotent-Replayed`), for each later attempt. */
  replayed: boolean[];
}

/**
 * The server handles the first `method` request to `url`, but its answer never reaches the app (the connection
 * drops on the way back); later ones pass, and what each carried is recorded.
 */
async function loseFirstAnswer(page: Page, url: string, method: 'POST' | 'PUT'): Promise<Attempts> {
  const attempts: Attempts = { keys: [], replayed: [] };
  await page.route(url, async (route) => {
    const request = route.request();
    if (request.method() !== method) return route.fallback();
    attempts.keys.push(await request.headerValue('idempotency-key'));
    const response = await route.fetch();
    if (attempts.keys.length === 1) return route.abort('connectionreset');
    attempts.replayed.push(response.headers()['idempotent-replayed'] === 'true');
    return route.fulfill({ response });
  });
  return attempts;
}

/** Every attempt carried the key made when the person acted, and the server answered the retry from it. */
function expectOneKey(attempts: Attempts): void {
  expect(attempts.keys.length).toBeGreaterThanOrEqual(2);
  expect(attempts.keys[0]).toBeTruthy();
  expect(new Set(attempts.keys).size).toBe(1);
}

/** Waits until the write was sent again and nothing waits on the device; no notice says it failed. */
async function expectSettled(page: Page, attempts: Attempts): Promise<void> {
  await expect.poll(() => attempts.keys.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('sync-status')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText(/was not sent|were not saved|could not be (sent|saved)/)).toHaveCount(0);
}

/** A server of its own: these tests send contact messages (5 per address every 15 minutes) and apply to calls. */
test.describe('an answer lost on the way back', () => {
  let server: ServerProcess;
  let smtp: SmtpSink;

  test.beforeAll(async () => {
    // Seeding a fresh database can take longer than a test's 30 s on a busy machine.
    test.setTimeout(120_000);
    // Members confirm their email by the mailed link before they write.
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const api = (path: string) => `${server.url}${USER_API}${path}`;

  async function register(request: APIRequestContext) {
    const email = `lost-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
    const password = 'Matinee-Show-42';
    const response = await request.post(api('/register'), { data: { name: 'Test Viewer', email, password } });
    expect(response.ok()).toBe(true);
    await confirmEmail(request, email, { origin: server.url, inbox: async () => smtp.received });
    return { email, password, token: ((await response.json()) as { token: string }).token };
  }

  async function getAs<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
    const response = await request.get(api(path), { headers: { authorization: `Bearer ${token}` } });
    expect(response.ok()).toBe(true);
    return (await response.json()) as T;
  }

  test('a contact message is stored once, and the sender is told it was sent', async ({ page }) => {
    const text = `Lost answer ${Date.now().toString(36)}: is the Kochi workshop open to beginners?`;
    const attempts = await loseFirstAnswer(page, '**/api/v1/contact', 'POST');
    await page.goto(`${server.url}/contact`);
    await page.getByLabel('Your Name').fill('Anjali Nair');
    await page.getByLabel('Email Address').fill('anjali.nair@example.in');
    await page.getByLabel('Your Message').fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expectSettled(page, attempts);
    await expect(page.getByText("Message sent successfully! We'll get back to you within 24 hours")).toBeVisible();
    const login = await page.request.post(api('/login'), { data: shopManager });
    const { token } = (await login.json()) as { token: string };
    const inbox = await page.request.get(`${server.url}/backend/api/api/admin/v1/messages?per_page=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const messages = ((await inbox.json()) as { data: { message: string }[] }).data;
    expect(messages.filter((message) => message.message === text)).toHaveLength(1);
    expectOneKey(attempts);
  });

  test('an application is stored once, and the actor is told it was sent, not that it was refused', async ({
    page,
  }) => {
    const token = await signInAt(page, server.url, actor);
    const calls = (await (
      await page.request.get(`${server.url}/backend/api/api/v1/casting-calls?per_page=48`)
    ).json()) as {
      data: { id: number; title: string }[];
    };
    const coffee = calls.data.find((call) => call.title === 'Filter Coffee: ad film')!;
    const attempts = await loseFirstAnswer(page, '**/casting-calls/*/roles/*/applications', 'POST');
    const profileLoaded = page.waitForResponse(
      (response) => response.request().method() === 'GET' && new URL(response.url()).pathname.endsWith('/me/profile'),
    );
    await page.goto(`${server.url}/auditions/${coffee.id}`);
    await profileLoaded;
    await page.getByRole('button', { name: 'Apply for Grandson' }).click();
    const form = page.getByRole('form', { name: 'Apply for Grandson' });
    await form.getByLabel('A note to the casting team (optional)').fill('I speak Kannada at home.');
    await form.getByRole('button', { name: 'Send application' }).click();

    await expectSettled(page, attempts);
    await expect(page.getByText('Application sent', { exact: true })).toBeVisible();
    await expect(page.getByText('You applied:')).toBeVisible();
    expectOneKey(attempts);
    expect(attempts.replayed).toEqual([true]);
    const mine = await getAs<{ data: { role_name: string; call_title: string }[] }>(
      page.request,
      token,
      '/me/applications',
    );
    expect(mine.data.filter((item) => item.role_name === 'Grandson')).toHaveLength(1);
  });

  test('a profile save is applied once, and the member is told it was saved', async ({ page }) => {
    const member = await register(page.request);
    await signInAt(page, server.url, member);
    const created = await page.request.put(api('/me/profile'), {
      headers: { authorization: `Bearer ${member.token}` },
      data: {
        kind: 'person',
        handle: `lost-${Date.now().toString(36)}`,
        display_name: 'Farah Sheikh',
        category: 'Artist',
        city: 'Lucknow',
      },
    });
    expect(created.status()).toBe(200);
    await page.goto(`${server.url}/my-profile`);
    await expect(page.getByLabel('Your name')).toHaveValue('Farah Sheikh');
    const attempts = await loseFirstAnswer(page, '**/me/profile', 'PUT');
    await page.getByLabel('Headline').fill('Urdu poet and screenwriter');
    await page.getByRole('button', { name: 'Save profile' }).click();

    await expectSettled(page, attempts);
    await expect(page.getByText('Your public page is up to date.')).toBeVisible();
    expectOneKey(attempts);
    expect(attempts.replayed).toEqual([true]);
    const mine = await getAs<{ data: { headline: string } }>(page.request, member.token, '/me/profile');
    expect(mine.data.headline).toBe('Urdu poet and screenwriter');
  });

  test('a cart add and a wishlist add are applied once each, and shown as done', async ({ page }) => {
    const member = await register(page.request);
    await signInAt(page, server.url, member);
    const added = await loseFirstAnswer(page, '**/addToCart', 'POST');
    const wished = await loseFirstAnswer(page, '**/addToWishlist', 'POST');
    await page.goto(`${server.url}/shop/3`);
    await page.waitForLoadState('networkidle');
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: `Add ${name} to wishlist` }).click();

    await expectSettled(page, added);
    await expectSettled(page, wished);
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove ${name} from wishlist` })).toBeVisible();
    for (const attempts of [added, wished]) {
      expectOneKey(attempts);
      expect(attempts.replayed).toEqual([true]);
    }
    const cart = await getAs<{ data: { quantity: number }[] }>(page.request, member.token, '/getCartItems');
    expect(cart.data.map((line) => line.quantity)).toEqual([1]);
    const wishlist = await getAs<{ data: unknown[] }>(page.request, member.token, '/getWishlistItems');
    expect(wishlist.data).toHaveLength(1);
  });

  test('an answer in a conversation is stored once, and shown sent', async ({ page }) => {
    const director = await register(page.request);
    const handle = `lost-director-${Date.now().toString(36)}`;
    const created = await page.request.put(api('/me/profile'), {
      headers: { authorization: `Bearer ${director.token}` },
      data: {
        kind: 'person',
        handle,
        display_name: 'Kabir Sethi',
        category: 'Artist',
        crafts: ['director'],
        city: 'Pune',
      },
    });
    expect(created.ok()).toBe(true);
    const member = await register(page.request);
    const written = await page.request.post(`${server.url}/backend/api/api/v1/profiles/${handle}/contact`, {
      headers: { authorization: `Bearer ${member.token}` },
      data: { message: 'Would you read my Marathi feature script?' },
    });
    expect(written.status()).toBe(201);
    await signInAt(page, server.url, member);
    await page.goto(`${server.url}/messages`);
    await expect(page.getByText('Would you read my Marathi feature script?')).toBeVisible();
    const attempts = await loseFirstAnswer(page, '**/me/conversations/*/messages', 'POST');
    await page.getByLabel('Answer Kabir Sethi').fill('Sending it tonight.');
    await page.getByRole('button', { name: 'Send answer' }).click();

    await expectSettled(page, attempts);
    await expect(page.getByTestId('reply-waiting')).toHaveCount(0);
    await expect(page.getByRole('main').getByText('Sending it tonight.', { exact: true })).toHaveCount(1);
    expectOneKey(attempts);
    expect(attempts.replayed).toEqual([true]);
    const theirs = await getAs<{ data: { messages: { body: string }[] }[] }>(
      page.request,
      director.token,
      '/me/conversations',
    );
    expect(theirs.data[0]!.messages.map((message) => message.body)).toEqual([
      'Would you read my Marathi feature script?',
      'Sending it tonight.',
    ]);
  });
});

test.describe('a page seen stays saved', () => {
  for (const leave of ['closed', 'left for another page'] as const) {
    test(`a product opened from a shared link and ${leave} at once opens offline from a new page`, async ({
      page,
      context,
    }) => {
      await page.goto('/');
      await waitForServiceWorker(page);
      // The service worker is installed; no other page of the app stays open to write its own cache over this one's.
      await page.close();

      const shared = await context.newPage();
      await shared.goto('/shop/7');
      const heading = shared.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      await shared.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      const name = await heading.textContent();
      if (leave === 'closed') await shared.close();
      else await shared.goto('about:blank');

      await context.setOffline(true);
      const again = await context.newPage();
      await again.goto('/shop/7');
      await expect(again.getByRole('heading', { level: 1, name: name! })).toBeVisible();
      await expect(again.getByText(/was not opened on this device before/)).toHaveCount(0);
      await context.setOffline(false);
    });
  }
});
