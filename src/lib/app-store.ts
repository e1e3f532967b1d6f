import { create } from 'zustand';
import type { SiteSettings } from '@/contract/site';
import type { User } from '@/contract/user';

/** Global client state of the spec: userProfile and siteSetting, each with a set and a clear action. */
export interface AppState {
  userProfile: User | null;
  siteSetting: SiteSettings | null;
  setUserProfile(profile: User): void;
  clearUserProfile(): void;
  setSiteSetting(settings: SiteSettings): void;
  clearSiteSetting(): void;
}

export const useAppStore = create<AppState>()((set) => ({
  userProfile: null,
  siteSetting: null,
  setUserProfile: (userProfile) => set({ userProfile }),
  clearUserProfile: () => set({ userProfile: null }),
  setSiteSetting: (siteSetting) => set({ siteSetting }),
  clearSiteSetting: () => set({ siteSetting: null }),
}));
