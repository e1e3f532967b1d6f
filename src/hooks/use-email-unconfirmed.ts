import { useAppStore } from '@/lib/app-store';

/**
 * Whether the signed-in member has still to open the link that confirms their email (false while unknown): until
 * then the server refuses their messages, applications and calls, and the page says why instead.
 */
export function useEmailUnconfirmed(): boolean {
  // A phone confirmed by its code counts as a confirmed email does.
  return useAppStore(
    (state) =>
      state.signedIn && state.userProfile?.email_confirmed === false && state.userProfile.phone_confirmed !== true,
  );
}
