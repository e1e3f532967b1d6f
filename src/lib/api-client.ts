/**
 * The one place that talks to the API over fetch. Base address from VITE_API_BASE (default same-origin
 * /backend/api), API version {v} = v1, bearer token from localStorage `useAccessToken`, success = 200-299.
 */
import type { z } from 'zod/mini';
import type { ApiTransport } from '@/contract/page-renderer';
import { loadRefusalWords, refusalText } from './refusals';
import { clearSession, getAccessToken } from './session';
import { errors_ui_request_failed } from '@/paraglide/messages/errors_ui_request_failed.js';

export const API_BASE = (import.meta.env.VITE_API_BASE ?? '/backend/api').replace(/\/+$/, '');
export const API_VERSION = import.meta.env.VITE_API_VERSION ?? 'v1';

/** Paths of the spec's call table: public shop calls carry /api/{v}, user calls /api/user/{v}. */
export const apiPaths = {
  homeData: '/getHomeData',
  publicApi: (path: string) => `/api/${API_VERSION}${path}`,
  userApi: (path: string) => `/api/user/${API_VERSION}${path}`,
};

/**
 * An answer outside 200-299, with the field at fault when it names one, and the refusal's `code` and `params`.
 * `message` is in the page's language (the words of the code), `serverMessage` the server's English as it came.
 */
export class ApiError extends Error {
  readonly serverMessage: string;

  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
    readonly params?: Record<string, string>,
  ) {
    super(refusalText(message, code, params));
    this.name = 'ApiError';
    this.serverMessage = message;
  }
}

/** The request never reached the server or no answer came back (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The network is unavailable', { cause });
    this.name = 'NetworkError';
  }
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The app decides what a 401 means for the user (navigate home, tell them); the client only reports it. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored bearer token. */
  auth?: boolean;
  /** Validates the answer; a server that drifts from the contract fails loudly here, not deep in a component. */
  schema: z.ZodMiniType<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: created once per user action, so a retried request never repeats its effect. */
  idempotencyKey?: string;
  /** The answer is text (a CSV file), given to `schema` as it came. */
  text?: boolean;
}

let send: ApiTransport = (url, init) => fetch(url, init);

/** Replaces the transport: the server renders a page by answering the app's calls itself, in the same process. */
export function setApiTransport(transport: ApiTransport): void {
  send = transport;
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // A form (an image upload) is sent as multipart, with the boundary the browser writes into its own content type.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const sentToken = options.auth ? getAccessToken() : null;
  if (sentToken) headers.authorization = `Bearer ${sentToken}`;
  let response: Response;
  try {
    response = await send(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  const body = await response.text().catch(() => '');
  // A refusal is shown in the page's language: its words are loaded before it is read.
  if (response.status >= 400) await loadRefusalWords();
  return readAnswer(response.status, body, sentToken, options);
}

/**
 * A file the API serves to the signed-in user alone (a tax invoice's PDF), as a Blob: a plain link carries no token.
 * A refusal throws the ApiError `apiRequest` throws.
 */
export async function apiFile(path: string): Promise<Blob> {
  const sentToken = getAccessToken();
  let response: Response;
  try {
    response = await send(`${API_BASE}${path}`, {
      method: 'GET',
      headers: sentToken ? { authorization: `Bearer ${sentToken}` } : {},
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status >= 200 && response.status <= 299) return response.blob();
  await loadRefusalWords();
  const body = await response.text().catch(() => '');
  return readAnswer(response.status, body, sentToken, { schema: { parse: () => new Blob() } as never });
}

/** What an answer says: the parsed body of a 2xx, or an ApiError with the server's message, field and code. */
export function readAnswer<T>(
  status: number,
  body: string,
  sentToken: string | null,
  options: Pick<RequestOptions<T>, 'schema' | 'text'>,
): T {
  const ok = status >= 200 && status <= 299;
  if (ok && options.text) return options.schema.parse(body);
  let payload: unknown;
  try {
    payload = body ? JSON.parse(body) : null;
  } catch {
    payload = null;
  }
  if (!ok) {
    const { message, field, code, params } = (payload ?? {}) as Record<string, unknown>;
    // Only a call that sent the stored token can find it rejected: a 401 from login means a wrong password, and a
    // call still in flight when the user logged out (or sent without a token) ends no session.
    if (status === 401 && sentToken && getAccessToken() === sentToken) {
      // Unlike the original client, the rejected token is dropped: kept, it would send every later call home again.
      clearSession();
      unauthorizedListener?.();
    }
    throw new ApiError(
      status,
      typeof message === 'string' ? message : errors_ui_request_failed({ status }),
      typeof field === 'string' ? field : undefined,
      typeof code === 'string' ? code : undefined,
      params && typeof params === 'object' ? (params as Record<string, string>) : undefined,
    );
  }
  return options.schema.parse(payload);
}
