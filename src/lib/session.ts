/** The session as the spec stores it: the access token under `useAccessToken`, the role under `role`. */
export const ACCESS_TOKEN_KEY = 'useAccessToken';
export const ROLE_KEY = 'role';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then runs signed out.
    return null;
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function getRole(): string | null {
  return storage()?.getItem(ROLE_KEY) ?? null;
}

export function saveSession(token: string, role: string): void {
  storage()?.setItem(ACCESS_TOKEN_KEY, token);
  storage()?.setItem(ROLE_KEY, role);
}

export function clearSession(): void {
  storage()?.removeItem(ACCESS_TOKEN_KEY);
  storage()?.removeItem(ROLE_KEY);
}
