import { create } from 'zustand';
import type { SiteSettings } from '@/contract/site';
import type { User } from '@/contract/user';
import { clearSession, getAccessToken, saveSession } from './session';

/**
 * Global client state of the spec: userProfile and siteSetting, each with a set and a clear action; plus whether a
 * token is stored, so that signing in or out re-renders what depends on it.
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
  siteSetting: SiteSettings | null;
  setUserProfile(profile: User): void;
  clearUserProfile(): void;
  setSiteSetting(settings: SiteSettings): void;
  clearSiteSetting(): void;
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
  siteSetting: null,
  setUserProfile: (userProfile) => set({ userProfile }),
  clearUserProfile: () => set({ userProfile: null }),
  setSiteSetting: (siteSetting) => set({ siteSetting }),
  clearSiteSetting: () => set({ siteSetting: null }),
}));
