import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A raw statement written with Drizzle (its tables and columns, and a placeholder for each of the values `names`)
 * whose text is made once: each call gives back the same text with that call's values, which costs a few string
 * pieces instead of walking every table and column again. For the hot statements that run inside a transaction,
 * where Drizzle's `.prepare()` cannot serve (it prepares on the database, not on the transaction). See
 * docs/decisions/2026-11-26-keyed-writes-sent-together.md.
 */
export function builtOnce<Name extends string>(
  names: Name[],
  build: (placeholders: Record<Name, Placeholder<Name>>) => SQL,
): (values: Record<Name, unknown>) => SQL {
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)]));
  const { sql: text, params } = dialect.sqlToQuery(build(placeholders as Record<Name, Placeholder<Name>>));
  const pieces = text.split(/\$\d+\b/);
  if (pieces.length !== params.length + 1) {
    throw new Error(`A statement built once must hold no "$" but its parameters: ${text}`);
  }
  const strings = Object.assign([...pieces], { raw: pieces }) as unknown as TemplateStringsArray;
  return (values) => sql(strings, ...fillPlaceholders(params, values).map(asChunk));
}

/**
 * A value as a piece of the statement: a string, number, boolean or null as it is (Drizzle makes it a parameter
 * after one type check), anything else wrapped as a parameter. Each wrapped value cost Drizzle six class checks on
 * every call: under the bench's cart writes on PostgreSQL, Drizzle's share of the server's thread fell from 13% to 6%.
 */
function asChunk(value: unknown): unknown {
  const plain = value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  return plain ? value : sql.param(value);
}
