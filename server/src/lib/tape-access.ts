import { and, asc, inArray, ne } from 'drizzle-orm';
import { isStaff } from '../../../src/contract/roles.js';
import type { TapeStatus } from '../../../src/contract/tapes.js';
import type { Database } from '../db/client.js';
import { selfTapes } from '../db/schema.js';

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

/**
 * The self-tape of each of `applicationIds` whose every byte arrived (processing, ready or failed), the latest when
 * an applicant sent more than one: what the poster's list of applicants shows. One statement for a page.
 */
export async function tapesOfApplications(
  db: Database,
  applicationIds: number[],
): Promise<Map<number, { id: number; status: TapeStatus }>> {
  const tapes = new Map<number, { id: number; status: TapeStatus }>();
  if (applicationIds.length === 0) return tapes;
  const rows = await db
    .select({ id: selfTapes.id, applicationId: selfTapes.applicationId, status: selfTapes.status })
    .from(selfTapes)
    .where(and(inArray(selfTapes.applicationId, applicationIds), ne(selfTapes.status, 'uploading')))
    .orderBy(asc(selfTapes.id));
  for (const row of rows) tapes.set(row.applicationId!, { id: row.id, status: row.status });
  return tapes;
}
