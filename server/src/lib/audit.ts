import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/** Fields never written to the audit log, at any depth: secrets stay out of it. */
const SECRET_FIELDS = new Set(['password', 'password_hash', 'passwordHash', 'token', 'token_hash', 'tokenHash']);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_FIELDS.has(key))
        .map(([key, item]) => [key, withoutSecrets(item)]),
    );
  }
  return value;
}

export interface AuditEntryInput {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records a back-office write in the audit log, in the write's own transaction `tx`: the record commits with the
 * write or not at all. The actor is the request's signed-in user.
 */
export async function recordAudit(tx: Database, request: FastifyRequest, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: request.user?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : withoutSecrets(entry.before),
    after: entry.after === undefined ? null : withoutSecrets(entry.after),
  });
}
