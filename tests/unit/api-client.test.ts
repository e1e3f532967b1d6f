import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, API_BASE, apiPaths, apiRequest, NetworkError, onUnauthorized } from '@/lib/api-client';
import { ACCESS_TOKEN_KEY, ROLE_KEY } from '@/lib/session';

/** A minimal localStorage for the node test environment. */
function installStorage(): Map<string, string> {
  const values = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
      removeItem: (key: string) => values.delete(key),
    },
  });
  return values;
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

let storage: Map<string, string>;
beforeEach(() => {
  storage = installStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('calls the spec paths under the default base and version', () => {
    expect(API_BASE).toBe('/backend/api');
    expect(apiPaths.publicApi('/getProduct/7')).toBe('/api/v1/getProduct/7');
    expect(apiPaths.userApi('/login')).toBe('/api/user/v1/login');
  });

  it('sends the stored bearer token on authenticated calls only', async () => {
    storage.set(ACCESS_TOKEN_KEY, 'tok123');
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/x', { auth: true, schema: z.object({ ok: z.boolean() }) });
    await apiRequest('/y', { schema: z.object({ ok: z.boolean() }) });
    const headersOf = (call: number) => (fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers;
    expect(headersOf(0)).toMatchObject({ authorization: 'Bearer tok123' });
    expect(headersOf(1)).not.toHaveProperty('authorization');
  });

  it('treats any 2xx as success and returns the parsed body', async () => {
    vi.stubGlobal('fetch', answer(201, { id: 5 }));
    await expect(apiRequest('/x', { schema: z.object({ id: z.number() }) })).resolves.toEqual({ id: 5 });
  });

  it('turns an error answer into an ApiError carrying the message and field', async () => {
    vi.stubGlobal('fetch', answer(400, { message: 'phone: Invalid', field: 'phone' }));
    const error = await apiRequest('/x', { schema: z.unknown() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'phone: Invalid', field: 'phone' });
  });

  it('on a 401 clears the stale token and role and tells the app', async () => {
    storage.set(ACCESS_TOKEN_KEY, 'stale');
    storage.set(ROLE_KEY, 'customer');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    vi.stubGlobal('fetch', answer(401, { message: 'expired' }));
    await expect(apiRequest('/x', { auth: true, schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storage.has(ACCESS_TOKEN_KEY)).toBe(false);
    expect(storage.has(ROLE_KEY)).toBe(false);
    stop();
  });

  it('reports a failed connection as a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/x', { schema: z.unknown() })).rejects.toBeInstanceOf(NetworkError);
  });
});
