import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { StaffUser, UserUpdate } from '../../../src/contract/admin.js';
import type { AuditEntry } from '../../../src/contract/audit.js';
import type { Role } from '../../../src/contract/roles.js';
import type { PageMeta } from '../../../src/contract/catalog.js';
import type { Database } from '../db/client.js';
import { auditLog, users } from '../db/schema.js';
import { likePattern } from '../lib/like-pattern.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts as staff manage them, and the audit log. */
    staffRepository: {
      listUsers(query: UserListQuery): Promise<{
        data: StaffUser[];
        meta: PageMeta;
      }>;
      /**
       * Changes an account's role or disables it, in `tx`, as `actorId`. The last active admin stays an admin and
       * enabled, and nobody disables themselves (409). Answers the account as it was and as it is.
       */
      updateUser(
        tx: Database,
        actorId: number,
        userId: number,
        update: UserUpdate,
      ): Promise<{ before: StaffUser; after: StaffUser }>;
      listAudit(query: { page: number; per_page: number; actor?: number; entity?: string }): Promise<{
        data: AuditEntry[];
        meta: PageMeta;
      }>;
    };
  }
}

/** A users page as the route has parsed it. */
interface UserListQuery {
  page: number;
  per_page: number;
  search?: string;
  role?: Role;
}

const staffUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  disabledAt: users.disabledAt,
  emailConfirmedAt: users.emailConfirmedAt,
  phoneConfirmedAt: users.phoneConfirmedAt,
  createdAt: users.createdAt,
};

type StaffUserRow = { [K in keyof typeof staffUserColumns]: (typeof users.$inferSelect)[K] };

function staffUserOf({ disabledAt, emailConfirmedAt, phoneConfirmedAt, createdAt, ...row }: StaffUserRow): StaffUser {
  return {
    ...row,
    disabled: disabledAt !== null,
    email_confirmed: emailConfirmedAt !== null,
    phone_confirmed: phoneConfirmedAt !== null,
    created_at: createdAt.toISOString(),
  };
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('staffRepository', {
      async listUsers({ search, role, page, per_page }) {
        const conditions: SQL[] = [];
        if (search) {
          const pattern = likePattern(search);
          conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))!);
        }
        if (role) conditions.push(eq(users.role, role));
        const where = conditions.length > 0 ? and(...conditions) : undefined;
        const [rows, [total]] = await Promise.all([
          db
            .select(staffUserColumns)
            .from(users)
            .where(where)
            .orderBy(desc(users.createdAt), desc(users.id))
            .limit(per_page)
            .offset((page - 1) * per_page),
          db.select({ value: count() }).from(users).where(where),
        ]);
        return { data: rows.map(staffUserOf), meta: { page, per_page, total: total?.value ?? 0 } };
      },

      async updateUser(tx, actorId, userId, update) {
        // The active admins, locked in id order: two admins demoting each other at once cannot both succeed.
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
          .orderBy(users.id)
          .for('update');
        const [current] = await tx.select(staffUserColumns).from(users).where(eq(users.id, userId)).for('update');
        if (!current) throw new HttpError(404, 'No such user');
        const before = staffUserOf(current);
        if (update.disabled === true && userId === actorId) {
          throw new HttpError(409, 'You cannot disable your own account', 'disabled');
        }
        const staysActiveAdmin = (update.role ?? before.role) === 'admin' && !(update.disabled ?? before.disabled);
        const isActiveAdmin = before.role === 'admin' && !before.disabled;
        if (isActiveAdmin && !staysActiveAdmin && admins.every((admin) => admin.id === userId)) {
          throw new HttpError(409, 'The last admin must stay an admin: make another account admin first', 'role');
        }
        const [updated] = await tx
          .update(users)
          .set({
            ...(update.role !== undefined ? { role: update.role } : {}),
            ...(update.disabled !== undefined
              ? { disabledAt: update.disabled ? (before.disabled ? current.disabledAt : sql`now()`) : null }
              : {}),
          })
          .where(eq(users.id, userId))
          .returning(staffUserColumns);
        return { before, after: staffUserOf(updated!) };
      },

      async listAudit({ page, per_page, actor, entity }) {
        const conditions: SQL[] = [];
        if (actor !== undefined) conditions.push(eq(auditLog.actorId, actor));
        if (entity) conditions.push(eq(auditLog.entity, entity));
        const where = conditions.length > 0 ? and(...conditions) : undefined;
        const [rows, [total]] = await Promise.all([
          db
            .select({
              id: auditLog.id,
              actorId: auditLog.actorId,
              actorName: users.name,
              at: auditLog.at,
              action: auditLog.action,
              entity: auditLog.entity,
              entityId: auditLog.entityId,
              before: auditLog.before,
              after: auditLog.after,
            })
            .from(auditLog)
            .leftJoin(users, eq(users.id, auditLog.actorId))
            .where(where)
            .orderBy(desc(auditLog.id))
            .limit(per_page)
            .offset((page - 1) * per_page),
          db.select({ value: count() }).from(auditLog).where(where),
        ]);
        return {
          data: rows.map((row) => ({
            id: row.id,
            actor_id: row.actorId,
            actor_name: row.actorName,
            at: row.at.toISOString(),
            action: row.action,
            entity: row.entity,
            entity_id: row.entityId,
            before: row.before,
            after: row.after,
          })),
          meta: { page, per_page, total: total?.value ?? 0 },
        };
      },
    });
  },
  { name: 'staff-repository', dependencies: ['database'] },
);
