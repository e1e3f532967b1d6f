import type { QueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@/contract/profiles';
import type { OutboxKind } from '@/offline/outbox-types';
import { myProfileKeys, profileKeys } from './profile-keys';
import { profile_edit_not_kept } from '@/paraglide/messages/profile_edit_not_kept.js';
import { profile_edit_not_saved_title } from '@/paraglide/messages/profile_edit_not_saved_title.js';
import { profile_edit_saved_message } from '@/paraglide/messages/profile_edit_saved_message.js';
import { profile_edit_saved_title } from '@/paraglide/messages/profile_edit_saved_title.js';

/**
 * A profile edit saved while offline: the whole profile as the member last wrote it (`PUT /me/profile` replaces it),
 * so a newer edit replaces a queued one that was never tried. Sent once, with the key made when they pressed Save
 (also when the save was tried online first: the server may have it, and answers as it did).
 */
export const profileOutbox: OutboxKind<ProfileInput, { queryClient: QueryClient }> = {
  name: 'profile',
  owner: 'user',
  laneOf: () => 'profile',
  merge: (_previous, next) => ({ type: 'replace', payload: next }),
  async send(input, { idempotencyKey, context }) {
    // Loaded when there is an edit to send: the profile's schemas stay out of every visitor's start.
    const { saveMyProfile } = await import('./save-my-profile');
    const saved = await saveMyProfile(input, idempotencyKey);
    // A read of the profile sent as the network came back, before this save landed, would answer the old profile
    // after it and put it back on the page: it is cancelled, and the answer to the save is the profile.
    await context.queryClient.cancelQueries({ queryKey: myProfileKeys.profile() });
    context.queryClient.setQueryData(myProfileKeys.profile(), saved);
  },
  settled(_run, context) {
    void context.queryClient.invalidateQueries({ queryKey: profileKeys.all() });
  },
  delivered: () => ({ title: profile_edit_saved_title(), message: profile_edit_saved_message() }),
  refusal: (_input, reason) => ({ title: profile_edit_not_saved_title(), message: reason }),
  // Read when shown, in the page's language.
  get notKept() {
    return profile_edit_not_kept();
  },
};
