import { findErrorCode } from '../../src/contract/error-codes.js';

/**
 * A refusal's answer as the server writes it: its English and field, and the code (and params) its English names; a
 * Zod text the server prefixed with its field ("address: Invalid input: ...") names its code without the prefix.
 */
export function refusal<T extends { message: string }>(
  body: T,
): T & { code?: string; params?: Record<string, string> } {
  return { ...body, ...(findErrorCode(body.message) ?? findErrorCode(body.message.replace(/^[\w.]+: /, ''))) };
}
