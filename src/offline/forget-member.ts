import { forgetUserDeviceData } from '@/lib/device-data';
import { clearOwnerDrafts } from './drafts';
import { clearOwnerEntries } from './outbox';
import { ownerOfUser } from './outbox-types';
import { clearOwnerTapes } from './tapes';

/**
 * Forgets what a member left on this device besides the session and the query cache: edits not yet sent, drafts (the
 * profile's holds the date of birth, phone, address and guardian's contact), self-tapes not yet uploaded and refused
 * applications' notes. Run at logout and when the account is deleted: nothing of theirs stays on a shared phone.
 */
export async function forgetMemberOnDevice(userId: number): Promise<void> {
  await Promise.all([
    clearOwnerEntries(ownerOfUser(userId)),
    clearOwnerDrafts(ownerOfUser(userId)),
    clearOwnerTapes(ownerOfUser(userId)),
  ]);
  forgetUserDeviceData();
}
