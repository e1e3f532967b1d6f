/**
 * The tokens the server gave this device when accounts signed in on it, by email. Sent with the next login of the
 * account, they let it in even while others are guessing its password from elsewhere. Kept at logout: they say the
 * device is the member's, not that anyone is signed in.
 */
export const DEVICE_TOKENS_KEY = 'cv-device-tokens';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(DEVICE_TOKENS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    // Storage blocked or spoilt: the device is new to every account.
    return {};
  }
}

export function deviceTokenFor(email: string): string | undefined {
  const token = read()[email.trim().toLowerCase()];
  return typeof token === 'string' ? token : undefined;
}

export function keepDeviceToken(email: string, token: string): void {
  try {
    window.localStorage.setItem(DEVICE_TOKENS_KEY, JSON.stringify({ ...read(), [email.toLowerCase()]: token }));
  } catch {
    // Storage blocked: the next login from here counts as a new device's.
  }
}
