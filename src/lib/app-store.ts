import { create } from 'zustand';
import type { User } from '@/contract/user';
import { clearSession, getAccessToken, saveSession } from './session';

/**
 * Global client state: the signed-in user's profile, and whether a token is stored, so that signing in or out
 * re-renders what depends on it. (The spec's other global state, siteSetting, is the cached home data's
 * `site_settings`, provided by the settings gate: `useSiteSettings`, src/lib/site-settings-context.ts.)
 */
export interface AppState {
  signedIn: boolean;
  /**
   * Reads whether a token is stored. The store starts signed out, as the server renders every page, so that a
   * server-rendered page hydrates against the same state; the app calls this once before it renders.
   */
  restoreSession(): void;
  /** Stores the token and role (the spec's keys) and the user. */
  signIn(token: string, user: User): void;
  /** Forgets the token, the role and the user. */
  signOut(): void;
  userProfile: User | null;
  setUserProfile(profile: User): void;
}

export const useAppStore = create<AppState>()((set) => ({
  signedIn: false,
  restoreSession: () => set({ signedIn: getAccessToken() !== null }),
  signIn: (token, user) => {
    saveSession(token, user.role);
    set({ signedIn: true, userProfile: user });
  },
  signOut: () => {
    clearSession();
    set({ signedIn: false, userProfile: null });
  },
  userProfile: null,
  setUserProfile: (userProfile) => set({ userProfile }),
}));
