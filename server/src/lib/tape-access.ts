import { and, asc, inArray, ne } from 'drizzle-orm';
import type { TapeStatus } from '../../../src/contract/tapes.js';
import type { Database } from '../db/client.js';
import { selfTapes } from '../db/schema.js';

/**
 * Who a tape is about: its owner, the user behind the profile that posted its role's call (none once deleted), and
 * the application that carries it (none until the actor sends it).
 */
export interface TapePeople {
  ownerId: number;
  posterUserId: number | null;
  applicationId: number | null;
}

/**
 * Tapes are private (docs/manual/self-tapes.md): only the actor who recorded one, the poster of the call once the
 * actor sent it with an application (a tape uploaded but not sent is the actor's alone), and the staff who look after
 * the member network (moderators and admins; not editors or shop managers) may see it. Everyone else is answered as
 * if there were no such tape.
 */
export function canSeeTape(tape: TapePeople, viewer: { id: number; role: string }): boolean {
  if (viewer.id === tape.ownerId) return true;
  if (tape.applicationId !== null && viewer.id === tape.posterUserId) return true;
  return viewer.role === 'moderator' || viewer.role === 'admin';
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
