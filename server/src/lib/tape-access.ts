import { isStaff } from '../../../src/contract/roles.js';

/** Who a tape is about: its owner, and the user behind the profile that posted its role's call (none once deleted). */
export interface TapePeople {
  ownerId: number;
  posterUserId: number | null;
}

/**
 * Tapes are private (docs/manual/self-tapes.md): only the actor who sent one, the poster of the call it was sent to,
 * and staff may see it. Everyone else is answered as if there were no such tape.
 */
export function canSeeTape(tape: TapePeople, viewer: { id: number; role: string }): boolean {
  return viewer.id === tape.ownerId || viewer.id === tape.posterUserId || isStaff(viewer.role);
}
