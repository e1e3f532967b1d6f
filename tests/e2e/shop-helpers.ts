import type { APIRequestContext, Page } from '@playwright/test';

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
